import { routes } from '@shared/api';
import type { Budgets } from '@shared/api/budgets';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export const budgetsQueryKey = ['budgets'] as const;

/**
 * GET /api/budgets (Premium). Each read also lets the server check this month's projected spend
 * against the budgets and send the one e-mail of a budget newly passed (functions/budgets/handler.ts).
 */
export const budgetsQuery = queryOptions({
  queryKey: budgetsQueryKey,
  queryFn: ({ signal }): Promise<Budgets> => api(routes.getBudgets, { signal }),
});
