/**
 * What other features may use of the subscriptions feature (docs/decisions, 'Web feature boundaries'):
 * the dashboard's subscriptions area, and the landing page's read-only demo of it; the 'Count full price'
 * switch insights shares with the dashboard (issue 26); the custom categories, whose labels insights shows
 * as the dashboard does (issue 35 §2.11); a subscription's logo, which insights' lifetime table shows too (issue 36 §5).
 */
export { CountFullPriceSwitch } from './CountFullPriceSwitch';
export { DemoDashboard } from './DemoDashboard';
export { SubscriptionLogo } from './SubscriptionLogo';
export { SubscriptionsPanel } from './SubscriptionsPanel';
export { useCountFullPrice } from './useCountFullPrice';
export { useCustomCategories } from './useCustomCategories';
export { useRates } from './useRates';
