import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  /** Address that gets alarm notifications (it must confirm the SNS subscription once). */
  alarmEmail?: string;
}

/**
 * The product's alarms. A function error here means an unhandled failure: the chassis answers
 * every expected problem (bad input, not found, conflicts) with a status code, so the Errors
 * metric only counts crashes and timeouts, and one is worth an alarm.
 */
export class Monitoring extends Construct {
  /** Receives every alarm's state changes. */
  readonly alarmTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps = {}) {
    super(scope, id);
    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Subscription Tracker alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
  }

  /** Alarms when the function fails at least once in five minutes. */
  alarmOnErrors(id: string, fn: lambda.IFunction, description: string): cloudwatch.Alarm {
    return this.addAlarm(
      new cloudwatch.Alarm(this, id, {
        alarmDescription: description,
        metric: fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  /** Wires an alarm to the alarm topic (alarm and recovery both notify). */
  addAlarm(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    const action = new cloudwatchActions.SnsAction(this.alarmTopic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}
