/**
 * What a subscription is in the contract, in a module of its own: the list route
 * (subscription-list.ts) and the area's other routes (subscriptions.ts) both need it.
 */

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'deleted'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const BILLING_CYCLES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** A price from a day on (issue 24 §2): what each occurrence from `effectiveFrom` costs, until the next change. */
export interface PriceChange {
  /** Per billing cycle, 2 decimals at most. */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  /** YYYY-MM-DD. */
  effectiveFrom: string;
}

/** A subscription as the API sends it (SPEC §3 'Subscription', DESIGN §5, issue 24). */
export interface Subscription {
  id: string;
  name: string;
  description: string;
  /**
   * Amount per billing cycle, rounded to 2 decimals, in `currency`: the latest price of `priceHistory`
   * (the one from its latest change on).
   */
  amount: number;
  /** ISO 4217 code of the currency it is billed in (issue 24 §1); 'USD' for subscriptions from before it. */
  currency: string;
  /** Every price it had, oldest first; the last is `amount` / `currency`. Never empty. */
  priceHistory: PriceChange[];
  category: string;
  /** YYYY-MM-DD calendar date: the next renewal. */
  dueDate: string;
  billingCycle: BillingCycle;
  /** Renews every `cycleInterval` cycles: 1 normally; 4 with weekly is 'every 4 weeks' (1–52). */
  cycleInterval: number;
  /**
   * The day of the month renewals keep (1–31; issue 24 §3): billed on the 31st, it renews on the last day
   * of shorter months and on the 31st again after them. Set from `dueDate` whenever the user sets it.
   */
  anchorDay: number;
  /** YYYY-MM-DD: a free trial until this day; occurrences before it cost 0. Null without a trial. */
  trialEndsAt: string | null;
  /** YYYY-MM-DD: no renewals after this day. Null when it runs until canceled. */
  endsAt: string | null;
  /** Days of notice the provider needs before a renewal (0–365), or null. */
  noticeDays: number | null;
  /**
   * YYYY-MM-DD: the last day to cancel the user gave as a date (issue 35 §2.5, e.g. Wallos's 'Cancellation
   * Date'), kept as given and never moved, also once past; null when they gave none. It goes before
   * `noticeDays` for `cancelBy`.
   */
  cancelByDate: string | null;
  /**
   * YYYY-MM-DD: the cancel-by deadline that still matters today, derived (shared/domain/billing.ts
   * cancelByDate): `cancelByDate` when given, else renewal − noticeDays for the first charged renewal from
   * the due date on whose deadline is not past; null without either.
   */
  cancelBy: string | null;
  /** Its website, http or https (issue 36 §2): 'Manage' on its card and in its details; null without one. */
  url: string | null;
  /**
   * The logo it shows (issue 36 §1), derived from its name and website: null shows a monogram in its category's colour. The
   * subscription routes always send it (the subscriptions function alone holds the brand index,
   * docs/decisions/0137-logos.md); the data export, the user's own data, leaves it out.
   */
  logo?: SubscriptionLogo | null;
  /** The id of the row it was imported from (issue 24 §6), or null. */
  externalId: string | null;
  autoRenew: boolean;
  status: SubscriptionStatus;
  /** ISO time of the soft delete, or null. */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * On a subscription someone else pays and shares with the caller (issue 26): who pays, the caller's
   * share of the current price (in `currency`) and how many people share the cost, the payer included.
   * Absent on the caller's own subscriptions. Only the payer edits, cancels or deletes it.
   */
  shared?: SharedSubscriptionInfo;
  /**
   * On the caller's own subscription while they share it with accepted members (issue 26): the
   * caller's (the payer's) share of the current price and how many people share the cost, the payer
   * included. Absent when it is not shared.
   */
  sharing?: PayerSharingInfo;
}

/**
 * A subscription's logo (issue 36): an image on the site's own origin. `brand`: the built-in brand its name
 * names (shared/domain/logos/brands.ts); `website`: its website's own icon, fetched by the logo function (§3);
 * `upload`: a picture its owner uploaded (§4).
 */
export interface SubscriptionLogo {
  kind: 'brand' | 'website' | 'upload';
  /** A path on the site's origin, e.g. /logos/brands/netflix.svg. */
  src: string;
}

/** A shared subscription as a member sees it in their list (issue 26). */
export interface SharedSubscriptionInfo {
  payerId: string;
  payerName: string;
  /** The member's share of the current price, in the subscription's currency. */
  myShare: number;
  /** Everyone sharing the cost, the payer included. */
  memberCount: number;
}

/** The payer's own shared subscription's summary in their list (issue 26). */
export interface PayerSharingInfo {
  /** The payer's share of the current price (the price minus the members' shares), in the subscription's currency. */
  myShare: number;
  /** Everyone sharing the cost, the payer included. */
  memberCount: number;
}

/** A subscription's own fields: what a create or an edit sets, and what an export writes. */
export type SubscriptionOwnFields = Pick<
  Subscription,
  | 'name'
  | 'description'
  | 'amount'
  | 'currency'
  | 'priceHistory'
  | 'category'
  | 'dueDate'
  | 'billingCycle'
  | 'cycleInterval'
  | 'anchorDay'
  | 'trialEndsAt'
  | 'endsAt'
  | 'noticeDays'
  | 'cancelByDate'
  | 'url'
  | 'autoRenew'
>;
