import * as z from 'zod/mini';
import { MAX_CYCLE_INTERVAL, MAX_NOTICE_DAYS } from '../domain/billing.js';
import { isBillingCurrency } from '../domain/currency.js';
import { isCalendarDate } from '../domain/dates.js';
import { canRaiseLimitByUpgrading, subscriptionLimit } from '../domain/subscription-limits.js';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../domain/text.js';
import { websiteAddress } from '../domain/website.js';
import { type MessageResponse, route } from './contract.js';
import { BILLING_CYCLES, type BillingCycle, type Subscription } from './subscription.js';
import { listSubscriptions } from './subscription-list.js';

export const subscriptionMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  amountRequired: 'Amount is required',
  amountNotNumber: 'Amount must be a number',
  amountNegative: 'Amount cannot be negative',
  amountTooLarge: 'Amount must be at most 1,000,000',
  amountDecimals: 'Amount can have at most 2 decimal places',
  categoryRequired: 'Category is required',
  categoryTooLong: 'Category must be at most 50 characters',
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Due date must be a valid date (YYYY-MM-DD)',
  billingCycleInvalid: 'Billing cycle must be weekly, monthly, quarterly or yearly',
  currencyInvalid: 'Currency must be one of the supported ISO 4217 codes, such as USD or EUR',
  cycleIntervalInvalid: `Renews every … must be a whole number from 1 to ${MAX_CYCLE_INTERVAL}`,
  trialEndsAtInvalid: 'Trial end must be a valid date (YYYY-MM-DD)',
  endsAtInvalid: 'End date must be a valid date (YYYY-MM-DD)',
  endsBeforeDue: 'End date cannot be before the next renewal',
  noticeDaysInvalid: `Notice period must be a whole number of days from 0 to ${MAX_NOTICE_DAYS}`,
  cancelByDateInvalid: 'Cancel-by date must be a valid date (YYYY-MM-DD)',
  urlInvalid: 'Website must be a web address starting with http:// or https://, such as https://www.netflix.com',
  effectiveFromInvalid: 'The price change date must be a valid date (YYYY-MM-DD)',
  notFound: 'Subscription not found',
  /** 409s: a transition SPEC §4 does not allow from the subscription's current status. */
  cannotEdit: 'Deleted subscriptions cannot be edited. Recover it first.',
  cannotDelete: 'This subscription is already deleted',
  cannotDeleteForever: 'Only deleted subscriptions can be deleted permanently',
  cannotRecover: 'Only deleted subscriptions can be recovered',
  cannotRenew: 'Only active subscriptions can be renewed',
  cannotCancel: 'Only active subscriptions can be canceled',
  cannotReactivate: 'Only canceled subscriptions can be reactivated',
  deletedForever: 'Subscription deleted permanently',
  pageCursorInvalid: 'The page to continue after is not a subscription id',
} as const;

/**
 * The 403 of a create past the ceiling of the user's effective role (shared/domain/subscription-limits.ts);
 * the dashboard shows it with a link to /upgrade where an upgrade raises the ceiling.
 */
export function subscriptionLimitMessage(role: string): string {
  const limit = subscriptionLimit(role).toLocaleString('en-US');
  return canRaiseLimitByUpgrading(role)
    ? `You have reached your plan’s limit of ${limit} subscriptions (those in the trash count too). Delete some for good, or upgrade for more.`
    : `You have reached the limit of ${limit} subscriptions (those in the trash count too). Delete some for good to add more.`;
}

const m = subscriptionMessages;

/**
 * An amount given as text: a plain decimal number such as "12", "12.5", "12." or ".5", a minus sign
 * allowed so that "-5" is told it cannot be negative. Hexadecimal, binary, octal, exponents,
 * "Infinity", "+12" and separators are not amounts, though JavaScript's Number() reads them.
 */
const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The amount's number, or the message that refuses it. */
function amountOrProblem(value: number | string): number | string {
  if (typeof value === 'string') {
    if (value.trim() === '') return m.amountRequired;
    if (!DECIMAL_TEXT.test(value.trim())) return m.amountNotNumber;
  }
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return m.amountNotNumber;
  if (n < 0) return m.amountNegative;
  if (n > 1_000_000) return m.amountTooLarge;
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return m.amountDecimals;
  return Math.round(n * 100) / 100;
}

/**
 * Amount: a number or a decimal number as text (surrounding spaces ignored), ≥ 0, at most 2 decimals
 * (SPEC §5: 'minimum 0, step 0.01').
 */
export const amountField = z.pipe(
  z.union([z.number(), z.string()], { error: m.amountRequired }),
  z.transform((value: number | string, ctx) => {
    const amount = amountOrProblem(value);
    if (typeof amount === 'number') return amount;
    ctx.issues.push({ code: 'custom', message: amount, input: value });
    return z.NEVER;
  }),
);

/** A required text field: trimmed, non-empty, at most `max` characters, without forbidden characters. */
const requiredText = (field: string, required: string, max: number, tooLong: string) =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(max, { error: tooLong }),
    z.refine((t: string) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage(field) }),
  );

/** An optional calendar date: absent, null or '' is none; anything else must be YYYY-MM-DD. */
const optionalDate = (message: string) =>
  z.pipe(
    z.nullish(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((t: string) => t === '' || isCalendarDate(t), { error: message }),
      ),
    ),
    z.transform((d: string | null | undefined) => (d ? d : null)),
  );

/** A whole number in a range, sent as a number or as digits. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value: number | string, ctx) => {
      const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );

export const subscriptionBody = z
  .object({
    name: requiredText('Name', m.nameRequired, 100, m.nameTooLong),
    description: z.pipe(
      z.nullish(
        z.string({ error: 'Description must be text' }).check(
          z.trim(),
          z.maxLength(500, { error: m.descriptionTooLong }),
          z.refine((t: string) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage('Description') }),
        ),
      ),
      z.transform((d: string | null | undefined) => d ?? ''),
    ),
    amount: amountField,
    category: requiredText('Category', m.categoryRequired, 50, m.categoryTooLong),
    dueDate: z
      .string({ error: m.dueDateRequired })
      .check(z.trim(), z.minLength(1, { error: m.dueDateRequired }), z.refine(isCalendarDate, { error: m.dueDateInvalid })),
    billingCycle: z.pipe(
      z.optional(z.enum([...BILLING_CYCLES, 'annual'], { error: m.billingCycleInvalid })),
      z.transform((c: BillingCycle | 'annual' | undefined): BillingCycle => (c === 'annual' ? 'yearly' : (c ?? 'monthly'))),
    ),
    autoRenew: z.pipe(
      z.optional(z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Auto-renew must be true or false' })),
      z.transform((v: boolean | 0 | 1 | undefined) => v === true || v === 1),
    ),
    /** ISO 4217; absent: the user's display currency on a create, the current one on an edit (issue 24 §1). */
    currency: z.optional(
      z
        .pipe(
          z.string({ error: m.currencyInvalid }),
          z.transform((c: string) => c.trim().toUpperCase()),
        )
        .check(z.refine(isBillingCurrency, { error: m.currencyInvalid })),
    ),
    cycleInterval: z.pipe(
      z.optional(wholeNumber(1, MAX_CYCLE_INTERVAL, m.cycleIntervalInvalid)),
      z.transform((n: number | undefined) => n ?? 1),
    ),
    trialEndsAt: optionalDate(m.trialEndsAtInvalid),
    endsAt: optionalDate(m.endsAtInvalid),
    noticeDays: z.pipe(
      z.nullish(z.union([wholeNumber(0, MAX_NOTICE_DAYS, m.noticeDaysInvalid), z.literal('')], { error: m.noticeDaysInvalid })),
      z.transform((n: number | '' | null | undefined) => (typeof n === 'number' ? n : null)),
    ),
    /** The last day to cancel as the user gives it (issue 35 §2.5): kept as given, before the notice period. */
    cancelByDate: optionalDate(m.cancelByDateInvalid),
    /**
     * Its website (issue 36 §2), http or https; 'netflix.com' is kept as https://netflix.com/. Null or '' is
     * none; absent keeps the current one on an edit (none on a create), so a client that does not know the
     * field does not clear it.
     */
    url: z.optional(
      z.pipe(
        z.nullable(z.string({ error: m.urlInvalid })),
        z.transform((typed: string | null, ctx) => {
          if (typed === null || typed.trim() === '') return null;
          const address = websiteAddress(typed);
          if (address !== undefined) return address;
          ctx.issues.push({ code: 'custom', message: m.urlInvalid, input: typed });
          return z.NEVER;
        }),
      ),
    ),
    /**
     * On an edit: the day a new price applies from (a price change, issue 24 §2). Absent: the amount is a
     * correction of the current price.
     */
    effectiveFrom: z.optional(
      z.string({ error: m.effectiveFromInvalid }).check(z.trim(), z.refine(isCalendarDate, { error: m.effectiveFromInvalid })),
    ),
  })
  .check(
    z.refine((b: { endsAt: string | null; dueDate: string }) => !b.endsAt || b.endsAt >= b.dueDate, {
      error: m.endsBeforeDue,
      path: ['endsAt'],
    }),
  );

export type SubscriptionInput = z.input<typeof subscriptionBody>;
/** A create or edit's body once the contract has read it. */
export type SubscriptionBody = z.output<typeof subscriptionBody>;

/**
 * The body that saves a subscription as it is: what an edit starts from when a client changes some fields only
 * (the MCP endpoint's update_subscription, issue 37 §4). The amount is its current price, so saving it unchanged
 * corrects nothing.
 */
export function subscriptionInputOf(sub: Subscription): SubscriptionInput {
  return {
    name: sub.name,
    description: sub.description,
    amount: sub.amount,
    category: sub.category,
    dueDate: sub.dueDate,
    billingCycle: sub.billingCycle,
    autoRenew: sub.autoRenew,
    currency: sub.currency,
    cycleInterval: sub.cycleInterval,
    trialEndsAt: sub.trialEndsAt,
    endsAt: sub.endsAt,
    noticeDays: sub.noticeDays,
    cancelByDate: sub.cancelByDate,
    url: sub.url,
  };
}

/** A subscription id that cannot name one answers as an unknown one does. */
const noSuchSubscription = { status: 404, message: subscriptionMessages.notFound } as const;

const byId = (path: string, method: 'PUT' | 'DELETE') =>
  route<Subscription>()({ method, path, area: 'subscriptions', access: 'user', body: undefined, badParameter: noSuchSubscription });

export const subscriptionRoutes = {
  listSubscriptions,
  createSubscription: route<Subscription>()({
    method: 'POST',
    path: '/api/subscriptions',
    area: 'subscriptions',
    access: 'user',
    body: subscriptionBody,
    successStatus: 201,
  }),
  updateSubscription: route<Subscription>()({
    method: 'PUT',
    path: '/api/subscriptions/{id}',
    area: 'subscriptions',
    access: 'user',
    body: subscriptionBody,
    badParameter: noSuchSubscription,
  }),
  deleteSubscription: byId('/api/subscriptions/{id}', 'DELETE'),
  deleteSubscriptionPermanently: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/subscriptions/{id}/permanent',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchSubscription,
  }),
  recoverSubscription: byId('/api/subscriptions/{id}/recover', 'PUT'),
  renewSubscription: byId('/api/subscriptions/{id}/renew', 'PUT'),
  cancelSubscription: byId('/api/subscriptions/{id}/cancel', 'PUT'),
  reactivateSubscription: byId('/api/subscriptions/{id}/reactivate', 'PUT'),
} as const;
