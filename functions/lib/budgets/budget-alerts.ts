import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Budgets } from '../../../shared/api/budgets.js';
import { formatAmount, type RateTable } from '../../../shared/domain/currency.js';
import { todayIn } from '../../../shared/domain/dates.js';
import { monthBounds, monthLabel, nextPassedBudget } from '../../../shared/domain/insights.js';
import { paymentsBySubscription } from '../../../shared/domain/payments.js';
import { countedSubscriptions } from '../../../shared/domain/sharing/share-totals.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { createLogger } from '../chassis/log.js';
import { nowIso, tableName } from '../chassis/table.js';
import { budgetPassedEmail } from '../email/budget-email.js';
import { EmailSuppressedError, sendEmail } from '../email/email.js';
import { subscriptionsSeenBy } from '../sharing/shared-view.js';
import { listAllPayments } from '../subscriptions/payments.js';
import type { UserItem } from '../users/user-item.js';
import { budgetKeys } from './keys.js';

const log = createLogger({ area: 'budgets' });

/** Alert markers are kept this long after their month, then DynamoDB's TTL removes them. */
const MARKER_DAYS = 62;

/** When the marker of `month`'s alert expires: MARKER_DAYS after that month's last day (a month up to 12 ahead keeps its marker till then). */
function markerExpiry(month: string): number {
  return Math.floor(Date.parse(`${monthBounds(month).last}T00:00:00Z`) / 1000) + MARKER_DAYS * 86_400;
}

/**
 * Takes the one e-mail of a budget and month: a conditional put of its marker, so however many
 * checks run at once, exactly one of them sends it. True for the check that took it.
 */
async function claimAlert(userId: string, month: string, budget: string): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...budgetKeys.budgetAlert(userId, month, budget), sentAt: nowIso(), expiresAt: markerExpiry(month) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Finds the soonest month, this one (in the user's time zone) or one of the next 12, whose projected
 * spend passes a budget (issue 35 §2.3: the dashboard's warning names the same month; a renewal recorded
 * skipped counts nothing and one recorded paid the amount charged, decision 0128) and sends the
 * one e-mail of each budget that month passes (issue 24 §5), to a verified address. Nothing here fails the
 * request that asked: a failed send is logged, and its marker stays (no second e-mail for the month).
 */
export async function alertPassedBudgets(user: UserItem, budgets: Budgets, at: Date, rates?: RateTable): Promise<void> {
  if (budgets.monthly === null && budgets.categories.length === 0) return;
  if (!user.email || !user.emailVerified) return;
  try {
    const today = todayIn(user.timeZone ?? 'UTC', at);
    // The subscriptions as the dashboard's warning counts them: the user's own and those shared with them, each
    // shared one at the user's share (issue 26; the 'Count full price' switch is this browser's, off by default);
    // what was recorded paid or skipped counts as the payments say (issue 35 §1), as on /insights.
    const [seen, payments] = await Promise.all([subscriptionsSeenBy(user.id), listAllPayments(user.id)]);
    const subscriptions = countedSubscriptions(seen);
    const ahead = nextPassedBudget(budgets, subscriptions, today, rates, paymentsBySubscription(payments));
    if (!ahead) return;
    const { month, passed } = ahead;
    for (const check of passed) {
      if (!(await claimAlert(user.id, month, check.key))) continue;
      await sendEmail(
        budgetPassedEmail({
          to: user.email,
          username: user.displayName || user.username,
          budgetName: check.key === 'overall' ? 'Your monthly budget' : `Your ${check.name}`,
          monthLabel: monthLabel(month, 'long'),
          budget: formatAmount(check.limit, check.currency),
          projected: formatAmount(check.projected, check.currency),
        }),
      ).catch((error: unknown) => {
        if (error instanceof EmailSuppressedError) return;
        throw error;
      });
    }
  } catch (error) {
    log.error('The budget check failed', { error: error instanceof Error ? error.message : String(error) });
  }
}
