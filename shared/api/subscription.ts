/**
 * What a subscription is in the contract, in a module of its own: the list route
 * (subscription-list.ts) and the area's other routes (subscriptions.ts) both need it.
 */

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
