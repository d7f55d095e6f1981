/**
 * The API functions' own CloudWatch metrics, written by the chassis as Embedded Metric Format
 * records (functions/lib/metrics.ts) and read by the alarms and the dashboard (infra/monitoring.ts).
 */
export const METRICS_NAMESPACE = 'SubscriptionTracker';

/** Each request's metrics, by function (the API area) and by the function's route (its name in the contract). */
export const METRIC_DIMENSIONS = { function: 'Function', route: 'Route' } as const;

export const REQUEST_METRICS = {
  /** Milliseconds from the chassis's first middleware to its answer. */
  latency: 'Latency',
  /** 1 for an answer with a 5xx status, else 0. */
  errors: 'Errors',
  /** 1 for an answer with a 4xx status, else 0. */
  clientErrors: 'ClientErrors',
} as const;
