import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_THROTTLE, AUTH_THROTTLE, MAIL_ROUTES, MAIL_THROTTLE } from '../../infra/api.js';
import { mailRoutePaths, WAF_LOG_GROUP_PREFIX, WAF_MANAGED_RULE_GROUPS, WAF_RATE_LIMITS } from '../../infra/edge.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import { EDGE_HEADERS } from '../../shared/api/edge.js';
import { AREAS, routes } from '../../shared/api/index.js';
import {
  actionsOf,
  CLOUD_CONTEXT,
  CUSTOM_DOMAIN_CONTEXT,
  LOCALSTACK_CONTEXT,
  OTHER_REGION,
  productFunctions,
  resourcesOf,
  type SynthesizedProduct,
  statementsByRole,
  synthesize,
} from './synth.js';

/** The edge in the synthesized templates (issue 11 §2, docs/decisions/0062-the-edge.md). */

const CONTEXT = CLOUD_CONTEXT;
const synth = synthesize;

interface Rule {
  Name: string;
  Priority: number;
  Statement: Record<string, any>;
  Action?: Record<string, any>;
  OverrideAction?: Record<string, any>;
}

function webAclOf(template: Template) {
  const acls = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  return acls[0].Properties as { Scope: string; DefaultAction: unknown; Rules: Rule[]; CustomResponseBodies: Record<string, any> };
}

function distributionOf(template: Template) {
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  return (distribution.Properties as { DistributionConfig: Record<string, any> }).DistributionConfig;
}

function apiOriginOf(template: Template) {
  const config = distributionOf(template);
  const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
  return config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId) as {
    OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>;
  };
}

describe('in us-east-1 or with no region given: the web ACL in the application stack', () => {
  let app: Template;
  beforeAll(() => {
    app = synth(CONTEXT, { bundle: false }).application;
  });

  it('puts a CLOUDFRONT web ACL in front of the distribution', () => {
    const acl = webAclOf(app);
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    const [aclId] = Object.keys(resourcesOf(app, 'AWS::WAFv2::WebACL'));
    expect(distributionOf(app).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('limits each client address on /api/auth/* (all but GET) and on /api/*, answering 429 with the API’s JSON error', () => {
    const { Rules, CustomResponseBodies } = webAclOf(app);
    const auth = Rules.find((rule) => rule.Name === 'AuthRateLimit');
    expect(auth?.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.auth.limit,
      EvaluationWindowSec: WAF_RATE_LIMITS.auth.windowSeconds,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        AndStatement: {
          Statements: [
            { ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: '/api/auth/' } },
            { NotStatement: { Statement: { ByteMatchStatement: { FieldToMatch: { Method: {} }, SearchString: 'GET' } } } },
          ],
        },
      },
    });
    const api = Rules.find((rule) => rule.Name === 'ApiRateLimit');
    expect(api?.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_RATE_LIMITS.api.limit,
      ScopeDownStatement: { ByteMatchStatement: { PositionalConstraint: 'STARTS_WITH', SearchString: '/api/' } },
    });
    for (const rule of [auth, api]) {
      expect(rule?.Action?.Block.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' });
    }
    expect(JSON.parse(CustomResponseBodies.TooManyRequests.Content)).toEqual({ message: authMessages.tooManyRequestsFromAddress });
    expect(CustomResponseBodies.TooManyRequests.ContentType).toBe('APPLICATION_JSON');
  });

  it('limits each client address on the routes that mail someone, first: sign-up, forgot-password, resend, contact and the admin mail routes', () => {
    const { Rules } = webAclOf(app);
    const mail = Rules.find((rule) => rule.Name === 'MailRateLimit');
    expect(mail?.Priority).toBe(Math.min(...Rules.map((rule) => rule.Priority)));
    expect(mail?.Action?.Block.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' });
    const statement = mail?.Statement.RateBasedStatement;
    expect(statement).toMatchObject({
      Limit: WAF_RATE_LIMITS.mail.limit,
      EvaluationWindowSec: WAF_RATE_LIMITS.mail.windowSeconds,
      AggregateKeyType: 'IP',
    });
    const matches = (statement.ScopeDownStatement.OrStatement.Statements as Array<{ ByteMatchStatement: Record<string, any> }>).map(
      ({ ByteMatchStatement: match }) => {
        // Percent-decoded first: an encoded path reaches the same route and counts the same.
        expect(match.FieldToMatch).toEqual({ UriPath: {} });
        expect(match.TextTransformations).toEqual([{ Priority: 0, Type: 'URL_DECODE' }]);
        return `${match.PositionalConstraint} ${match.SearchString}`;
      },
    );
    expect(matches).toEqual(mailRoutePaths().map(({ match, path }) => `${match} ${path}`));
    expect(matches).toEqual(
      expect.arrayContaining([
        'EXACTLY /api/auth/register',
        'EXACTLY /api/auth/forgot-password',
        'EXACTLY /api/auth/resend-verification-public',
        'EXACTLY /api/contact',
        'EXACTLY /api/admin/preview-email',
        'STARTS_WITH /api/auth/admin/reset-password/',
      ]),
    );
    // Every mail route of the contract is covered, its parameter and all.
    for (const name of MAIL_ROUTES) {
      const path = routes[name].path;
      expect(
        mailRoutePaths().some((m) => (m.match === 'EXACTLY' ? m.path === path : path.startsWith(m.path))),
        name,
      ).toBe(true);
    }
    // Tighter than the auth rule, which also counts these routes.
    expect(WAF_RATE_LIMITS.mail.limit).toBeLessThan(WAF_RATE_LIMITS.auth.limit);
  });

  it('runs the IP reputation, common and known-bad-input rule groups, the common set’s body-size rule counting only (long announcements)', () => {
    const { Rules } = webAclOf(app);
    const groups = Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(groups.map((rule) => rule.Statement.ManagedRuleGroupStatement.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const group of groups) {
      expect(group.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(group.OverrideAction).toEqual({ None: {} });
    }
    const common = groups.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
      WAF_MANAGED_RULE_GROUPS[1].countOnly.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect(WAF_MANAGED_RULE_GROUPS[1].countOnly).toContain('SizeRestrictions_BODY');
    // The rate rules come first: a flood is refused before the rule groups inspect it.
    const priorities = Rules.map((rule) => rule.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
    expect(Math.max(...Rules.filter((r) => r.Statement.RateBasedStatement).map((r) => r.Priority))).toBeLessThan(
      Math.min(...groups.map((r) => r.Priority)),
    );
  });

  it('sends the origin secret to the API as a Secrets Manager reference, never its value', () => {
    const [secretId, secret] = Object.entries(resourcesOf(app, 'AWS::SecretsManager::Secret'))[0];
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(apiOriginOf(app).OriginCustomHeaders).toEqual([
      {
        HeaderName: EDGE_HEADERS.originSecret,
        HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] },
      },
    ]);
    // No literal secret anywhere: the only header value is the dynamic reference above.
    expect(JSON.stringify(app.toJSON())).not.toMatch(/"HeaderValue":"/);
    // The other origins (the buckets) get no secret.
    const others = distributionOf(app).Origins.filter((o: { OriginCustomHeaders?: unknown }) => o.OriginCustomHeaders);
    expect(others).toHaveLength(1);
  });

  it('tells every API function where the origin secret is and lets it read that secret, and no other function', () => {
    const [secretId] = Object.keys(resourcesOf(app, 'AWS::SecretsManager::Secret'));
    const statements = statementsByRole(app);
    const functions = productFunctions(app);
    const api = functions.filter((fn) => fn.properties.Description.startsWith('Subscription Tracker API: '));
    expect(api).toHaveLength(AREAS.length);
    for (const fn of functions) {
      const isApi = api.includes(fn);
      const variables = fn.properties.Environment.Variables;
      expect(variables.ORIGIN_SECRET).toBeUndefined();
      expect(variables.ORIGIN_SECRET_ARN).toEqual(isApi ? { Ref: secretId } : undefined);
      const readsIt = (statements.get(fn.roleLogicalId) ?? []).some(
        (s) => actionsOf(s).includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(secretId),
      );
      expect(readsIt, fn.properties.Description).toBe(isApi);
    }
  });

  it('throttles the mail-sending routes and sign-in routes tighter than the rest, per route', () => {
    const [stageId, stage] = Object.entries(resourcesOf(app, 'AWS::ApiGatewayV2::Stage'))[0];
    const mail = { ThrottlingRateLimit: MAIL_THROTTLE.rateLimit, ThrottlingBurstLimit: MAIL_THROTTLE.burstLimit };
    const auth = { ThrottlingRateLimit: AUTH_THROTTLE.rateLimit, ThrottlingBurstLimit: AUTH_THROTTLE.burstLimit };
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: API_THROTTLE.rateLimit,
      ThrottlingBurstLimit: API_THROTTLE.burstLimit,
    });
    const settings = stage.Properties.RouteSettings as Record<string, unknown>;
    for (const route of [
      'POST /api/auth/register',
      'POST /api/auth/forgot-password',
      'POST /api/auth/resend-verification-public',
      'POST /api/auth/admin/reset-password/{id}',
      'POST /api/admin/preview-email',
    ]) {
      expect(settings[route], route).toEqual(mail);
    }
    for (const route of ['POST /api/auth/login', 'POST /api/auth/reset-password', 'PUT /api/auth/settings', 'POST /api/2fa/verify']) {
      expect(settings[route], route).toEqual(auth);
    }
    // The session poll and everything else keep the default.
    for (const route of ['GET /api/auth/me', 'GET /api/subscriptions', 'GET /api/stats']) expect(settings[route]).toBeUndefined();
    expect(MAIL_THROTTLE.rateLimit).toBeLessThan(AUTH_THROTTLE.rateLimit);
    expect(AUTH_THROTTLE.rateLimit).toBeLessThan(API_THROTTLE.rateLimit);
    // Route settings may only name routes that exist: the stage waits for each of them.
    const routeIds = Object.entries(resourcesOf(app, 'AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => settings[route.Properties.RouteKey as string])
      .map(([id]) => id);
    expect(routeIds).toHaveLength(Object.keys(settings).length);
    const dependsOn = (app.toJSON().Resources[stageId].DependsOn ?? []) as string[];
    for (const id of routeIds) expect(dependsOn).toContain(id);
  });
});

describe('with -c waf=false', () => {
  let app: Template;
  beforeAll(() => {
    app = synth({ ...CONTEXT, waf: 'false' }, { bundle: false, validate: false }).application;
  });

  it('has no web ACL, but keeps the origin secret', () => {
    app.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(distributionOf(app).WebACLId).toBeUndefined();
    expect(apiOriginOf(app).OriginCustomHeaders?.[0]?.HeaderName).toBe(EDGE_HEADERS.originSecret);
  });
});

describe('deployed in another region', () => {
  let product: SynthesizedProduct;
  beforeAll(() => {
    // With a custom domain, as test/infra/custom-domain.test.ts has it: one synthesis for both.
    product = synth(CUSTOM_DOMAIN_CONTEXT, { bundle: false, env: OTHER_REGION });
  });

  it('puts the web ACL in a us-east-1 stack of its own, which the distribution refers to by a stack output', () => {
    expect(product.stacks.edge?.region).toBe('us-east-1');
    expect(product.stacks.application.region).toBe('eu-west-1');
    product.application.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(webAclOf(product.edge as Template).Scope).toBe('CLOUDFRONT');
    const reference = distributionOf(product.application).WebACLId['Fn::GetStackOutput'];
    expect(reference).toMatchObject({ StackName: product.stacks.edge?.stackName, Region: 'us-east-1' });
    const [aclId] = Object.keys(resourcesOf(product.edge as Template, 'AWS::WAFv2::WebACL'));
    expect(product.edge?.toJSON().Outputs[reference.OutputName].Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('logs the web ACL beside it in us-east-1, where WAF writes a CLOUDFRONT web ACL’s logs', () => {
    const edge = product.edge as Template;
    const groupName = `${WAF_LOG_GROUP_PREFIX}${product.stacks.edge?.stackName}`;
    edge.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: groupName });
    const [logging] = Object.values(resourcesOf(edge, 'AWS::WAFv2::LoggingConfiguration'));
    expect(logging.Properties.LogDestinationConfigs).toEqual([`arn:aws:logs:us-east-1:123456789012:log-group:${groupName}`]);
    product.application.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 0);
  });

  it('has no edge stack with waf=false', () => {
    const withoutWaf = synth({ ...CONTEXT, waf: 'false' }, { bundle: false, validate: false, env: OTHER_REGION });
    expect(withoutWaf.stacks.edge).toBeUndefined();
  });
});

describe('on LocalStack (no CloudFront)', () => {
  let app: Template;
  beforeAll(() => {
    app = synth(LOCALSTACK_CONTEXT, { bundle: false, validate: false }).application;
  });

  it('has no web ACL and no origin secret: the functions check none there', () => {
    app.resourceCountIs('AWS::WAFv2::WebACL', 0);
    for (const fn of productFunctions(app)) expect(fn.properties.Environment.Variables.ORIGIN_SECRET_ARN).toBeUndefined();
  });

  it('throttles the REST API’s methods like the HTTP API’s routes', () => {
    const [stage] = Object.values(resourcesOf(app, 'AWS::ApiGateway::Stage'));
    const settings = stage.Properties.MethodSettings as Array<Record<string, unknown>>;
    const of = (path: string, method: string) => settings.find((s) => s.ResourcePath === path && s.HttpMethod === method);
    expect(of('/~1api~1auth~1register', 'POST')).toMatchObject({
      ThrottlingRateLimit: MAIL_THROTTLE.rateLimit,
      ThrottlingBurstLimit: MAIL_THROTTLE.burstLimit,
    });
    expect(of('/~1api~1auth~1login', 'POST')).toMatchObject({ ThrottlingRateLimit: AUTH_THROTTLE.rateLimit });
    expect(of('/*', '*')).toMatchObject({ ThrottlingRateLimit: API_THROTTLE.rateLimit });
  });
});
