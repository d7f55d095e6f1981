import * as z from 'zod/mini';
import { isBillingCurrency } from '../domain/currency.js';
import { isCalendarDate } from '../domain/dates.js';
import { route } from './contract.js';
import { amountField, subscriptionMessages } from './subscriptions.js';

/**
 * A subscription's payments (issue 24 §4): each renewal marked paid (with the amount actually
 * charged, for variable bills) or skipped, and the lifetime spend they add up to.
 */

export const PAYMENT_STATUSES = ['paid', 'skipped'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An amount in a currency (ISO 4217). */
export interface Money {
  amount: number;
  currency: string;
}

/** One renewal of a subscription as the user marked it. */
export interface Payment {
  /** YYYY-MM-DD: the renewal (one of the subscription's occurrences) it is for. */
  dueDate: string;
  status: PaymentStatus;
  /** What was charged (paid), or what the renewal would have cost (skipped), in `currency`. */
  amount: number;
  currency: string;
  /** ISO time it was recorded, or last changed. */
  recordedAt: string;
}

/** GET /api/subscriptions/{id}/payments. */
export interface PaymentList {
  /** Newest renewal first. */
  payments: Payment[];
  /** The paid amounts added up in the subscription's currency. */
  lifetimeSpend: Money;
  /** The same in the user's display currency (currencyPreference). */
  lifetimeSpendInDisplayCurrency: Money;
  /** The day of the rates the two totals were converted with, or null for the fixed table. */
  ratesDate: string | null;
}

/** One of the caller's payments, with the subscription it is for. */
export interface AccountPayment extends Payment {
  subscriptionId: string;
}

/** GET /api/payments: every payment of the caller's own subscriptions (what /insights' lifetime spend reads). */
export interface AccountPaymentList {
  /** By subscription, oldest renewal first within each. */
  payments: AccountPayment[];
}

export const paymentMessages = {
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Due date must be a valid date (YYYY-MM-DD)',
  statusInvalid: 'Status must be paid or skipped',
  currencyWithoutAmount: 'Give the amount charged along with its currency',
  notARenewal: 'The due date must be one of this subscription’s renewal dates',
  /** Issue 34 §10: a renewal years ahead (or before the subscription began) is none of the cycles it shows. */
  outsideCycles: 'Payments can be recorded only for renewals from the subscription’s start to its next renewal',
  subscriptionDeleted: 'Payments of a deleted subscription cannot be recorded. Recover it first.',
} as const;

const m = paymentMessages;

/**
 * POST /api/subscriptions/{id}/payments. Without `amount` the renewal is recorded at the price in
 * force on its date (shared/domain/billing.ts chargeOn); `currency` defaults to that price's.
 */
export const paymentBody = z
  .object({
    dueDate: z
      .string({ error: m.dueDateRequired })
      .check(z.trim(), z.minLength(1, { error: m.dueDateRequired }), z.refine(isCalendarDate, { error: m.dueDateInvalid })),
    status: z.enum(PAYMENT_STATUSES, { error: m.statusInvalid }),
    amount: z.optional(amountField),
    currency: z.optional(
      z
        .pipe(
          z.string({ error: subscriptionMessages.currencyInvalid }),
          z.transform((c: string) => c.trim().toUpperCase()),
        )
        .check(z.refine(isBillingCurrency, { error: subscriptionMessages.currencyInvalid })),
    ),
  })
  .check(
    z.refine((b: { amount?: number; currency?: string }) => b.currency === undefined || b.amount !== undefined, {
      error: m.currencyWithoutAmount,
      path: ['amount'],
    }),
  );

export type PaymentInput = z.input<typeof paymentBody>;
export type PaymentBody = z.output<typeof paymentBody>;

const noSuchSubscription = { status: 404, message: subscriptionMessages.notFound } as const;

export const paymentRoutes = {
  listPayments: route<PaymentList>()({
    method: 'GET',
    path: '/api/subscriptions/{id}/payments',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
    badParameter: noSuchSubscription,
  }),
  /** Every payment of the caller's subscriptions, so /insights totals each one as its details dialog does (issue 35 §2). */
  listAllPayments: route<AccountPaymentList>()({
    method: 'GET',
    path: '/api/payments',
    area: 'subscriptions',
    access: 'user',
    body: undefined,
  }),
  /**
   * Records one renewal as paid or skipped; one record per renewal. The same body again changes
   * nothing and answers the record as it is; a different status or amount replaces it.
   */
  recordPayment: route<Payment>()({
    method: 'POST',
    path: '/api/subscriptions/{id}/payments',
    area: 'subscriptions',
    access: 'user',
    body: paymentBody,
    badParameter: noSuchSubscription,
  }),
} as const;
