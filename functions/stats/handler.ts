import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { statsMessages, statsRoutes } from '../../shared/api/stats.js';
import { isCurrency } from '../../shared/domain/currency.js';
import { currencyStats } from '../../shared/domain/currency-stats.js';
import { todayIn } from '../../shared/domain/dates.js';
import { landingStats } from '../../shared/domain/landing-counters.js';
import { createReadingTokenApiHandler } from '../lib/auth/token-sign-in.js';
import { dynamo } from '../lib/chassis/aws.js';
import { now } from '../lib/chassis/clock.js';
import { config } from '../lib/chassis/config.js';
import { badRequest } from '../lib/chassis/errors.js';
import { tableName } from '../lib/chassis/table.js';
import { currentRates } from '../lib/rates/stored-rates.js';
import { ownSubscription, sharedWithMe } from '../lib/sharing/shared-view.js';
import { statsKeys } from '../lib/stats/keys.js';
import { listSubscriptions } from '../lib/subscriptions/subscriptions.js';

/**
 * GET /api/stats: the landing counters, one item kept by atomic counters (DESIGN §4 'counters'), shown
 * once there are LANDING_COUNTERS_MIN_USERS accounts (shared/domain/landing-counters.ts `landingStats`);
 * with `?currency=`, the signed-in user's own figures in that currency (issue 24 §1). GET /api/rates:
 * the rates the totals are converted with.
 */
export const handler = createReadingTokenApiHandler(statsRoutes, {
  landingStats: async ({ query, signIn }) => {
    if (query.currency !== undefined) {
      const user = await signIn();
      const currency = query.currency.trim().toUpperCase();
      if (!isCurrency(currency)) throw badRequest(statsMessages.invalidCurrency);
      // The user's own subscriptions and those shared with them, each counted at the user's share (issue 26).
      const [items, shared, rates] = await Promise.all([listSubscriptions(user.id), sharedWithMe(user.id), currentRates()]);
      return currencyStats([...items.map(ownSubscription), ...shared.subscriptions], todayIn(user.timeZone, now()), currency, rates);
    }
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: statsKeys.counters() }));
    // Never below 0: a table whose counters predate the decrements (functions/lib/stats/counters.ts) can dip under.
    const counter = (name: string) => Math.max(0, Number(Item?.[name] ?? 0) || 0);
    const counts = {
      totalUsers: counter('totalUsers'),
      totalSubscriptions: counter('totalSubscriptions'),
      moneySaved: Math.round(counter('moneySaved') * 100) / 100,
    };
    return landingStats(counts, config().LANDING_COUNTERS_MIN_USERS);
  },
  rates: () => currentRates(),
});
