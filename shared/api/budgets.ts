import * as z from 'zod/mini';
import { CATEGORY_MAX_LENGTH, categoryKey } from '../domain/categories.js';
import { isBillingCurrency } from '../domain/currency.js';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../domain/text.js';
import { route } from './contract.js';

/**
 * Premium's budget planning (SPEC §9 'Budget planning', issue 24 §5): a monthly budget overall and per
 * category, in one currency, kept as one item on the user's partition. The dashboard warns when this
 * month's projected spend passes one; one e-mail per budget and month says so (docs/decisions/*-budget-alerts.md).
 */
export interface CategoryBudget {
  /** A subscription category as stored (built-in value or custom name), matched by categoryKey. */
  category: string;
  monthly: number;
}

export interface Budgets {
  /** The overall monthly budget, or null for none. */
  monthly: number | null;
  /** ISO 4217 code of every amount here. */
  currency: string;
  categories: CategoryBudget[];
}

/** Most category budgets one user keeps (the built-ins and custom categories fit well under it). */
export const MAX_CATEGORY_BUDGETS = 50;
/** Largest budget accepted, as subscription amounts (1,000,000). */
export const MAX_BUDGET = 1_000_000;

export const budgetMessages = {
  premiumOnly: 'Budgets are a Premium feature. Upgrade to Premium to plan your monthly spending.',
  monthlyInvalid: 'A monthly budget must be a number greater than 0',
  monthlyTooLarge: 'A monthly budget must be at most 1,000,000',
  monthlyDecimals: 'A monthly budget can have at most 2 decimal places',
  monthlyTooSmall: 'A monthly budget must be at least 0.01',
  currencyInvalid: 'Currency must be one of the supported currencies',
  categoryRequired: 'Each category budget needs a category',
  categoryTooLong: `Category must be at most ${CATEGORY_MAX_LENGTH} characters`,
  categoryRepeated: 'Each category can have one budget',
  tooManyCategories: `At most ${MAX_CATEGORY_BUDGETS} category budgets`,
  categoriesInvalid: 'Categories must be a list of { category, monthly }',
  saved: 'Budgets saved',
} as const;

const m = budgetMessages;

/** Smallest budget accepted: one cent (a smaller positive number, 5e-324, underflowed DynamoDB's numbers: issue 34 §8). */
export const MIN_BUDGET = 0.01;

/** A budget amount: a number > 0, at least MIN_BUDGET, at most MAX_BUDGET, at most 2 decimals. */
const budgetAmount = z.number({ error: m.monthlyInvalid }).check(
  z.refine((n: number) => Number.isFinite(n) && n > 0, { error: m.monthlyInvalid, abort: true }),
  z.refine((n: number) => n >= MIN_BUDGET, { error: m.monthlyTooSmall, abort: true }),
  z.refine((n: number) => n <= MAX_BUDGET, { error: m.monthlyTooLarge }),
  z.refine((n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: m.monthlyDecimals }),
);

const categoryName = z.string({ error: m.categoryRequired }).check(
  z.trim(),
  z.minLength(1, { error: m.categoryRequired }),
  z.maxLength(CATEGORY_MAX_LENGTH, { error: m.categoryTooLong }),
  z.refine((t: string) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage('Category') }),
);

export const budgetsBody = z.object({
  monthly: z.nullable(budgetAmount),
  currency: z.string({ error: m.currencyInvalid }).check(z.refine(isBillingCurrency, { error: m.currencyInvalid })),
  categories: z.array(z.object({ category: categoryName, monthly: budgetAmount }), { error: m.categoriesInvalid }).check(
    z.maxLength(MAX_CATEGORY_BUDGETS, { error: m.tooManyCategories }),
    z.refine((list: Array<{ category: string }>) => new Set(list.map((c) => categoryKey(c.category))).size === list.length, {
      error: m.categoryRepeated,
    }),
  ),
});

export type BudgetsInput = z.input<typeof budgetsBody>;

/** No budget set yet: what GET answers before the first save. */
export const NO_BUDGETS = (currency: string): Budgets => ({ monthly: null, currency, categories: [] });

export const budgetRoutes = {
  getBudgets: route<Budgets>()({ method: 'GET', path: '/api/budgets', area: 'budgets', access: 'user', body: undefined }),
  saveBudgets: route<Budgets>()({ method: 'PUT', path: '/api/budgets', area: 'budgets', access: 'user', body: budgetsBody }),
} as const;
