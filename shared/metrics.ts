/**
 * The API functions' own CloudWatch metrics, written by the chassis as Embedded Metric Format
 * records (functions/lib/chassis/metrics.ts) and read by the alarms and the dashboard (infra/monitoring.ts).
 */
export const METRICS_NAMESPACE = 'SubscriptionTracker';

/**
 * Each request's metrics are by function (the API area) and route (its name in the contract), and by
 * nothing else: each pair is a custom metric, billed in the hours it has data.
 */
export const METRIC_DIMENSIONS = { function: 'Function', route: 'Route' } as const;

export const REQUEST_METRICS = {
  /** Milliseconds from the chassis's first middleware to its answer. */
  latency: 'Latency',
  /** 1 for an answer with a 5xx status, else 0. (4xx answers are counted by the API's own metrics.) */
  errors: 'Errors',
} as const;
