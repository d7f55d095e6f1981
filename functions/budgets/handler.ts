import { budgetMessages, budgetRoutes } from '../../shared/api/budgets.js';
import { effectiveMembership } from '../../shared/domain/membership.js';
import { hasPremiumInsights } from '../../shared/domain/roles.js';
import { createTokenApiHandler } from '../lib/auth/token-writes.js';
import { alertPassedBudgets } from '../lib/budgets/budget-alerts.js';
import { readBudgets, writeBudgets } from '../lib/budgets/budgets.js';
import { now } from '../lib/chassis/clock.js';
import { HttpError } from '../lib/chassis/errors.js';
import { membershipOf } from '../lib/membership/membership.js';
import { currentRates } from '../lib/rates/stored-rates.js';
import type { UserItem } from '../lib/users/user-item.js';

/** Budgets are Premium's (SPEC §9 'Budget planning'): any other effective role is told how to get them. */
function requirePremium(user: UserItem): void {
  if (!hasPremiumInsights(effectiveMembership(membershipOf(user), now()).role)) throw new HttpError(403, budgetMessages.premiumOnly);
}

/**
 * The budgets area (issue 24 §5). Reading and saving both check this month's projected spend against
 * each budget and send the one e-mail of a budget it passes, if not sent yet this month
 * (docs/decisions/*-budget-alerts.md): the dashboard reads the budgets on every visit and after
 * every change of a subscription, so the check runs whenever the month's figures can have moved.
 */
export const handler = createTokenApiHandler(budgetRoutes, {
  getBudgets: async ({ user }) => {
    requirePremium(user);
    const budgets = await readBudgets(user.id, user.currencyPreference ?? 'USD');
    await alertPassedBudgets(user, budgets, now(), await currentRates());
    return budgets;
  },

  saveBudgets: async ({ user, body }) => {
    requirePremium(user);
    const budgets = await writeBudgets(user.id, {
      monthly: body.monthly,
      currency: body.currency,
      categories: body.categories.map(({ category, monthly }) => ({ category, monthly })),
    });
    await alertPassedBudgets(user, budgets, now(), await currentRates());
    return budgets;
  },
});
