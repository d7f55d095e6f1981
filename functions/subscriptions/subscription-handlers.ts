import { type Payment, paymentMessages, paymentRoutes } from '../../shared/api/payments.js';
import { reminderRuleMessages, reminderRuleRoutes, type SubscriptionReminderRules } from '../../shared/api/reminders.js';
import type { SubscriptionStatus } from '../../shared/api/subscription.js';
import {
  subscriptionMessages as messages,
  type SubscriptionBody,
  subscriptionLimitMessage,
  subscriptionRoutes,
} from '../../shared/api/subscriptions.js';
import {
  anchorDayOf,
  applyPriceEdit,
  MAX_PRICE_CHANGES,
  nextRenewal,
  priceHistoryOf,
  tooManyPricesMessage,
} from '../../shared/domain/billing.js';
import { normalizeCurrency } from '../../shared/domain/currency.js';
import { parseCalendarDate, todayIn } from '../../shared/domain/dates.js';
import { effectiveMembership } from '../../shared/domain/membership.js';
import { dueDateAfterPayment, isRecordableRenewal, isRenewalDate, lifetimeSpend, paymentFor } from '../../shared/domain/payments.js';
import { hasCustomReminderRules } from '../../shared/domain/reminders/rules.js';
import { monthlyAmount } from '../../shared/domain/subscription-costs.js';
import { subscriptionLimit } from '../../shared/domain/subscription-limits.js';
import { isPurged } from '../../shared/domain/subscription-rules.js';
import { now } from '../lib/chassis/clock.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/chassis/errors.js';
import type { AreaHandlers } from '../lib/chassis/http.js';
import { AGAIN, retryUntil } from '../lib/chassis/retry.js';
import { membershipOf } from '../lib/membership/membership.js';
import { currentRates } from '../lib/rates/stored-rates.js';
import { channelIdsOf, reminderRulesInForce, requireOwnChannels, withDistinctChannels } from '../lib/reminders/reminder-rules.js';
import { ownSubscription, priceEditProblem, sharedWithMe } from '../lib/sharing/shared-view.js';
import { deleteMembership, releaseSubscription, setSharingExpiry } from '../lib/sharing/sharing-store.js';
import { addToCounters } from '../lib/stats/counters.js';
import { deletePayments, listAllPayments, listPayments, recordPayment, setPaymentsExpiry } from '../lib/subscriptions/payments.js';
import {
  createSubscription,
  deleteSubscriptionForever,
  getStoredSubscription,
  getSubscription,
  isSubscriptionId,
  listSubscriptionPage,
  purgeAt,
  SUBSCRIPTION_COUNT,
  type SubscriptionFields,
  type SubscriptionItem,
  SubscriptionLimitError,
  toSubscription,
  transition,
} from '../lib/subscriptions/subscriptions.js';
import { withLogo } from '../lib/subscriptions/with-logo.js';
import { type ActivityDetails, recordActivity, recordRepeatableActivity } from '../lib/users/activity.js';
import type { UserItem } from '../lib/users/user-item.js';

/**
 * What a canceled subscription added to the landing counters' moneySaved, kept on it so that exactly
 * that comes off again if it becomes active (an edit of a canceled subscription changes its amount).
 */
const SAVED_MONTHLY = 'savedMonthly';
const roundedMonthly = (subscription: SubscriptionItem) => Math.round(monthlyAmount(subscription) * 100) / 100;
/** What a subscription's cancellation added to moneySaved: 0 unless it was canceled (older ones: their monthly amount). */
function savedMonthly(subscription: SubscriptionItem): number {
  const stored = (subscription as SubscriptionItem & { [SAVED_MONTHLY]?: unknown })[SAVED_MONTHLY];
  if (typeof stored === 'number') return stored;
  return subscription.status === 'canceled' ? roundedMonthly(subscription) : 0;
}

/** The day of a calendar date: a subscription's anchor (issue 24 §3). */
const dayOf = (date: string) => parseCalendarDate(date)?.day ?? 1;

/**
 * The stored fields of a new subscription (issue 24): in the currency it names, else the user's
 * display currency; one price, in force from its first due date (or today when that is later); anchored
 * on its due date's day.
 */
function createdFields(body: SubscriptionBody, currencyPreference: string): SubscriptionFields {
  const { effectiveFrom: _ignored, ...fields } = body;
  const currency = body.currency ?? normalizeCurrency(currencyPreference);
  const today = todayIn('UTC', now());
  const effectiveFrom = body.dueDate < today ? body.dueDate : today;
  return {
    ...fields,
    url: body.url ?? null,
    currency,
    priceHistory: [{ amount: body.amount, currency, effectiveFrom }],
    anchorDay: dayOf(body.dueDate),
  };
}

/**
 * The stored fields after an edit (issue 24 §2, §3): with `effectiveFrom`, the new price is a price
 * change from that day; without, a correction of the latest price. A new due date sets a new anchor day;
 * the same one keeps the anchor it had.
 */
function editedFields(body: SubscriptionBody, current: SubscriptionItem): SubscriptionFields {
  const { effectiveFrom, ...fields } = body;
  const currency = body.currency ?? current.currency ?? 'USD';
  const history = priceHistoryOf(current);
  const latest = history.at(-1);
  const priceChanged = !latest || latest.amount !== body.amount || latest.currency !== currency;
  const priceHistory = priceChanged ? applyPriceEdit(history, { amount: body.amount, currency }, effectiveFrom) : history;
  // A history that grew past the bound (issue 34 §6); a correction of the latest price never grows it.
  if (priceHistory.length > Math.max(MAX_PRICE_CHANGES, history.length)) throw badRequest(tooManyPricesMessage);
  const newest = priceHistory.at(-1) ?? { amount: body.amount, currency };
  return {
    ...fields,
    // An edit without the field keeps the website (issue 36 §2, docs/decisions/0136-a-website-per-subscription.md).
    url: body.url === undefined ? (current.url ?? null) : body.url,
    amount: newest.amount,
    currency: newest.currency,
    priceHistory,
    anchorDay: body.dueDate === current.dueDate ? anchorDayOf(current) : dayOf(body.dueDate),
  };
}

/**
 * Applies one status transition of SPEC §4: 404 for an id the user does not own (or one purged from
 * the trash), 409 when the current status does not allow it. A change that lands between the read
 * and the write makes it read again and apply `change` to what is there then.
 */
async function applyTransition(
  userId: string,
  id: string,
  from: readonly SubscriptionStatus[],
  refused: string,
  change: (current: SubscriptionItem) => { set: Record<string, unknown>; remove?: string[] },
): Promise<SubscriptionItem> {
  // Other changes may keep winning the race to it (the retry helper's 'changed' kind).
  return retryUntil(
    'changed',
    'a status transition',
    async () => {
      const current = await getSubscription(userId, id);
      if (!current) throw notFound(messages.notFound);
      if (!from.includes(current.status)) throw conflict(refused);
      const { set, remove } = change(current);
      return (await transition(current, from, set, remove)) ?? AGAIN;
    },
    undefined,
    { exhausted: () => conflict(refused) },
  );
}

/** An entry of the user's activity log about one subscription: its id and name, and what else the staff need. */
function recordSubscriptionActivity(
  user: { id: string; username: string },
  actionType: string,
  subscription: { id: string; name: string },
  details: ActivityDetails = {},
) {
  return recordActivity(user.id, actionType, user.username, { subscriptionId: subscription.id, name: subscription.name, ...details });
}

/**
 * Moves an active subscription's due date past a renewal recorded paid (shared/domain/payments.ts
 * `dueDateAfterPayment`), through the one transition write Renew uses, and logs it as Renew does. Read
 * again inside the transition: a second mark of the same renewal, or a Renew that got there first,
 * finds the due date past it and writes nothing. One canceled or trashed meanwhile keeps its due date
 * (the payment stands).
 */
async function moveOnPast(user: UserItem, id: string, payment: Pick<Payment, 'dueDate' | 'status'>): Promise<void> {
  let moved = false;
  const updated = await retryUntil(
    'changed',
    'moving a due date past a paid renewal',
    async () => {
      const current = await getSubscription(user.id, id);
      const dueDate = current && dueDateAfterPayment(current, payment.dueDate, payment.status);
      if (!current || !dueDate) return null;
      const written = await transition(current, ['active'], { dueDate });
      moved = Boolean(written);
      return written ?? AGAIN;
    },
    undefined,
    { exhausted: () => conflict(messages.cannotRenew) },
  );
  if (moved && updated) await recordSubscriptionActivity(user, 'subscription_renewed', updated, { dueDate: updated.dueDate });
}

/** The role in effect now: what may set reminder rules (as functions/reminders/handler.ts decides for channels). */
const roleNow = (user: UserItem) => effectiveMembership(membershipOf(user), now()).role;

/**
 * A subscription's reminders (issue 25 §1): its own rules, else the account's, else SPEC's; editable by
 * VIP and Premium while it is not in the trash (docs/decisions/0095-reminder-rules-trash-and-channels.md).
 */
function subscriptionReminders(
  user: UserItem,
  subscription: SubscriptionItem,
  channels: { id: string; enabled: boolean }[],
): SubscriptionReminderRules {
  const role = roleNow(user);
  const { source, rules } = reminderRulesInForce({ ...user, role }, subscription.reminderRules, channels);
  return { rules, source, editable: hasCustomReminderRules(role) && subscription.status !== 'deleted' };
}

/** The subscriptions area's own routes (SPEC §7 'Subscriptions'), with their payments and reminders. */
export const subscriptionAreaRoutes = {
  ...subscriptionRoutes,
  ...paymentRoutes,
  getSubscriptionReminders: reminderRuleRoutes.getSubscriptionReminders,
  saveSubscriptionReminders: reminderRuleRoutes.saveSubscriptionReminders,
} as const;

/**
 * Their handlers; every id is looked up under the caller's own partition. The subscriptions function serves them
 * (./handler.ts), and the MCP function calls the ones its tools write with (functions/mcp/handler.ts).
 */
export const subscriptionHandlers: AreaHandlers<typeof subscriptionAreaRoutes, UserItem> = {
  listSubscriptions: async ({ user, query }) => {
    if (query.after !== undefined && !isSubscriptionId(query.after)) throw badRequest(messages.pageCursorInvalid);
    const own = (await listSubscriptionPage(user.id, query.after)).map((item) => withLogo(ownSubscription(item), item));
    // The subscriptions others share with the caller come once, after the own ones of the first page (issue 26).
    if (query.after !== undefined) return own;
    const shared = await sharedWithMe(user.id);
    await Promise.all(shared.dangling.map(deleteMembership));
    // A shared one shows the logo its payer's subscription shows.
    return [...own, ...shared.subscriptions.map((subscription) => withLogo(subscription, shared.storedLogos.get(subscription.id)))];
  },

  createSubscription: async ({ user, body }) => {
    // The ceiling of the membership as it stands now (shared/domain/subscription-limits.ts).
    const role = effectiveMembership(membershipOf(user), now()).role;
    const created = await createSubscription(user.id, createdFields(body, user.currencyPreference), subscriptionLimit(role)).catch(
      (error: unknown) => {
        if (error instanceof SubscriptionLimitError) throw new HttpError(403, subscriptionLimitMessage(role));
        throw error;
      },
    );
    await recordSubscriptionActivity(user, 'subscription_created', created);
    return withLogo(toSubscription(created), created);
  },

  updateSubscription: async ({ user, body, params }) => {
    let changed: string[] = [];
    const updated = await applyTransition(user.id, params.id, ['active', 'canceled'], messages.cannotEdit, (current) => {
      const fields = editedFields(body, current);
      // A shared subscription's new price or currency must still split (issue 26: fixed shares).
      const shareProblem = priceEditProblem(current, fields.amount, fields.currency);
      if (shareProblem) throw badRequest(shareProblem);
      // The fields the user sent that differ from what was stored (a price change shows as 'amount').
      const stored = toSubscription(current);
      changed = Object.keys(body)
        .filter((field) => field !== 'effectiveFrom')
        .filter(
          (field) => JSON.stringify(fields[field as keyof SubscriptionFields]) !== JSON.stringify(stored[field as keyof typeof stored]),
        );
      return { set: { ...fields } };
    });
    if (changed.length > 0) {
      await recordRepeatableActivity(user.id, 'subscription_updated', user.username, {
        subscriptionId: updated.id,
        name: updated.name,
        fields: changed.join(', '),
      });
    }
    return withLogo(ownSubscription(updated), updated);
  },

  deleteSubscription: async ({ user, params }) => {
    const deletedAt = now();
    const expiresAt = purgeAt(deletedAt);
    const updated = await applyTransition(user.id, params.id, ['active', 'canceled'], messages.cannotDelete, () => ({
      set: { status: 'deleted', deletedAt: deletedAt.toISOString(), expiresAt },
    }));
    // Its payments and its sharing items go into the trash with it: TTL purges them together (issue 34 §12).
    await setPaymentsExpiry(user.id, updated.id, expiresAt);
    await setSharingExpiry(updated, expiresAt);
    await addToCounters({ totalSubscriptions: -1 });
    await recordSubscriptionActivity(user, 'subscription_deleted', updated, { permanent: false });
    return withLogo(ownSubscription(updated), updated);
  },

  deleteSubscriptionPermanently: async ({ user, params }) => {
    // As stored: one past its 30 days that the TTL has not removed yet still goes, with what shares it (issue 34 §12).
    const current = await getStoredSubscription(user.id, params.id);
    if (!current) throw notFound(messages.notFound);
    // The profile's count never counted one past its 30 days out: it may stay too high (a recount corrects it), never too low.
    const gone = current.status === 'deleted' && isPurged(current.deletedAt, now());
    const counted = !gone && typeof (user as { [SUBSCRIPTION_COUNT]?: unknown })[SUBSCRIPTION_COUNT] === 'number';
    if (current.status !== 'deleted' || !(await deleteSubscriptionForever(user.id, params.id, counted))) {
      throw conflict(messages.cannotDeleteForever);
    }
    await deletePayments(user.id, params.id);
    // Its members' shares and its open invitations go with it (issue 26).
    await releaseSubscription(current);
    await recordSubscriptionActivity(user, 'subscription_deleted', current, { permanent: true });
    return { message: messages.deletedForever };
  },

  recoverSubscription: async ({ user, params }) => {
    let saved = 0;
    const updated = await applyTransition(user.id, params.id, ['deleted'], messages.cannotRecover, (current) => {
      saved = savedMonthly(current);
      return {
        set: { status: 'active', deletedAt: null },
        remove: ['expiresAt', SAVED_MONTHLY],
      };
    });
    await setPaymentsExpiry(user.id, updated.id, null);
    await setSharingExpiry(updated, null);
    await addToCounters({ totalSubscriptions: 1, moneySaved: -saved });
    await recordSubscriptionActivity(user, 'subscription_recovered', updated);
    return withLogo(ownSubscription(updated), updated);
  },

  renewSubscription: async ({ user, params }) => {
    let renewed: SubscriptionItem | undefined;
    const updated = await applyTransition(user.id, params.id, ['active'], messages.cannotRenew, (current) => {
      renewed = current;
      const dueDate = nextRenewal(current);
      return { set: { dueDate } };
    });
    // The renewal it moved past is paid, at the price in force then, unless the user already marked it.
    if (renewed) {
      await recordPayment(user.id, updated.id, paymentFor(toSubscription(renewed), renewed.dueDate, 'paid'), { onlyIfNew: true });
    }
    await recordSubscriptionActivity(user, 'subscription_renewed', updated, { dueDate: updated.dueDate });
    return withLogo(ownSubscription(updated), updated);
  },

  cancelSubscription: async ({ user, params }) => {
    let saved = 0;
    const updated = await applyTransition(user.id, params.id, ['active'], messages.cannotCancel, (current) => {
      saved = roundedMonthly(current);
      return { set: { status: 'canceled', [SAVED_MONTHLY]: saved } };
    });
    await addToCounters({ moneySaved: saved });
    await recordSubscriptionActivity(user, 'subscription_canceled', updated);
    return withLogo(ownSubscription(updated), updated);
  },

  reactivateSubscription: async ({ user, params }) => {
    let saved = 0;
    const updated = await applyTransition(user.id, params.id, ['canceled'], messages.cannotReactivate, (current) => {
      saved = savedMonthly(current);
      return { set: { status: 'active' }, remove: [SAVED_MONTHLY] };
    });
    await addToCounters({ moneySaved: -saved });
    await recordSubscriptionActivity(user, 'subscription_reactivated', updated);
    return withLogo(ownSubscription(updated), updated);
  },

  getSubscriptionReminders: async ({ user, params }) => {
    const current = await getSubscription(user.id, params.id);
    if (!current) throw notFound(messages.notFound);
    return subscriptionReminders(user, current, await channelIdsOf(user.id));
  },

  saveSubscriptionReminders: async ({ user, params, body, log }) => {
    if (!hasCustomReminderRules(roleNow(user))) throw new HttpError(403, reminderRuleMessages.paidOnly);
    const channels = await channelIdsOf(user.id);
    const rules = body.rules && withDistinctChannels(body.rules);
    if (rules) requireOwnChannels(rules, channels);
    // Through the subscription's transition: the one write of it and of its index entries.
    const updated = await applyTransition(user.id, params.id, ['active', 'canceled'], messages.cannotEdit, () =>
      rules ? { set: { reminderRules: rules } } : { set: {}, remove: ['reminderRules'] },
    );
    log.info('subscription reminder rules saved', { subscriptionId: updated.id, rules: rules?.length ?? null });
    return subscriptionReminders(user, updated, channels);
  },

  listPayments: async ({ user, params }) => {
    const current = await getSubscription(user.id, params.id);
    if (!current) throw notFound(messages.notFound);
    const subscription = toSubscription(current);
    const payments = await listPayments(user.id, params.id);
    const rates = await currentRates();
    // The one lifetime spend the details dialog and /insights show (issue 35 §2), on the server's day.
    const spent = (currency: string) => {
      const { amount } = lifetimeSpend(subscription, payments, todayIn('UTC', now()), currency, rates);
      return { amount, currency };
    };
    return {
      payments,
      lifetimeSpend: spent(subscription.currency),
      lifetimeSpendInDisplayCurrency: spent(normalizeCurrency(user.currencyPreference)),
      ratesDate: rates.date,
    };
  },

  listAllPayments: async ({ user }) => ({ payments: await listAllPayments(user.id) }),

  recordPayment: async ({ user, params, body }) => {
    const current = await getSubscription(user.id, params.id);
    if (!current) throw notFound(messages.notFound);
    if (current.status === 'deleted') throw conflict(paymentMessages.subscriptionDeleted);
    const subscription = toSubscription(current);
    if (!isRenewalDate(subscription, body.dueDate)) throw badRequest(paymentMessages.notARenewal);
    if (!isRecordableRenewal(subscription, body.dueDate, todayIn('UTC', now()))) throw badRequest(paymentMessages.outsideCycles);
    const payment = await recordPayment(user.id, subscription.id, paymentFor(subscription, body.dueDate, body.status, body));
    // A renewal marked paid happened: a subscription due on it (or past due before it) moves on, as Renew moves it (issue 35 §8).
    if (dueDateAfterPayment(subscription, payment.dueDate, payment.status)) await moveOnPast(user, current.id, payment);
    return payment;
  },
};
