/**
 * What other features may use of the insights feature: the dashboard's budget warning. The
 * /insights screen itself is loaded by the router (its own chunk, with the charts).
 */
export { BudgetWarning } from './BudgetWarning';
