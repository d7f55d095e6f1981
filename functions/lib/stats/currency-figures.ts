import { type CurrencyStats, statsMessages } from '../../../shared/api/stats.js';
import { isCurrency } from '../../../shared/domain/currency.js';
import { currencyStats } from '../../../shared/domain/currency-stats.js';
import { todayIn } from '../../../shared/domain/dates.js';
import { now } from '../chassis/clock.js';
import { badRequest } from '../chassis/errors.js';
import { currentRates } from '../rates/stored-rates.js';
import { subscriptionsSeenBy } from '../sharing/shared-view.js';
import type { UserItem } from '../users/user-item.js';

/**
 * A user's figures in a currency (issue 24 §1): GET /api/stats?currency= and the MCP endpoint's totals (issue 37 §4)
 * answer these. Their own subscriptions and those shared with them, each counted at the user's share (issue 26),
 * converted at the current rates, as of the user's today. An unknown currency is a 400 with the stats' message.
 */
export async function currencyFigures(user: UserItem, typed: string): Promise<CurrencyStats> {
  const currency = typed.trim().toUpperCase();
  if (!isCurrency(currency)) throw badRequest(statsMessages.invalidCurrency);
  const [subscriptions, rates] = await Promise.all([subscriptionsSeenBy(user.id), currentRates()]);
  return currencyStats(subscriptions, todayIn(user.timeZone, now()), currency, rates);
}
