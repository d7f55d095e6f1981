import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { authMessages } from '../shared/api/auth-messages.js';
import { routes } from '../shared/api/index.js';
import { MAIL_ROUTES } from './api.js';
import { acknowledge } from './checks.js';
import { LOG_RETENTION } from './product-function.js';

/**
 * The edge (issue 11 §2, docs/decisions/0062-the-edge.md): the WAF web ACL on the CloudFront
 * distribution, and the secret CloudFront sends to the API so that the API answers nobody else.
 */

/** CloudFront only takes web ACLs of scope CLOUDFRONT, and those exist only in us-east-1. */
export const WEB_ACL_REGION = 'us-east-1';

/**
 * The rate-based rules: requests per client address (the viewer's IP) in a 5-minute window,
 * above which WAF answers 429 until the rate falls back under the limit.
 */
export const WAF_RATE_LIMITS = {
  /**
   * The routes that mail someone (MAIL_ROUTES: sign-up, forgot-password, resend, contact, the admin
   * mail routes): 20 in 5 minutes. API Gateway's route throttles on them are capacity limits shared by
   * everybody (infra/api.ts); this is what keeps one client from using them up. The functions' own
   * limit per address (30 an hour, functions/lib/throttles/throttle.ts) answers a person first.
   */
  mail: { limit: 20, windowSeconds: 300 },
  /** `/api/auth/*` requests other than GET (sign-in, sign-up, password and e-mail mails, settings): 100 in 5 minutes. */
  auth: { limit: 100, windowSeconds: 300 },
  /** Any `/api/*` request, the session poll included: 3,000 in 5 minutes (10 a second). */
  api: { limit: 3000, windowSeconds: 300 },
} as const;

/**
 * AWS managed rule groups, in evaluation order after the rate rules, with the rules of each that
 * only count (their labels and metrics stay) instead of blocking.
 */
export const WAF_MANAGED_RULE_GROUPS = [
  { name: 'AWSManagedRulesAmazonIpReputationList', countOnly: [] },
  {
    name: 'AWSManagedRulesCommonRuleSet',
    countOnly: [
      // Bodies over 8 KB: long announcements need more; each route's own body limit is the chassis's 413.
      // (Avatars no longer pass here: browsers post them straight to the bucket.)
      'SizeRestrictions_BODY',
      // Free text may contain HTML, which the SPA shows as text (docs/decisions/0003-free-text.md).
      'CrossSiteScripting_BODY',
    ],
  },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
] as const;

const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** The path, percent-decoded first, so `/api/auth/regist%65r` is counted as the route it reaches. */
const pathMatch = (positionalConstraint: 'STARTS_WITH' | 'EXACTLY', searchString: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
  },
});
const pathStartsWith = (prefix: string) => pathMatch('STARTS_WITH', prefix);

/**
 * The contract paths of the mail routes: a path with a parameter (`/api/auth/admin/reset-password/{id}`)
 * as its prefix up to the parameter, the others exactly.
 */
export function mailRoutePaths(): Array<{ match: 'STARTS_WITH' | 'EXACTLY'; path: string }> {
  return MAIL_ROUTES.map((name) => {
    const { path } = routes[name];
    const parameter = path.indexOf('{');
    return parameter === -1 ? { match: 'EXACTLY', path } : { match: 'STARTS_WITH', path: path.slice(0, parameter) };
  });
}

/** WAF's logs go to a log group whose name starts with this (WAF's own rule for CloudWatch Logs destinations). */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/**
 * What WAF logs: the requests a rule blocked or counted (a rate limit met, a managed rule's match,
 * the count-only rules). CloudFront's access logs (infra/cloudfront-site.ts) already record every request;
 * logging every allowed one again would cost about as much as the WAF itself at a million users.
 */
export const WAF_LOGGED_ACTIONS = ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'] as const;

/** Request headers whose values WAF's logs never show: the session token. */
export const WAF_REDACTED_HEADERS = ['authorization', 'cookie'] as const;

/** A rate-based rule per client address, scoped to `scope`, answering 429 with the API's JSON error. */
function rateRule(
  name: string,
  priority: number,
  rate: { limit: number; windowSeconds: number },
  scope: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        limit: rate.limit,
        evaluationWindowSec: rate.windowSeconds,
        aggregateKeyType: 'IP',
        scopeDownStatement: scope,
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [{ name: 'retry-after', value: String(rate.windowSeconds) }],
        },
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * The web ACL of the CloudFront distribution (scope CLOUDFRONT, so only in us-east-1): first the
 * rate-based rules on the mail routes, on `/api/auth/*` and on all of `/api/*`, then the AWS managed
 * rule groups. What it blocks or counts is logged to a CloudWatch log group beside it, kept as
 * long as the functions' logs, with the session token redacted.
 */
export class WebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;
  /** What the distribution's `webAclId` takes. */
  readonly arn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const notGet: wafv2.CfnWebACL.StatementProperty = {
      notStatement: {
        statement: {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: 'GET',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      },
    };
    const mailPaths = mailRoutePaths().map(({ match, path }) => pathMatch(match, path));
    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      rateRule('MailRateLimit', 0, WAF_RATE_LIMITS.mail, mailPaths.length > 1 ? { orStatement: { statements: mailPaths } } : mailPaths[0]),
      rateRule('AuthRateLimit', 1, WAF_RATE_LIMITS.auth, { andStatement: { statements: [pathStartsWith('/api/auth/'), notGet] } }),
      rateRule('ApiRateLimit', 2, WAF_RATE_LIMITS.api, pathStartsWith('/api/')),
      ...WAF_MANAGED_RULE_GROUPS.map(
        (group, index): wafv2.CfnWebACL.RuleProperty => ({
          name: group.name,
          priority: 10 + index,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group.name,
              ruleActionOverrides: group.countOnly.length
                ? group.countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } }))
                : undefined,
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility(group.name),
        }),
      ),
    ];
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      description: 'Subscription Tracker: managed rules and per-address rate limits in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ message: authMessages.tooManyRequestsFromAddress }),
        },
      },
      rules,
      visibilityConfig: visibility('SubscriptionTrackerWebAcl'),
    });
    this.arn = this.webAcl.attrArn;

    // Named: WAF logs only to a group whose name has its prefix. Deleted with the stack (a kept group
    // of this name would stop the stack from being created again); a month of logs like the functions'.
    const stack = Stack.of(this);
    const logGroupName = `${WAF_LOG_GROUP_PREFIX}${stack.stackName}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF takes the group's ARN without the `:*` that CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        stack.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      redactedFields: WAF_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: WAF_LOGGED_ACTIONS.map((action) => ({ ActionCondition: { Action: action } })),
          },
        ],
      },
    });
    logging.node.addDependency(this.logGroup);
  }
}

/**
 * The web ACL on its own in us-east-1, for an application stack deployed in another region; the
 * distribution refers to it across regions by a stack output (Fn::GetStackOutput).
 */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, { description: 'Subscription Tracker: the WAF web ACL of the CloudFront distribution (us-east-1)', ...props });
    this.webAcl = new WebAcl(this, 'Waf');
  }
}

/**
 * The secret CloudFront sends to the API in a custom origin header, generated by Secrets Manager:
 * the template holds only a dynamic reference to it, which CloudFormation resolves when it deploys
 * the distribution, and the API functions read it by its ARN.
 */
export class OriginSecret extends Construct {
  readonly secret: secretsmanager.Secret;
  /** `{{resolve:secretsmanager:…}}`: the value, for the distribution's origin header only. */
  readonly headerValue: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'Subscription Tracker: the header value CloudFront sends to the API, which refuses requests without it.',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      // Generated with the distribution that sends it; a new deployment of the stack makes a new one for both.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.headerValue = this.secret.secretValue.unsafeUnwrap();
    acknowledge(
      this.secret,
      "Not rotated by design: CloudFront's origin header holds the value, so a new one comes with a new application stack, for both sides at once.",
      'AwsSolutions-SMG4',
    );
  }
}
