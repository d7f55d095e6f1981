import { AspectPriority, Aspects, Duration, type IAspect, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { METRIC_DIMENSIONS, METRICS_NAMESPACE, REQUEST_METRICS } from '../shared/metrics.js';
import { ProductFunction } from './product-function.js';

export interface MonitoringProps {
  /** Address that gets alarm notifications (it must confirm the SNS subscription once). */
  alarmEmail?: string;
  /**
   * Whether alarms may watch metric math (a sum of metrics, a Metrics Insights query): true in the cloud;
   * false on the local emulators, whose CloudFormation takes only alarms on one metric (docs/decisions/0146).
   */
  metricMath?: boolean;
}

/** A function's p99 duration above this share of its timeout is close to being cut off. */
export const DURATION_ALARM_SHARE_OF_TIMEOUT = 0.8;
/** The API's error rates (percent of requests in five minutes) that alarm, once it has traffic. */
export const API_ERROR_RATE_ALARMS = { clientErrorPercent: 20, serverErrorPercent: 1, minimumRequests: 100 } as const;
/** The table operations the functions use: their throttled requests and system errors alarm. */
export const WATCHED_TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

const FIVE_MINUTES = Duration.minutes(5);

const ROUTE_SCHEMA = `SCHEMA("${METRICS_NAMESPACE}", ${METRIC_DIMENSIONS.function}, ${METRIC_DIMENSIONS.route})`;
/**
 * The API's 5xx answers in five minutes by function and route, from the chassis's metrics records
 * (functions/lib/chassis/metrics.ts): a Metrics Insights query with one time series per route, so the alarm
 * on it names the route that failed (each series is a contributor of the alarm).
 */
export const ROUTE_ERRORS_QUERY = `SELECT SUM(${REQUEST_METRICS.errors}) FROM ${ROUTE_SCHEMA} GROUP BY ${METRIC_DIMENSIONS.function}, ${METRIC_DIMENSIONS.route}`;
/** Each route's p99 latency, for the dashboard. */
const ROUTE_LATENCY_SEARCH = `SEARCH('{${METRICS_NAMESPACE},${METRIC_DIMENSIONS.function},${METRIC_DIMENSIONS.route}} MetricName="${REQUEST_METRICS.latency}"', 'p99', 300)`;

/**
 * The dashboard's alarm widgets, made when the dashboard is synthesized: every alarm in
 * `monitoring.alarms` then, including the ones constructs added after Monitoring was built.
 */
class AlarmWidgets implements cloudwatch.IWidget {
  readonly width = 24;
  private x = 0;
  private y = 0;

  constructor(private readonly alarms: () => readonly cloudwatch.Alarm[]) {}

  private column(): cloudwatch.Column {
    const alarms = this.alarms();
    const status = new cloudwatch.AlarmStatusWidget({
      title: 'Every alarm',
      alarms: [...alarms],
      width: 24,
      height: 2 + Math.ceil(alarms.length / 6),
    });
    const graphs: cloudwatch.IWidget[] = alarms.map(
      (alarm) => new cloudwatch.AlarmWidget({ alarm, title: alarm.node.path.split('/').slice(1).join(' / '), width: 6, height: 5 }),
    );
    const rows: cloudwatch.Row[] = [];
    for (let i = 0; i < graphs.length; i += 4) rows.push(new cloudwatch.Row(...graphs.slice(i, i + 4)));
    return new cloudwatch.Column(status, ...rows);
  }

  get height(): number {
    return this.column().height;
  }

  position(x: number, y: number): void {
    this.x = x;
    this.y = y;
  }

  toJson(): unknown[] {
    const column = this.column();
    column.position(this.x, this.y);
    return column.toJson();
  }
}

/**
 * The product's alarms and the one dashboard that shows them. A function error here means an
 * unhandled failure: the chassis answers every expected problem (bad input, not found, conflicts)
 * with a status code, so the Errors metric only counts crashes and timeouts, and one is worth an
 * alarm. Every function of the stack (ProductFunction) also alarms when Lambda throttles it and
 * when its p99 duration nears its timeout.
 */
export class Monitoring extends Construct {
  /** Receives every alarm's state changes. */
  readonly alarmTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  private readonly metricMath: boolean;

  constructor(scope: Construct, id: string, props: MonitoringProps = {}) {
    super(scope, id);
    this.metricMath = props.metricMath ?? true;
    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Subscription Tracker alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-alarms`,
      defaultInterval: Duration.days(1),
      widgets: [[new AlarmWidgets(() => this.alarms)]],
    });

    // Every function in the stack, wherever it is created: its throttles and its duration.
    const watched = new Set<ProductFunction>();
    const watchFunctions: IAspect = {
      visit: (node: IConstruct) => {
        if (!(node instanceof ProductFunction) || watched.has(node)) return;
        watched.add(node);
        this.alarmOnFunctionLimits(node);
      },
    };
    Aspects.of(Stack.of(this)).add(watchFunctions, { priority: AspectPriority.MUTATING });
  }

  /** Alarms when the function fails at least once in five minutes. */
  alarmOnErrors(id: string, fn: lambda.IFunction, description: string): cloudwatch.Alarm {
    return this.alarmOnAny(this, id, fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }), description);
  }

  /** Alarms when Lambda throttles the function, and when its p99 duration passes 80 % of its timeout. */
  private alarmOnFunctionLimits(productFunction: ProductFunction): void {
    const fn = productFunction.function;
    const name = productFunction.node.path.split('/').slice(1).join('/');
    const id = productFunction.node.path.split('/').slice(1).join('');
    this.alarmOnAny(
      this,
      `${id}ThrottlesAlarm`,
      fn.metricThrottles({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
      `Lambda throttled ${name}: requests were refused for lack of concurrency.`,
    );
    const timeout = productFunction.timeout;
    this.addAlarm(
      new cloudwatch.Alarm(this, `${id}DurationAlarm`, {
        alarmDescription: `${name} runs close to its ${timeout.toHumanString()} timeout (p99 above ${DURATION_ALARM_SHARE_OF_TIMEOUT * 100} %).`,
        metric: fn.metricDuration({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(99) }),
        threshold: timeout.toMilliseconds() * DURATION_ALARM_SHARE_OF_TIMEOUT,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /**
   * Alarms on the share of the API's answers that are 4xx (many clients failing: a broken release,
   * an expired key signing everyone out) and 5xx, counted only from a minimum of requests so that a
   * quiet night's one error is no alarm.
   */
  alarmOnApiErrorRates(httpApi: apigwv2.IHttpApi): void {
    const { clientErrorPercent, serverErrorPercent, minimumRequests } = API_ERROR_RATE_ALARMS;
    const requests = httpApi.metricCount({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    const rate = (errors: cloudwatch.IMetric, label: string) =>
      new cloudwatch.MathExpression({
        expression: `IF(requests >= ${minimumRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors },
        period: FIVE_MINUTES,
        label,
      });
    this.addAlarm(
      new cloudwatch.Alarm(this, 'ApiClientErrorRateAlarm', {
        alarmDescription: `Over ${clientErrorPercent} % of API answers were 4xx for 15 minutes.`,
        metric: rate(httpApi.metricClientError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }), '4xx %'),
        threshold: clientErrorPercent,
        evaluationPeriods: 3,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    this.addAlarm(
      new cloudwatch.Alarm(this, 'ApiServerErrorRateAlarm', {
        alarmDescription: `Over ${serverErrorPercent} % of API answers were 5xx in five minutes.`,
        metric: rate(httpApi.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }), '5xx %'),
        threshold: serverErrorPercent,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /**
   * Alarms when a route of the API answers 5xx, naming the function and route (one contributor per
   * route); a 5xx is an error the chassis caught, so Lambda's own Errors metric never sees it. The
   * dashboard graphs each route's errors and p99 latency beside the alarms.
   */
  alarmOnRouteErrors(): cloudwatch.Alarm {
    const errors = new cloudwatch.MathExpression({ expression: ROUTE_ERRORS_QUERY, period: FIVE_MINUTES, label: '5xx by route' });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'API 5xx by route', left: [errors], width: 12, height: 6 }),
      new cloudwatch.GraphWidget({
        title: 'API p99 latency by route (ms)',
        left: [new cloudwatch.MathExpression({ expression: ROUTE_LATENCY_SEARCH, period: FIVE_MINUTES, label: '' })],
        width: 12,
        height: 6,
      }),
    );
    return this.alarmOnAny(
      this,
      'ApiRouteErrorsAlarm',
      errors,
      'A route of the API answered 5xx: the alarm names its function and route; its log lines carry the request and trace ids.',
    );
  }

  /**
   * Alarms when DynamoDB throttles a request of the functions or fails one itself (a system error). Without
   * metric math, the same facts as plain alarms: the table's read and write throttle events, and each watched
   * operation's system errors.
   */
  alarmOnTable(table: dynamodb.ITable): void {
    const options = { operations: WATCHED_TABLE_OPERATIONS, period: FIVE_MINUTES };
    const throttles = 'DynamoDB throttled requests to the table (a hot partition or an account limit).';
    const systemErrors = 'DynamoDB failed requests to the table with system errors (HTTP 500 from DynamoDB).';
    if (this.metricMath) {
      this.alarmOnAny(this, 'TableThrottlesAlarm', table.metricThrottledRequestsForOperations(options), throttles);
      this.alarmOnAny(this, 'TableSystemErrorsAlarm', table.metricSystemErrorsForOperations(options), systemErrors);
      return;
    }
    for (const events of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      const metric = table.metric(events, { period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
      this.alarmOnAny(this, `Table${events}Alarm`, metric, throttles);
    }
    for (const operation of WATCHED_TABLE_OPERATIONS) {
      const metric = table.metric('SystemErrors', {
        dimensionsMap: { TableName: table.tableName, Operation: operation },
        period: FIVE_MINUTES,
        statistic: cloudwatch.Stats.SUM,
      });
      this.alarmOnAny(this, `Table${operation}SystemErrorsAlarm`, metric, systemErrors);
    }
  }

  /** An alarm as soon as the metric counts one in five minutes, made in `scope`. */
  alarmOnAny(scope: Construct, id: string, metric: cloudwatch.IMetric, description: string): cloudwatch.Alarm {
    return this.addAlarm(
      new cloudwatch.Alarm(scope, id, {
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /**
   * An alarm as soon as a queue holds a message (a dead-letter queue: something failed for good), made in
   * `scope`, the construct that owns the queue.
   */
  alarmOnQueueMessages(scope: Construct, id: string, queue: sqs.IQueue, description: string): cloudwatch.Alarm {
    return this.alarmOnAny(
      scope,
      id,
      queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM }),
      description,
    );
  }

  /** Wires an alarm to the alarm topic (alarm and recovery both notify) and puts it on the dashboard. */
  addAlarm(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    const action = new cloudwatchActions.SnsAction(this.alarmTopic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}
