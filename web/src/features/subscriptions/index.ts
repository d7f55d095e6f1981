/**
 * What other features may use of the subscriptions feature (docs/decisions, 'Web feature boundaries'):
 * the dashboard's subscriptions area, and the landing page's read-only demo of it.
 */
export { DemoDashboard } from './DemoDashboard';
export { SubscriptionsPanel } from './SubscriptionsPanel';
export { useRates } from './useRates';
