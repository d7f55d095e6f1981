import { Annotations, CfnOutput, Fn, Stack, type StackProps, Token } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { SITE_LOGO_KEY_PREFIX } from '../shared/domain/logos/site-logo.js';
import { HttpProductApi, LocalStackApi, type ProductApi } from './api.js';
import { ApiFunctions, pascalCase } from './api-functions.js';
import { AvatarPipeline, avatarUploadOrigin } from './avatars.js';
import {
  avatarsEntry,
  dailyRatesEntry,
  functionsDir as defaultFunctionsDir,
  emailFeedbackEntry,
  logosEntry,
  membershipExpiryEntry,
  ownerBootstrapEntry,
  reminderPlannerEntry,
  reminderSenderEntry,
} from './bundling.js';
import { acknowledge, acknowledgeCdkHandler, acknowledgeCdkHandlerWildcards, iamFinding } from './checks.js';
import { CloudFrontSite } from './cloudfront-site.js';
import type { DeploymentConfig } from './config.js';
import { AVATAR_KEY_PREFIX } from './data.js';
import type { DataStack } from './data-stack.js';
import { OriginSecret, WEB_ACL_REGION, WebAcl } from './edge.js';
import { EmailFeedback, EmailSender } from './email.js';
import { grantSecretValue } from './grants.js';
import { LocalStackSite } from './localstack-site.js';
import { LogoPipeline } from './logos.js';
import { MembershipExpiry } from './membership.js';
import { Monitoring } from './monitoring.js';
import { OwnerBootstrap } from './owner.js';
import { DailyRates } from './rates.js';
import { ReminderJob } from './reminders.js';
import { builtSite } from './site-build.js';

const CROSS_STACK_REFERENCES_FLAG = '@aws-cdk/core:defaultCrossStackReferences';

export interface ApplicationStackProps extends StackProps {
  config: DeploymentConfig;
  data: DataStack;
  /** Folder holding the functions' handlers; the repository's `functions/` by default. */
  functionsDir?: string;
  /** The built site to publish (cloud only); see builtSite() for the default. */
  site?: s3deploy.ISource;
  /**
   * The WAF web ACL made in its own us-east-1 stack, for an application stack in another region;
   * without it (and with the WAF on) this stack makes the web ACL itself, which deploys only in us-east-1.
   */
  webAclArn?: string;
}

/**
 * Everything that can be rebuilt from the repository: functions, API, site, e-mail identity,
 * reminder schedule and alarms (DESIGN §1). In the cloud the API is an HTTP API behind the
 * site's CloudFront distribution; with `target=localstack` it is a REST API next to an S3 website.
 */
export class ApplicationStack extends Stack {
  readonly api: ProductApi;
  readonly functions: ApiFunctions;
  readonly monitoring: Monitoring;
  readonly site: CloudFrontSite | LocalStackSite;
  /** The web ACL when this stack makes it (us-east-1 or no region given; infra/edge.ts). */
  readonly webAcl?: WebAcl;
  /** The header value CloudFront sends to the API (cloud only). */
  readonly originSecret?: OriginSecret;
  readonly reminders: ReminderJob;
  readonly dailyRates: DailyRates;
  readonly membershipExpiry: MembershipExpiry;
  readonly emailFeedback: EmailFeedback;
  readonly ownerBootstrap?: OwnerBootstrap;

  constructor(scope: Construct, id: string, props: ApplicationStackProps) {
    super(scope, id, { description: 'Subscription Tracker: functions, API, site and reminders', ...props });
    const { config, data } = props;
    // References to the data stack: in the cloud weak ones (Fn::GetStackOutput, no exports to
    // untangle when they change); LocalStack only knows exports (Fn::ImportValue).
    this.node.setContext(CROSS_STACK_REFERENCES_FLAG, config.target === 'aws' ? 'weak' : 'strong');
    const { table, avatarsBucket } = data.store;
    const functionsDir = props.functionsDir ?? defaultFunctionsDir;

    if (config.target === 'aws' && !config.senderEmailConfigured) {
      Annotations.of(this).addWarningV2(
        'subscription-tracker:placeholder-sender',
        `No senderEmail context: e-mail is sent from ${config.senderEmail}, which SES cannot verify. Deploy with -c senderEmail=you@your-domain.`,
      );
    }

    this.monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: config.alarmEmail, metricMath: config.target === 'aws' });
    this.monitoring.alarmOnTable(table);
    if (data.secrets.jwtRotation) {
      this.monitoring.alarmOnErrors(
        'JwtKeyRotationErrorsAlarm',
        data.secrets.jwtRotation,
        'Rotating the session signing key failed: the current key stays in use until a rotation succeeds.',
      );
    }

    const hostedZone = config.hostedZone
      ? route53.PublicHostedZone.fromPublicHostedZoneAttributes(this, 'HostedZone', {
          hostedZoneId: config.hostedZone.id,
          zoneName: config.hostedZone.name,
        })
      : undefined;
    const email = new EmailSender(this, 'Email', {
      senderEmail: config.senderEmail,
      hostedZone,
      dmarcReportEmail: config.dmarcReportEmail,
      monitoring: this.monitoring,
    });

    // The site's URL goes into every function (e-mail links), so the site comes before them.
    let avatarsBaseUrl: string;
    /** Where websites' icons are served when not at the site's own /logos/sites (LocalStack: the bucket's URL). */
    let siteLogosBaseUrl: string | undefined;
    let corsAllowedOrigin: string | undefined;
    if (config.target === 'aws') {
      const api = new HttpProductApi(this, 'Api');
      this.originSecret = new OriginSecret(this, 'OriginSecret');
      let webAclArn = props.webAclArn;
      if (config.waf && !webAclArn) {
        if (!Token.isUnresolved(this.region) && this.region !== WEB_ACL_REGION) {
          throw new Error(`The WAF of a stack in ${this.region} lives in ${WEB_ACL_REGION}: pass webAclArn (addSubscriptionTracker does)`);
        }
        this.webAcl = new WebAcl(this, 'Waf');
        webAclArn = this.webAcl.arn;
      }
      const site = new CloudFrontSite(this, 'Site', {
        site: props.site ?? builtSite(config.webDistDir),
        apiDomainName: api.domainName,
        originSecretValue: this.originSecret.headerValue,
        webAclArn,
        avatarsBucket,
        domain: config.domain,
        hostedZone,
      });
      this.api = api;
      this.site = site;
      avatarsBaseUrl = `${site.url}/${AVATAR_KEY_PREFIX.replace(/\/$/, '')}`;
      new CfnOutput(this, 'DistributionId', {
        value: site.distribution.distributionId,
        description: 'CloudFront distribution of the site',
      });
      this.monitoring.addAlarm(
        api.httpApi.metricServerError({ statistic: 'Sum' }).createAlarm(this, 'ApiServerErrorsAlarm', {
          alarmDescription: 'The API answered 5xx: a function crashed, timed out or was throttled by Lambda.',
          threshold: 5,
          evaluationPeriods: 1,
        }),
      );
      this.monitoring.alarmOnApiErrorRates(api.httpApi);
    } else {
      const site = new LocalStackSite(this, 'Site', { localstackHost: config.localstackHost });
      this.site = site;
      const api = new LocalStackApi(this, 'Api', { localstackHost: config.localstackHost, siteOrigin: site.url });
      this.api = api;
      // The emulators' alarms watch one metric each, so the routes' 5xx alarm (a Metrics Insights query) is the
      // REST API's own 5xx count here, without the route's name (docs/decisions/0146).
      this.monitoring.alarmOnAny(
        this,
        'ApiServerErrorsAlarm',
        api.restApi.metricServerError({ statistic: 'Sum' }),
        'The API answered 5xx: the function logs of the moment name the route, the request and trace ids.',
      );
      corsAllowedOrigin = site.url;
      // LocalStack serves any object at its virtual-host URL, without CloudFront.
      avatarsBaseUrl = Fn.join('', ['http://', avatarsBucket.bucketName, `.s3.${config.localstackHost}/avatars`]);
      siteLogosBaseUrl = Fn.join('', [
        'http://',
        avatarsBucket.bucketName,
        `.s3.${config.localstackHost}/${SITE_LOGO_KEY_PREFIX.replace(/\/$/, '')}`,
      ]);
      new CfnOutput(this, 'SiteBucketName', {
        value: site.bucket.bucketName,
        description: 'Bucket the site is published to (scripts/deploy-local.ts)',
      });
    }

    const environment: Record<string, string> = {
      TABLE_NAME: table.tableName,
      PUBLIC_URL: this.site.url,
      SENDER_EMAIL: config.senderEmail,
      SES_CONFIGURATION_SET: email.configurationSetName,
      JWT_SECRET_ARN: data.secrets.jwtSecret.secretArn,
      AVATARS_BUCKET: avatarsBucket.bucketName,
      AVATARS_BASE_URL: avatarsBaseUrl,
      LOG_LEVEL: config.logLevel,
      ...(corsAllowedOrigin ? { CORS_ALLOWED_ORIGIN: corsAllowedOrigin } : {}),
    };

    this.functions = new ApiFunctions(this, 'Functions', {
      target: config.target,
      environment,
      table,
      jwtSecret: data.secrets.jwtSecret,
      twoFactorKey: data.secrets.twoFactorKey,
      vapidKey: data.secrets.vapidKey,
      email,
      supportEmail: config.supportEmail,
      landingCountersMinUsers: config.landingCountersMinUsers,
      functionsDir,
      originSecret: this.originSecret?.secret,
      singleSignOn: config.singleSignOn,
      passwordSignIn: config.passwordSignIn,
    });
    this.api.routeContract(this.functions.byArea);
    for (const [area, fn] of this.functions.byArea) {
      this.monitoring.alarmOnErrors(`${pascalCase(area)}ErrorsAlarm`, fn, `The ${area} function failed (crash or timeout).`);
    }
    if (config.target === 'aws') this.monitoring.alarmOnRouteErrors();

    new AvatarPipeline(this, 'Avatars', {
      entry: avatarsEntry(functionsDir),
      target: config.target,
      environment,
      table,
      avatarsBucket,
      uploadUrl:
        config.target === 'aws'
          ? avatarUploadOrigin(avatarsBucket)
          : Fn.join('', ['http://', avatarsBucket.bucketName, `.s3.${config.localstackHost}`]),
      uploadFunctions: [
        this.functions.byArea.get('account') as NodejsFunction,
        this.functions.byArea.get('subscriptions') as NodejsFunction,
      ],
      monitoring: this.monitoring,
    });

    new LogoPipeline(this, 'Logos', {
      entry: logosEntry(functionsDir),
      target: config.target,
      environment: siteLogosBaseUrl ? { ...environment, SITE_LOGOS_BASE_URL: siteLogosBaseUrl } : environment,
      table,
      avatarsBucket,
      monitoring: this.monitoring,
    });

    this.emailFeedback = new EmailFeedback(this, 'EmailFeedback', {
      entry: emailFeedbackEntry(functionsDir),
      target: config.target,
      environment,
      table,
      email,
      monitoring: this.monitoring,
    });

    this.membershipExpiry = new MembershipExpiry(this, 'MembershipExpiry', {
      entry: membershipExpiryEntry(functionsDir),
      target: config.target,
      environment,
      table,
      apiFunction: this.functions.byArea.get('membership') as NodejsFunction,
      monitoring: this.monitoring,
    });

    this.reminders = new ReminderJob(this, 'ReminderJob', {
      plannerEntry: reminderPlannerEntry(functionsDir),
      senderEntry: reminderSenderEntry(functionsDir),
      target: config.target,
      environment: {
        ...environment,
        // Web Push channels: the VAPID key signs each message, the support address is its contact (RFC 8292).
        VAPID_KEY_ARN: data.secrets.vapidKey.secretArn,
        SUPPORT_EMAIL: config.supportEmail,
      },
      table,
      email,
      sesMaxSendRate: config.sesMaxSendRate,
      monitoring: this.monitoring,
    });
    // An invitation to share a subscription queues its mail on the reminder queue, for the sender to send
    // (issue 34 §2: the request takes the same time whether or not the invitee has an account).
    const subscriptionsFunction = this.functions.byArea.get('subscriptions') as NodejsFunction;
    subscriptionsFunction.addEnvironment('REMINDER_QUEUE_URL', this.reminders.queue.queueUrl);
    this.reminders.queue.grant(subscriptionsFunction, 'sqs:SendMessage');
    // Each reminder's unsubscribe link is a token signed with the session key (functions/lib/auth/jwt.ts).
    grantSecretValue(data.secrets.jwtSecret, this.reminders.sender);
    grantSecretValue(data.secrets.vapidKey, this.reminders.sender);
    this.dailyRates = new DailyRates(this, 'DailyRates', {
      entry: dailyRatesEntry(functionsDir),
      target: config.target,
      environment,
      table,
      monitoring: this.monitoring,
    });
    this.acknowledgeStackLevelConstructs();
    new CfnOutput(this, 'ReminderFunctionName', {
      value: this.reminders.planner.functionName,
      description: 'The reminder planner: invoke it to plan a day now (LocalStack never fires schedules); the sender sends from the queue',
    });

    // The first owner: created on deployment in the cloud; on LocalStack, whose free tier runs no
    // custom resources, by invoking the function after deployment (scripts/deploy-local.ts).
    const { owner } = config;
    const { ownerPasswordSecret, ownerPasswordSecretId } = data.secrets;
    if (owner && ownerPasswordSecret && ownerPasswordSecretId) {
      this.ownerBootstrap = new OwnerBootstrap(this, 'OwnerBootstrap', {
        entry: ownerBootstrapEntry(functionsDir),
        target: config.target,
        environment,
        table,
        owner: {
          username: owner.username,
          email: owner.email,
          passwordSecret: ownerPasswordSecret,
          passwordSecretId: ownerPasswordSecretId,
        },
        runOnDeploy: config.target === 'aws',
      });
      new CfnOutput(this, 'OwnerUsername', { value: owner.username, description: 'The first owner account' });
      new CfnOutput(this, 'OwnerBootstrapFunctionName', {
        value: this.ownerBootstrap.function.functionName,
        description: 'Creates the first owner if there is none (invoke with {"RequestType":"Create"})',
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The product' });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.url,
      description: 'Base URL of the API; contract paths (/api/...) append to it',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'The DynamoDB table' });
    new CfnOutput(this, 'AvatarsBucketName', {
      value: avatarsBucket.bucketName,
      description: 'Bucket of avatar images',
    });
    if (config.owner && data.secrets.ownerPasswordSecret && !config.owner.passwordSecretName) {
      new CfnOutput(this, 'OwnerPasswordSecretArn', {
        value: data.secrets.ownerPasswordSecret.secretArn,
        description: `Generated first password of the owner "${config.owner.username}" (aws secretsmanager get-secret-value --secret-id <arn>)`,
      });
    }
  }

  /**
   * cdk-nag findings on what CDK itself puts at the stack's top level: BucketDeployment's handler
   * (one for the stack) and the execution role EventBridge Scheduler's Lambda target makes.
   */
  private acknowledgeStackLevelConstructs(): void {
    for (const child of this.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledgeCdkHandler(child, 'The site deployment (BucketDeployment)');
        acknowledgeCdkHandlerWildcards(
          child,
          "BucketDeployment's own grants: reading this deployment's assets from CDK's asset bucket and writing the site bucket's objects.",
        );
      }
      if (child.node.id.startsWith('SchedulerRoleForTarget-')) {
        acknowledge(
          child,
          'The daily schedule invokes the reminder planner only, any of its versions (the `:*` CDK grants).',
          iamFinding(child, 'AwsSolutions-IAM5', 'Resource', `${this.reminders.planner.functionArn}:*`),
        );
      }
    }
  }
}
