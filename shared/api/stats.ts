import type { CurrencyCode, RateTable } from '../domain/currency.js';
import { route } from './contract.js';

/** The three landing counters (SPEC §3 'Landing stats', DESIGN §5): real counts from one item. */
export interface LandingCounts {
  totalUsers: number;
  totalSubscriptions: number;
  moneySaved: number;
}

/**
 * GET /api/stats: the counters once there are at least the operator's LANDING_COUNTERS_MIN_USERS
 * accounts (issue 23 #4); below that `showFigures: false` and no figures, so a new install never
 * says '1+ users' under 'Trusted by thousands'. The server decides; the page shows what it is told.
 */
export type LandingStats =
  | { showFigures: true; totalUsers: number; totalSubscriptions: number; moneySaved: number }
  | { showFigures: false };

/**
 * GET /api/stats?currency=EUR (issue 24 §1): the signed-in user's figures, every amount in `currency`
 * (SPEC §9's display currencies), converted at the newest stored day of reference rates (`ratesDate`)
 * or, when none is stored, at the fixed rates (`ratesDate: null`). Amounts are rounded to cents.
 */
export interface CurrencyStats {
  currency: CurrencyCode;
  /** YYYY-MM-DD of the rates used, or null for the fixed rates. */
  ratesDate: string | null;
  /** The active subscriptions' next renewals, each normalised to a month (the dashboard's Monthly Total). */
  monthlyTotal: number;
  /** The next year's renewals of the active subscriptions, each at its price then (the yearly report's total). */
  yearlyTotal: number;
  /** Active subscriptions due within 10 days. */
  dueSoon: number;
  /** The earliest active due date from today (the user's time zone), or null. */
  nextDue: string | null;
  /** Subscriptions outside the trash. */
  totalSubscriptions: number;
  /** The monthly total by category, largest first. */
  byCategory: { category: string; label: string; monthly: number }[];
}

/** GET /api/rates: units of each billing currency per 1 USD, and the day they are of (null: the fixed rates). */
export type Rates = RateTable;

export const statsMessages = {
  /** SPEC §9's display currencies (shared/domain/currency.ts CURRENCY_CODES), written out so the landing page's code needs no currency table. */
  invalidCurrency: 'currency must be one of USD, EUR, GBP, JPY, KRW, INR',
} as const;

/** How long browsers may keep GET /api/rates: a new day of rates arrives once a day. */
export const RATES_MAX_AGE_SECONDS = 300;

export const statsRoutes = {
  /** Public without `currency`; with it, the signed-in user's figures (401 without a session). */
  landingStats: route<LandingStats | CurrencyStats>()({
    method: 'GET',
    path: '/api/stats',
    area: 'stats',
    access: 'public',
    optionalSignIn: true,
    queryParameters: { currency: "A display currency: the signed-in user's figures (CurrencyStats)" },
    // One user's figures: never kept by a browser or a shared cache (CloudFront caches no /api/ answer).
    cacheControl: 'private, no-store',
    body: undefined,
  }),
  rates: route<Rates>()({
    method: 'GET',
    path: '/api/rates',
    area: 'stats',
    access: 'public',
    cacheControl: `public, max-age=${RATES_MAX_AGE_SECONDS}`,
    body: undefined,
  }),
} as const;
