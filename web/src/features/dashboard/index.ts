/**
 * What other features may use of the dashboard feature (docs/decisions, 'Web feature boundaries'):
 * the landing page's demo, loaded with the dashboard's chunk. The router loads DashboardPage itself.
 */
export { LazyDemoDashboard } from './LazyDemoDashboard';
