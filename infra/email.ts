import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeDeadLetterQueue, iamFinding } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { type EmailSendGrant, grantTableAccess } from './grants.js';
import type { Monitoring } from './monitoring.js';
import { ProductFunction } from './product-function.js';

/** SES puts an account under review at a 5 % bounce rate; the alarm fires above it. */
export const BOUNCE_RATE_ALARM = 0.05;
/** And at a 0.1 % complaint rate. */
export const COMPLAINT_RATE_ALARM = 0.001;

/**
 * The domain's DMARC policy: mail that fails both DKIM and SPF alignment goes to spam. Relaxed
 * alignment, because the sender may be a subdomain of the zone (DKIM signs as the zone).
 */
export function dmarcPolicy(reportEmail?: string): string {
  return ['v=DMARC1', 'p=quarantine', 'adkim=r', 'aspf=r', ...(reportEmail ? [`rua=mailto:${reportEmail}`] : [])].join('; ');
}

export interface EmailSenderProps {
  /** The From address of every e-mail the product sends. */
  senderEmail: string;
  /**
   * When the sender's domain is this Route 53 zone or inside it, the zone's whole domain is the
   * identity: Easy DKIM records, a custom MAIL FROM domain and a DMARC record written into the zone.
   * Otherwise the single address is verified by the link SES e-mails to it.
   */
  hostedZone?: route53.IPublicHostedZone;
  /** Where DMARC aggregate reports go (`rua`); none without it. */
  dmarcReportEmail?: string;
  monitoring: Monitoring;
}

/**
 * The SES identity the product sends e-mail from (verification, password reset, reminders), and the
 * configuration set every send uses: its bounce and complaint events go to `feedbackTopic`, SES's
 * own suppression list takes the bounced addresses too, and alarms watch the account's bounce and
 * complaint rates. The functions use the SES v1 API (`@aws-sdk/client-ses`), which LocalStack's free tier also has.
 */
export class EmailSender extends Construct implements EmailSendGrant {
  readonly senderEmail: string;
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  /** Receives the configuration set's bounce and complaint events (EmailFeedback subscribes to it). */
  readonly feedbackTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: EmailSenderProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    const senderDomain = props.senderEmail.split('@')[1].toLowerCase();
    const zone = props.hostedZone;
    const zoneName = zone?.zoneName.replace(/\.$/, '').toLowerCase();
    const domainIdentity = zone !== undefined && (senderDomain === zoneName || senderDomain.endsWith(`.${zoneName}`));
    if (zone && !domainIdentity) {
      Annotations.of(this).addWarningV2(
        'subscription-tracker:sender-outside-zone',
        `The sender ${props.senderEmail} is not in the zone ${zoneName}: only the address is verified, without DKIM or DMARC.`,
      );
    }
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: zone && domainIdentity ? ses.Identity.publicHostedZone(zone) : ses.Identity.email(props.senderEmail),
      // The envelope sender in the domain too, so SPF aligns with the From address as DKIM does.
      ...(zone && domainIdentity ? { mailFromDomain: `bounce.${zoneName}` } : {}),
    });
    if (zone && domainIdentity) {
      new route53.TxtRecord(this, 'Dmarc', {
        zone,
        recordName: `_dmarc.${zoneName}`,
        values: [dmarcPolicy(props.dmarcReportEmail)],
        comment: 'DMARC policy of the product e-mail domain',
      });
    }

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      // SES itself drops mail to addresses that bounced; complaints are the product's own rule
      // (functions/lib/email/email.ts), so a verification or reset the person asks for still reaches them.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_ONLY,
    });
    this.feedbackTopic = new sns.Topic(this, 'FeedbackTopic', {
      displayName: 'Subscription Tracker e-mail bounces and complaints',
      enforceSSL: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.feedbackTopic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    // The account's reputation, as SES judges it (its review thresholds), over the last hour's sends.
    const reputation = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    const rateAlarm = (alarmId: string, metricName: string, threshold: number, description: string) =>
      props.monitoring.addAlarm(
        new cloudwatch.Alarm(this, alarmId, {
          alarmDescription: description,
          metric: reputation(metricName),
          threshold,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    rateAlarm(
      'BounceRateAlarm',
      'Reputation.BounceRate',
      BOUNCE_RATE_ALARM,
      'SES bounce rate above 5 %: SES reviews the account at this rate.',
    );
    rateAlarm(
      'ComplaintRateAlarm',
      'Reputation.ComplaintRate',
      COMPLAINT_RATE_ALARM,
      'SES complaint rate above 0.1 %: SES reviews the account at this rate.',
    );
  }

  /** The configuration set's name, for the functions' SES_CONFIGURATION_SET. */
  get configurationSetName(): string {
    return this.configurationSet.configurationSetName;
  }

  /**
   * Lets a function send e-mail from the sender address and from nothing else, with the product's
   * configuration set. The identity resource is every identity because, while the account is in the
   * SES sandbox, SES also authorizes against the recipient's identity; the `ses:FromAddress`
   * condition is what pins the sender.
   */
  grantSend(grantee: iam.IGrantable): void {
    const stack = Stack.of(this);
    const anyIdentity = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendFromProductSender',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          anyIdentity,
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSetName }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': this.senderEmail } },
      }),
    );
    if (Construct.isConstruct(grantee)) {
      acknowledge(
        grantee,
        "In the SES sandbox SES also authorizes against the recipient's identity; the ses:FromAddress condition pins the sender.",
        iamFinding(grantee, 'AwsSolutions-IAM5', 'Resource', anyIdentity),
      );
    }
  }
}

export interface EmailFeedbackProps {
  /** TypeScript module exporting the `handler` (functions/email-feedback/handler.ts). */
  entry: string;
  target: DeploymentTarget;
  environment: Record<string, string>;
  table: dynamodb.ITable;
  email: EmailSender;
  monitoring: Monitoring;
}

/** How many times Lambda runs a failed feedback event again before it goes to the dead-letter queue. */
export const FEEDBACK_RETRY_ATTEMPTS = 2;

/**
 * The function the feedback topic invokes: a permanent bounce or a complaint suppresses the address
 * (`SUPPRESSED#<address>`) and flags it on its owner's user item, found by the e-mail guard. It may
 * read the guard and write those two items, nothing else.
 *
 * A bounce is never lost on the way: an event SNS cannot deliver to the function (after SNS's own
 * retries) and an event the function still fails on after Lambda's retries both land in
 * `deadLetterQueue` (14 days), whose alarm fires on the first message. Its messages name the
 * address, to be suppressed by hand or sent to the topic again.
 */
export class EmailFeedback extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: EmailFeedbackProps) {
    super(scope, id);
    this.function = new ProductFunction(this, 'EmailFeedback', {
      entry: props.entry,
      description: 'Subscription Tracker: stops e-mail to addresses that bounce or complain',
      target: props.target,
      environment: props.environment,
      memorySize: 256,
      timeout: Duration.seconds(30),
    }).function;
    acknowledge(
      this.function,
      'Its failures go to an on-failure destination (the dead-letter queue below), which records the error with the event.',
      'Serverless-LambdaDLQ',
    );
    grantTableAccess(props.table, this.function, { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] });
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(this.deadLetterQueue);
    // SNS invokes the function asynchronously: Lambda retries a failed event, then records it here.
    this.function.configureAsyncInvoke({
      retryAttempts: FEEDBACK_RETRY_ATTEMPTS,
      onFailure: new SqsDestination(this.deadLetterQueue),
    });
    // What SNS itself cannot deliver (the function throttled or gone) goes to the same queue.
    props.email.feedbackTopic.addSubscription(
      new subscriptions.LambdaSubscription(this.function, { deadLetterQueue: this.deadLetterQueue }),
    );
    props.monitoring.alarmOnQueueMessages(
      this,
      'DeadLetterAlarm',
      this.deadLetterQueue,
      'An SES bounce or complaint could not be handled (see the e-mail feedback dead-letter queue): its address is not suppressed yet.',
    );
    props.monitoring.alarmOnErrors(
      'EmailFeedbackErrorsAlarm',
      this.function,
      'Handling an SES bounce or complaint failed: the address may still get mail.',
    );
  }
}
