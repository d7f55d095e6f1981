/**
 * What other features may use of the subscriptions feature (docs/decisions, 'Web feature boundaries'):
 * the dashboard's subscriptions area, and the landing page's read-only demo of it; the 'Count full price'
 * switch insights shares with the dashboard (issue 26).
 */
export { CountFullPriceSwitch } from './CountFullPriceSwitch';
export { DemoDashboard } from './DemoDashboard';
export { SubscriptionsPanel } from './SubscriptionsPanel';
export { useCountFullPrice } from './useCountFullPrice';
export { useRates } from './useRates';
