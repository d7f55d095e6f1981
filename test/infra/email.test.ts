import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUNCE_RATE_ALARM, COMPLAINT_RATE_ALARM, dmarcPolicy, FEEDBACK_RETRY_ATTEMPTS } from '../../infra/email.js';
import { actionsOf, CLOUD_CONTEXT, productFunctions, resourcesOf, type SynthesizedProduct, statementsByRole, synthesize } from './synth.js';

/** Issue 11 §3: the sender domain's identity, DKIM and DMARC, the configuration set and its feedback, the alarms. */
let withZone: SynthesizedProduct;
let withoutZone: SynthesizedProduct;
let zoned: Template;
let plain: Template;

beforeAll(() => {
  // A zone without a custom domain for the site: the e-mail identity uses it on its own.
  withZone = synthesize(
    {
      senderEmail: 'reminders@mail.example.com',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'example.com',
      dmarcReportEmail: 'dmarc@example.com',
    },
    { bundle: false, validate: false },
  );
  // The cloud variant the other files synthesize: no zone.
  withoutZone = synthesize(CLOUD_CONTEXT, { bundle: false });
  zoned = withZone.application;
  plain = withoutZone.application;
});

const records = (template: Template, type: string) =>
  Object.values(resourcesOf(template, 'AWS::Route53::RecordSet'))
    .map((r) => r.Properties)
    .filter((r) => r.Type === type);

describe('the sender identity', () => {
  it('with hostedZoneName: the whole domain, Easy DKIM records and a custom MAIL FROM domain in the zone', () => {
    zoned.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      DkimAttributes: Match.absent(),
      MailFromAttributes: { MailFromDomain: 'bounce.example.com' },
    });
    const dkim = records(zoned, 'CNAME');
    expect(dkim).toHaveLength(3);
    for (const record of dkim) expect(record.HostedZoneId).toBe('Z0123456789ABC');
    expect(records(zoned, 'MX').map((r) => r.Name)).toEqual(['bounce.example.com.']);
    expect(records(zoned, 'TXT').find((r) => r.Name === 'bounce.example.com.')?.ResourceRecords).toEqual([
      '"v=spf1 include:amazonses.com ~all"',
    ]);
  });

  it('with hostedZoneName: a DMARC record that quarantines unaligned mail and sends reports to dmarcReportEmail', () => {
    const [dmarc, ...others] = records(zoned, 'TXT').filter((r) => String(r.Name).startsWith('_dmarc.'));
    expect(others).toEqual([]);
    expect(dmarc).toMatchObject({
      Name: '_dmarc.example.com.',
      HostedZoneId: 'Z0123456789ABC',
      ResourceRecords: ['"v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:dmarc@example.com"'],
    });
    expect(dmarcPolicy()).toBe('v=DMARC1; p=quarantine; adkim=r; aspf=r');
  });

  it('without a zone: the single address, and no DNS records', () => {
    plain.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'reminders@subscriptions.example.com' });
    expect(Object.keys(resourcesOf(plain, 'AWS::Route53::RecordSet'))).toEqual([]);
  });
});

describe('the configuration set', () => {
  for (const [name, template] of [
    ['with a zone', () => zoned],
    ['without a zone', () => plain],
  ] as const) {
    it(`exists ${name}, with reputation metrics and SES's suppression of bounced addresses, and every function sends with it`, () => {
      const app = template();
      const sets = resourcesOf(app, 'AWS::SES::ConfigurationSet');
      expect(Object.keys(sets)).toHaveLength(1);
      const [setId] = Object.keys(sets);
      app.hasResourceProperties('AWS::SES::ConfigurationSet', {
        ReputationOptions: { ReputationMetricsEnabled: true },
        SuppressionOptions: { SuppressedReasons: ['BOUNCE'] },
      });
      for (const fn of productFunctions(app)) expect(fn.properties.Environment.Variables.SES_CONFIGURATION_SET).toEqual({ Ref: setId });
    });
  }

  it('publishes bounces and complaints, and nothing else, to the feedback topic, which SES alone may publish to', () => {
    const [topicId] =
      Object.entries(resourcesOf(plain, 'AWS::SNS::Topic')).find(([, t]) => String(t.Properties.DisplayName).includes('bounces')) ?? [];
    expect(topicId).toBeDefined();
    plain.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: topicId } } },
    });
    plain.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 'sns:Publish', Principal: { Service: 'ses.amazonaws.com' } })]),
      },
    });
  });

  it('subscribes the feedback function, which may only read and write single items: no Scan, no Query, no SES', () => {
    const feedback = productFunctions(plain).find((fn) => fn.properties.Description.includes('bounce or complain'));
    expect(feedback).toBeDefined();
    const [topicId] =
      Object.entries(resourcesOf(plain, 'AWS::SNS::Topic')).find(([, t]) => String(t.Properties.DisplayName).includes('bounces')) ?? [];
    plain.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId },
      Endpoint: { 'Fn::GetAtt': [feedback?.logicalId, 'Arn'] },
    });
    const statements = statementsByRole(plain).get(feedback?.roleLogicalId ?? '') ?? [];
    expect(
      statements
        .flatMap(actionsOf)
        // Tracing, and recording a failed event in its dead-letter queue (below).
        .filter((action) => !action.startsWith('xray:') && !action.startsWith('sqs:'))
        .sort(),
    ).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
  });

  it('lets the senders send only with the product address, through the identity or the configuration set', () => {
    const [setId] = Object.keys(resourcesOf(plain, 'AWS::SES::ConfigurationSet'));
    const sending = [...statementsByRole(plain).values()].flat().filter((s) => actionsOf(s).includes('ses:SendRawEmail'));
    expect(sending.length).toBeGreaterThan(0);
    for (const statement of sending) {
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'reminders@subscriptions.example.com' } });
      expect(JSON.stringify(statement.Resource)).toContain(':configuration-set/');
      expect(JSON.stringify(statement.Resource)).toContain(setId);
    }
  });
});

describe('a bounce is never lost on the way to the suppression list', () => {
  const feedbackFunction = () => {
    const found = productFunctions(plain).find((fn) => fn.properties.Description.includes('bounce or complain'));
    if (!found) throw new Error('no e-mail feedback function');
    return found;
  };
  const deadLetterQueueId = () => {
    const config = Object.values(resourcesOf(plain, 'AWS::Lambda::EventInvokeConfig')).find(
      (c) => JSON.stringify(c.Properties.FunctionName) === JSON.stringify({ Ref: feedbackFunction().logicalId }),
    );
    if (!config) throw new Error('the e-mail feedback function has no asynchronous invocation settings');
    const destination = (config.Properties.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } })
      .OnFailure.Destination;
    return destination['Fn::GetAtt'][0];
  };

  it('records an event the function still fails on after its retries in a dead-letter queue (its failure destination), which it may send to', () => {
    const queueId = deadLetterQueueId();
    expect(resourcesOf(plain, 'AWS::SQS::Queue')[queueId].Properties).toMatchObject({
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
    });
    plain.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: feedbackFunction().logicalId },
      MaximumRetryAttempts: FEEDBACK_RETRY_ATTEMPTS,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    const sends = (statementsByRole(plain).get(feedbackFunction().roleLogicalId) ?? []).filter(
      (s) => actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(queueId),
    );
    expect(sends).toHaveLength(1);
  });

  it('gives the topic’s subscription the same queue as its dead-letter queue, for what SNS cannot deliver, and lets only that topic send to it', () => {
    const queueId = deadLetterQueueId();
    plain.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      Endpoint: { 'Fn::GetAtt': [feedbackFunction().logicalId, 'Arn'] },
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
    const [topicId] =
      Object.entries(resourcesOf(plain, 'AWS::SNS::Topic')).find(([, t]) => String(t.Properties.DisplayName).includes('bounces')) ?? [];
    plain.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'sqs:SendMessage',
            Effect: 'Allow',
            Principal: { Service: 'sns.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': { Ref: topicId } } },
          }),
        ]),
      },
    });
  });

  it('alarms on the first message in that queue', () => {
    const queueId = deadLetterQueueId();
    plain.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: Match.anyValue(),
    });
  });
});

describe('alarms', () => {
  it('on the account bounce rate above 5 % and complaint rate above 0.1 %, to the alarm topic', () => {
    expect([BOUNCE_RATE_ALARM, COMPLAINT_RATE_ALARM]).toEqual([0.05, 0.001]);
    for (const [metric, threshold] of [
      ['Reputation.BounceRate', 0.05],
      ['Reputation.ComplaintRate', 0.001],
    ] as const) {
      plain.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SES',
        MetricName: metric,
        Threshold: threshold,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [Match.objectLike({ Ref: Match.stringLikeRegexp('AlarmTopic') })],
      });
    }
  });
});
