import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { statsRoutes } from '../../shared/api/stats.js';
import { landingStats } from '../../shared/domain/landing-counters.js';
import { createReadingTokenApiHandler } from '../lib/auth/token-sign-in.js';
import { dynamo } from '../lib/chassis/aws.js';
import { config } from '../lib/chassis/config.js';
import { tableName } from '../lib/chassis/table.js';
import { currentRates } from '../lib/rates/stored-rates.js';
import { currencyFigures } from '../lib/stats/currency-figures.js';
import { statsKeys } from '../lib/stats/keys.js';

/**
 * GET /api/stats: the landing counters, one item kept by atomic counters (DESIGN §4 'counters'), shown
 * once there are LANDING_COUNTERS_MIN_USERS accounts (shared/domain/landing-counters.ts `landingStats`);
 * with `?currency=`, the signed-in user's own figures in that currency (issue 24 §1). GET /api/rates:
 * the rates the totals are converted with.
 */
export const handler = createReadingTokenApiHandler(statsRoutes, {
  landingStats: async ({ query, signIn }) => {
    if (query.currency !== undefined) {
      return currencyFigures(await signIn(), query.currency);
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
