import { METRIC_DIMENSIONS, METRICS_NAMESPACE, REQUEST_METRICS } from '../../../shared/metrics.js';
import { config } from './config.js';
import { invocationFields } from './invocation.js';

export interface RequestOutcome {
  /** The API area, which is the function. */
  area: string;
  /** The route's name in the contract, or 'unmatched'. */
  route: string;
  status: number;
  ms: number;
}

/**
 * The request's metrics as one Embedded Metric Format record: CloudWatch Logs turns the line into
 * the metrics of `_aws`, by function and route, with no API call and no permission beyond the
 * function's logs (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
 */
export function requestMetricsRecord(outcome: RequestOutcome, now = Date.now()): Record<string, unknown> {
  const { function: functionDimension, route: routeDimension } = METRIC_DIMENSIONS;
  return {
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [[functionDimension, routeDimension]],
          Metrics: [
            { Name: REQUEST_METRICS.latency, Unit: 'Milliseconds' },
            { Name: REQUEST_METRICS.errors, Unit: 'Count' },
          ],
        },
      ],
    },
    [functionDimension]: outcome.area,
    [routeDimension]: outcome.route,
    [REQUEST_METRICS.latency]: outcome.ms,
    [REQUEST_METRICS.errors]: outcome.status >= 500 ? 1 : 0,
    status: outcome.status,
    ...invocationFields(),
  };
}

/**
 * Writes the request's metrics record. In Lambda at every log level but `silent`: the metrics feed
 * the alarms, so a function logging only warnings still counts its errors. Outside Lambda (the local
 * stack) only at `info` or below, like the request line, so quiet test stacks stay quiet.
 */
export function writeRequestMetrics(outcome: RequestOutcome): void {
  const level = config().LOG_LEVEL;
  if (level === 'silent') return;
  const inLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
  if (!inLambda && level !== 'debug' && level !== 'info') return;
  console.log(JSON.stringify(requestMetricsRecord(outcome)));
}
