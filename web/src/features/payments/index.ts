/**
 * What other features may use of the payments feature (issue 40 §3, docs/decisions/0111): a
 * subscription's payments in its details dialog (the renewals to mark, the recorded ones) and the hook
 * that loads them, whose lifetime spend the dialog's summary shows. In the dashboard's chunk.
 */
export { PaymentsSection } from './PaymentsSection';
export { type PaymentsView, usePayments } from './usePayments';
