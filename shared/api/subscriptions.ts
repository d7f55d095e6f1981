import { z } from 'zod';
import { isCalendarDate } from '../domain/dates.js';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../domain/text.js';
import { type MessageResponse, route } from './contract.js';

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'deleted'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const BILLING_CYCLES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** A subscription as the API sends it (SPEC §3 'Subscription', DESIGN §5). */
export interface Subscription {
  id: string;
  name: string;
  description: string;
  /** Amount per billing cycle, rounded to 2 decimals. */
  amount: number;
  category: string;
  /** YYYY-MM-DD calendar date. */
  dueDate: string;
  billingCycle: BillingCycle;
  autoRenew: boolean;
  status: SubscriptionStatus;
  /** ISO time of the soft delete, or null. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

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
} as const;

const m = subscriptionMessages;

/** Amount: a number or numeric string, ≥ 0, at most 2 decimals (SPEC §5: 'minimum 0, step 0.01'). */
const amountField = z
  .union([z.number(), z.string()], { error: m.amountRequired })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const n = typeof value === 'number' ? value : text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: text === '' ? m.amountRequired : m.amountNotNumber });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', message: m.amountNegative });
      return z.NEVER;
    }
    if (n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: m.amountTooLarge });
      return z.NEVER;
    }
    if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: m.amountDecimals });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const subscriptionBody = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(100, { error: m.nameTooLong })
    .refine((t) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage('Name') }),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(500, { error: m.descriptionTooLong })
    .refine((t) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage('Description') })
    .nullish()
    .transform((d) => d ?? ''),
  amount: amountField,
  category: z
    .string({ error: m.categoryRequired })
    .trim()
    .min(1, { error: m.categoryRequired })
    .max(50, { error: m.categoryTooLong })
    .refine((t) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage('Category') }),
  dueDate: z
    .string({ error: m.dueDateRequired })
    .trim()
    .min(1, { error: m.dueDateRequired })
    .refine(isCalendarDate, { error: m.dueDateInvalid }),
  billingCycle: z
    .enum([...BILLING_CYCLES, 'annual'], { error: m.billingCycleInvalid })
    .optional()
    .transform((c): BillingCycle => (c === 'annual' ? 'yearly' : (c ?? 'monthly'))),
  autoRenew: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Auto-renew must be true or false' })
    .optional()
    .transform((v) => v === true || v === 1),
});

export type SubscriptionInput = z.input<typeof subscriptionBody>;

const byId = (path: string, method: 'PUT' | 'DELETE') =>
  route<Subscription>()({ method, path, area: 'subscriptions', access: 'user', body: undefined });

export const subscriptionRoutes = {
  listSubscriptions: route<Subscription[]>()({
    method: 'GET',
    path: '/api/subscriptions',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
  }),
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
  }),
  deleteSubscription: byId('/api/subscriptions/{id}', 'DELETE'),
  deleteSubscriptionPermanently: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/subscriptions/{id}/permanent',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
  }),
  recoverSubscription: byId('/api/subscriptions/{id}/recover', 'PUT'),
  renewSubscription: byId('/api/subscriptions/{id}/renew', 'PUT'),
  cancelSubscription: byId('/api/subscriptions/{id}/cancel', 'PUT'),
  reactivateSubscription: byId('/api/subscriptions/{id}/reactivate', 'PUT'),
} as const;
