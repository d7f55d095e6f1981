import { userPartition } from '../chassis/table.js';

/** The budgets domain's item keys. */
export const budgetKeys = {
  /** Premium's monthly budgets (issue 24 §5): one item per user. */
  budgets: (userId: string) => ({ pk: userPartition(userId), sk: 'BUDGETS' }),
  /** The marker of the one e-mail of a budget ('overall' or `category:<key>`) and month (YYYY-MM). */
  budgetAlert: (userId: string, month: string, budget: string) => ({ pk: userPartition(userId), sk: `BUDGETALERT#${month}#${budget}` }),
} as const;
