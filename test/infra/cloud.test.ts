import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_BCRYPT_COST } from '../../functions/lib/chassis/config.js';
import { API_THROTTLE } from '../../infra/api.js';
import { areaNeeds } from '../../infra/area-needs.js';
import { PROFILE_REMOVAL_PATTERN } from '../../infra/avatar-events.js';
import { SPA_ROUTING_FUNCTION_CODE } from '../../infra/cloudfront-site.js';
import { AVATAR_KEY_PREFIX } from '../../infra/data.js';
import { senderFleet } from '../../infra/reminders.js';
import { AVATAR_UPLOAD_PREFIX } from '../../shared/api/account.js';
import { AREAS, routes, routesOfArea } from '../../shared/api/index.js';
import {
  actionsOf,
  CLOUD_CONTEXT,
  type PolicyStatementJson,
  type ProductFunctionResource,
  productFunctions,
  resourcesOf,
  type SynthesizedProduct,
  statementsByRole,
  synthesize,
} from './synth.js';

// AWS managed CloudFront policies (their ids are fixed).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const BOOTSTRAP_DESCRIPTION = 'Subscription Tracker: creates the first owner account if there is none';

let product: SynthesizedProduct;
let app: Template;
let functions: ProductFunctionResource[];

function functionOfArea(area: string): ProductFunctionResource {
  const found = functions.find((fn) => fn.properties.Description === `Subscription Tracker API: ${area} routes`);
  if (!found) throw new Error(`no function for area ${area}`);
  return found;
}

beforeAll(() => {
  // Without esbuild: these tests read the templates only. The functions' bundles are built by `npm run synth`
  // (cdk.out) and, with the stack's own options, measured in bundling.test.ts.
  product = synthesize(CLOUD_CONTEXT, { bundle: false });
  app = product.application;
  functions = productFunctions(app);
});

describe('functions', () => {
  it('deploys one function per API area of the contract, plus the reminder planner and sender, the membership expiry, the e-mail feedback, the avatar and logo functions, the daily rates and the owner bootstrap', () => {
    expect(functions).toHaveLength(AREAS.length + 8);
    for (const area of AREAS) expect(functionOfArea(area)).toBeDefined();
  });

  it('runs every function on Node.js 24 on ARM64, without run-time source maps (they cost cold-start time)', () => {
    for (const fn of functions) {
      expect(fn.properties.Runtime).toBe('nodejs24.x');
      expect(fn.properties.Architectures).toEqual(['arm64']);
      expect(fn.properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    }
  });

  it('gives the bcrypt-hashing auth function 1024 MB and the others what their area needs', () => {
    expect(functionOfArea('auth').properties.MemorySize).toBe(1024);
    // The session check (GET /api/auth/me), polled by every visible tab, runs in its own small function.
    expect(functionOfArea('session').properties.MemorySize).toBe(256);
    expect(routes.me).toMatchObject({ path: '/api/auth/me', area: 'session' });
    for (const area of AREAS) expect(functionOfArea(area).properties.MemorySize).toBe(areaNeeds(area).memorySize);
  });

  it('configures every function with what the chassis validates at cold start', () => {
    for (const fn of functions) {
      expect(Object.keys(fn.properties.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'PUBLIC_URL', 'SENDER_EMAIL', 'JWT_SECRET_ARN', 'AVATARS_BUCKET', 'LOG_LEVEL']),
      );
      expect(fn.properties.Environment.Variables.SENDER_EMAIL).toBe('reminders@subscriptions.example.com');
      expect(fn.properties.Environment.Variables.JWT_SECRET).toBeUndefined();
    }
    // The landing counters' threshold (infra/config.ts `landingCountersMinUsers`), given to the stats function only.
    expect(functionOfArea('stats').properties.Environment.Variables.LANDING_COUNTERS_MIN_USERS).toBe('100');
    expect(functionOfArea('auth').properties.Environment.Variables.LANDING_COUNTERS_MIN_USERS).toBeUndefined();
  });

  it('gives the single sign-on provider to the sso function, with its client secret readable by it alone, and turns passwords off where they are taken (issue 38 §2)', () => {
    const secret = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:oidc-client-AbCdEf';
    const withSso = synthesize(
      {
        ...CLOUD_CONTEXT,
        oidcIssuer: 'https://id.example.com',
        oidcClientId: 'tracker',
        oidcName: 'Example ID',
        oidcClientSecretArn: secret,
        passwordSignIn: 'false',
      },
      { bundle: false, validate: false },
    ).application;
    const ssoFunctions = productFunctions(withSso);
    const variablesOf = (area: string) =>
      ssoFunctions.find((fn) => fn.properties.Description === `Subscription Tracker API: ${area} routes`)?.properties.Environment.Variables;
    expect(variablesOf('sso')).toMatchObject({
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'tracker',
      OIDC_NAME: 'Example ID',
      OIDC_CLIENT_SECRET_ARN: secret,
      OIDC_SIGN_UP: 'on',
      PASSWORD_SIGN_IN: 'off',
    });
    expect(variablesOf('auth')).toMatchObject({ PASSWORD_SIGN_IN: 'off' });
    expect(variablesOf('auth')?.OIDC_ISSUER).toBeUndefined();
    const readers = Object.values(resourcesOf(withSso, 'AWS::IAM::Policy')).filter((policy) => JSON.stringify(policy).includes(secret));
    expect(readers).toHaveLength(1);
    // Without the context, no function has it.
    expect(functionOfArea('sso').properties.Environment.Variables.OIDC_ISSUER).toBeUndefined();
  });

  it("hashes passwords at production's bcrypt cost: no function sets a lower one", () => {
    const all = Object.values(resourcesOf(app, 'AWS::Lambda::Function'));
    expect(all.length).toBeGreaterThanOrEqual(functions.length);
    for (const fn of all) {
      const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      expect([undefined, String(PRODUCTION_BCRYPT_COST)]).toContain(variables.BCRYPT_COST);
    }
    expect(PRODUCTION_BCRYPT_COST).toBe(10);
  });

  it('alarms on the errors of every API and reminder function', () => {
    const alarms = Object.values(resourcesOf(app, 'AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.MetricName === 'Errors' && alarm.Properties.Namespace === 'AWS/Lambda',
    );
    // The data stack's signing key rotation function is watched too, by reference (test/infra/operations.test.ts).
    const watched = alarms
      .map((alarm) => (alarm.Properties.Dimensions as Array<{ Value: { Ref?: string } }>)[0].Value.Ref)
      .filter((ref) => ref !== undefined);
    const running = functions.filter((fn) => fn.properties.Description !== BOOTSTRAP_DESCRIPTION);
    expect(watched.toSorted((a, b) => a.localeCompare(b))).toEqual(
      running.map((fn) => fn.logicalId).toSorted((a, b) => a.localeCompare(b)),
    );
  });
});

describe('owner bootstrap', () => {
  let bootstrap: ProductFunctionResource;
  beforeAll(() => {
    const found = functions.find((fn) => fn.properties.Description === BOOTSTRAP_DESCRIPTION);
    if (!found) throw new Error('no owner bootstrap function');
    bootstrap = found;
  });

  it('creates the owner on deployment through a custom resource', () => {
    app.hasResourceProperties('Custom::OwnerBootstrap', {
      username: 'owner',
      email: 'owner@subscriptions.example.com',
    });
  });

  it('gives the owner settings to the bootstrap function only, the password as a secret reference', () => {
    const variables = bootstrap.properties.Environment.Variables;
    expect(variables.OWNER_USERNAME).toBe('owner');
    expect(variables.OWNER_EMAIL).toBe('owner@subscriptions.example.com');
    expect(variables.OWNER_PASSWORD_SECRET_ARN).toBeDefined();
    expect(variables).not.toHaveProperty('OWNER_PASSWORD');
    for (const area of AREAS) expect(functionOfArea(area).properties.Environment.Variables).not.toHaveProperty('OWNER_USERNAME');
  });

  it('lets only the bootstrap function read the owner password', () => {
    const ownerSecret = JSON.stringify(bootstrap.properties.Environment.Variables.OWNER_PASSWORD_SECRET_ARN);
    const readers = [...statementsByRole(app)]
      .filter(([, statements]) => statements.some((s) => JSON.stringify(s.Resource) === ownerSecret))
      .map(([role]) => role);
    expect(readers).toEqual([bootstrap.roleLogicalId]);
  });
});

describe('data', () => {
  it('keeps one on-demand table with pk/sk, gsi1, gsi2, TTL on expiresAt and point-in-time recovery, retained', () => {
    product.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    product.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
          { AttributeName: 'gsi2pk', AttributeType: 'S' },
          { AttributeName: 'gsi2sk', AttributeType: 'S' },
        ]),
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
          }),
          Match.objectLike({
            IndexName: 'gsi2',
            KeySchema: [
              { AttributeName: 'gsi2pk', KeyType: 'HASH' },
              { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
            ],
          }),
        ],
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });

  it('keeps avatars in a private, encrypted, retained bucket', () => {
    product.data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      },
    });
  });

  it('expires stray avatar uploads after a day, tells EventBridge of arrivals, streams the table, and lets pages post', () => {
    product.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Prefix: AVATAR_UPLOAD_PREFIX, ExpirationInDays: 1, Status: 'Enabled' })]),
      },
      NotificationConfiguration: { EventBridgeConfiguration: { EventBridgeEnabled: true } },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'] })] },
    });
    product.data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'KEYS_ONLY' } });
  });

  it('generates the session signing key, the two-factor key, the VAPID key and the owner password in Secrets Manager', () => {
    const secrets = Object.values(resourcesOf(product.data, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(4);
    for (const secret of secrets) {
      expect(secret.Properties.GenerateSecretString).toBeDefined();
      expect(secret.Properties).not.toHaveProperty('SecretString');
    }
  });

  it('does not depend on the application stack, so the application can be replaced on its own', () => {
    expect(product.stacks.data.dependencies).toEqual([]);
    expect(product.stacks.application.dependencies).toEqual([product.stacks.data]);
    const dataTemplate = JSON.stringify(product.data.toJSON());
    expect(dataTemplate).not.toContain('Fn::GetStackOutput');
    expect(dataTemplate).not.toContain('Fn::ImportValue');
  });
});

describe('permissions', () => {
  let statements: Map<string, PolicyStatementJson[]>;
  beforeAll(() => {
    statements = statementsByRole(app);
  });
  const of = (area: string) => statements.get(functionOfArea(area).roleLogicalId) ?? [];
  const allows = (area: string, action: string) => of(area).some((s) => s.Effect === 'Allow' && actionsOf(s).includes(action));
  it('never grants a wildcard action, and no DynamoDB action with a wildcard', () => {
    for (const statement of [...statements.values()].flat()) {
      for (const action of actionsOf(statement)) {
        expect(action).not.toBe('*');
        expect(action).not.toMatch(/:\*$/);
        if (action.startsWith('dynamodb:')) expect(action).not.toContain('*');
      }
    }
  });

  it('lets the stats function read the table and settle a membership (an update), but not put or delete items', () => {
    expect(allows('stats', 'dynamodb:GetItem')).toBe(true);
    for (const write of ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
      expect(allows('stats', write)).toBe(false);
    }
  });

  it('lets the contact function read one item (the suppression check), put, update and delete items, send e-mail and read the origin secret, and nothing else: no Query, no Scan', () => {
    const tableActions = of('contact')
      .filter((s) => s.Effect === 'Allow')
      .flatMap((s) => actionsOf(s).filter((action) => action.startsWith('dynamodb:')));
    expect(tableActions.sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    const services = new Set(of('contact').flatMap((s) => actionsOf(s).map((action) => action.split(':')[0])));
    expect([...services].sort()).toEqual(['dynamodb', 'secretsmanager', 'ses', 'xray']);
    expect(allows('contact', 'ses:SendRawEmail')).toBe(true);
    const secretActions = of('contact').flatMap((s) => actionsOf(s).filter((action) => action.startsWith('secretsmanager:')));
    expect(secretActions).toEqual(['secretsmanager:GetSecretValue']);
  });

  it('never lets a function reach loopback: no function sets OUTBOUND_ALLOW_LOOPBACK (functions/lib/outbound/outbound.ts)', () => {
    for (const fn of functions)
      expect(fn.properties.Environment.Variables.OUTBOUND_ALLOW_LOOPBACK, fn.properties.Description).toBeUndefined();
  });

  it('lets the reminder sender put channel deliveries and their retries on the reminder queue (issue 25 §2)', () => {
    const sender = functions.find(
      (fn) => fn.properties.Description === 'Subscription Tracker: sends the reminder e-mails on the reminder queue',
    );
    expect(sender?.properties.Environment.Variables.REMINDER_QUEUE_URL).toBeDefined();
  });

  it('tells the support address only to the contact function and, as the Web Push contact, the reminders function', () => {
    for (const area of AREAS) {
      const support = functionOfArea(area).properties.Environment.Variables.SUPPORT_EMAIL;
      expect(support, area).toBe(area === 'contact' || area === 'reminders' ? 'help@subscriptions.example.com' : undefined);
    }
  });

  it('lets only the reminders function and the reminder sender read the VAPID key, and tells only them where it is', () => {
    const sender = functions.find((f) =>
      /^Subscription Tracker: sends the reminder/.test(String(f.properties.Description)),
    ) as ProductFunctionResource;
    const keyArn = functionOfArea('reminders').properties.Environment.Variables.VAPID_KEY_ARN;
    expect(JSON.stringify(keyArn)).toContain('VapidKey');
    expect(sender.properties.Environment.Variables.VAPID_KEY_ARN).toEqual(keyArn);
    const readers = [...statements]
      .filter(([, list]) =>
        list.some(
          (s) =>
            actionsOf(s).includes('secretsmanager:GetSecretValue') &&
            [s.Resource].flat().some((resource) => JSON.stringify(resource) === JSON.stringify(keyArn)),
        ),
      )
      .map(([role]) => role);
    expect(new Set(readers)).toEqual(new Set([functionOfArea('reminders').roleLogicalId, sender.roleLogicalId]));
    expect(readers).toHaveLength(2);
    for (const area of AREAS.filter((a) => a !== 'reminders')) {
      expect(functionOfArea(area).properties.Environment.Variables.VAPID_KEY_ARN).toBeUndefined();
    }
  });

  it('lets the announcements function read and write the table, and nothing else: no e-mail, no avatars, no two-factor key', () => {
    for (const action of ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
      expect(allows('announcements', action), action).toBe(true);
    }
    expect(of('announcements').some((s) => actionsOf(s).some((action) => /^(ses|s3|kms):/.test(action)))).toBe(false);
    expect(functionOfArea('announcements').properties.Environment.Variables.TWO_FACTOR_KEY_ARN).toBeUndefined();
  });

  it('lets the account and subscriptions functions put objects under the upload prefix only (the policies they sign: avatars, logos), the account function send no e-mail', () => {
    for (const area of ['account', 'subscriptions'] as const) {
      const s3 = of(area).filter((s) => actionsOf(s).some((action) => action.startsWith('s3:')));
      expect(s3.flatMap(actionsOf), area).toEqual(['s3:PutObject']);
      expect(JSON.stringify(s3[0].Resource)).toContain(`/${AVATAR_UPLOAD_PREFIX}*`);
      expect(functionOfArea(area).properties.Environment.Variables.AVATARS_UPLOAD_URL).toBeDefined();
    }
    expect(of('account').some((s) => actionsOf(s).some((action) => action.startsWith('ses:')))).toBe(false);
    expect(of('auth').some((s) => actionsOf(s).some((action) => action.startsWith('s3:')))).toBe(false);
  });

  it('gives the admin function exactly the table, the sender address, the session key and tracing: no avatar object', () => {
    const services = new Set(of('admin').flatMap((s) => actionsOf(s).map((action) => action.split(':')[0])));
    expect([...services].sort()).toEqual(['dynamodb', 'secretsmanager', 'ses', 'xray']);
    expect(allows('admin', 'dynamodb:TransactWriteItems') || allows('admin', 'dynamodb:PutItem')).toBe(true);
    expect(allows('admin', 'dynamodb:BatchWriteItem')).toBe(true);
    expect(allows('admin', 'ses:SendEmail')).toBe(true);
    expect(of('admin').some((s) => actionsOf(s).some((action) => action.startsWith('scheduler:')))).toBe(false);
  });

  it('invokes the avatar function on uploads under the prefix, and on profile removals from the table stream', () => {
    app.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: Match.objectLike({
        source: ['aws.s3'],
        'detail-type': ['Object Created'],
        detail: Match.objectLike({ object: { key: [{ prefix: AVATAR_UPLOAD_PREFIX }] } }),
      }),
    });
    app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(PROFILE_REMOVAL_PATTERN) }] },
      DestinationConfig: { OnFailure: Match.objectLike({ Destination: Match.anyValue() }) },
    });
  });

  it('lets no other API function touch avatar objects', () => {
    for (const area of AREAS.filter((a) => a !== 'account' && a !== 'subscriptions')) {
      expect(
        of(area).some((s) => actionsOf(s).some((action) => action.startsWith('s3:'))),
        area,
      ).toBe(false);
    }
  });

  it('lets the avatar function read and delete uploads, put and delete pictures, and list those two prefixes only', () => {
    const role = Object.entries(resourcesOf(app, 'AWS::Lambda::Function')).find(([, fn]) =>
      String(fn.Properties.Description).includes('checks avatar uploads'),
    )?.[1].Properties.Role as { 'Fn::GetAtt': [string, string] } | undefined;
    expect(role).toBeDefined();
    const s3 = (statements.get(role?.['Fn::GetAtt'][0] ?? '') ?? []).filter((s) => actionsOf(s).some((action) => action.startsWith('s3:')));
    const on = (prefix: string) =>
      s3
        .filter((s) => JSON.stringify(s.Resource).includes(`/${prefix}*`))
        .flatMap(actionsOf)
        .sort();
    expect(on(AVATAR_UPLOAD_PREFIX)).toEqual(['s3:DeleteObject', 's3:GetObject']);
    expect(on(AVATAR_KEY_PREFIX)).toEqual(['s3:DeleteObject', 's3:PutObject']);
    const listing = s3.find((s) => actionsOf(s).includes('s3:ListBucket'));
    expect(listing?.Condition).toEqual({ StringLike: { 's3:prefix': [`${AVATAR_KEY_PREFIX}*`, `${AVATAR_UPLOAD_PREFIX}*`] } });
  });

  it('lets e-mail be sent from the sender address only, by the areas that send it', () => {
    const sending = of('auth').find((s) => actionsOf(s).includes('ses:SendEmail'));
    expect(sending?.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'reminders@subscriptions.example.com' } });
    // Issue 34 §2: the subscriptions function queues an invitation's mail (the reminder sender sends it), so
    // the answer takes as long whoever is invited: it sends no e-mail itself.
    expect(allows('subscriptions', 'ses:SendEmail')).toBe(false);
    expect(allows('subscriptions', 'sqs:SendMessage')).toBe(true);
    expect(allows('calendar', 'ses:SendEmail')).toBe(false);
    expect(allows('stats', 'ses:SendEmail')).toBe(false);
  });

  it('lets only the twofa function read the two-factor key, and tells only it where the key is', () => {
    const keyArn = functionOfArea('twofa').properties.Environment.Variables.TWO_FACTOR_KEY_ARN;
    expect(keyArn).toBeDefined();
    expect(JSON.stringify(keyArn)).toContain('TwoFactorKey');
    const readers = [...statements]
      .filter(([, list]) =>
        list.some(
          (s) =>
            actionsOf(s).includes('secretsmanager:GetSecretValue') &&
            [s.Resource].flat().some((resource) => JSON.stringify(resource) === JSON.stringify(keyArn)),
        ),
      )
      .map(([role]) => role);
    expect(readers).toEqual([functionOfArea('twofa').roleLogicalId]);
    for (const area of AREAS.filter((a) => a !== 'twofa')) {
      expect(functionOfArea(area).properties.Environment.Variables.TWO_FACTOR_KEY_ARN).toBeUndefined();
    }
  });

  it('lets the session signing key be read only where sessions are signed or verified', () => {
    for (const area of AREAS) {
      const verifiesSessions = area === 'auth' || routesOfArea(area).some(([, route]) => route.access !== 'public' || route.optionalSignIn);
      // Every API function also reads the origin secret (test/infra/edge.test.ts): only the signing key counts here.
      const keyArn = JSON.stringify(functionOfArea(area).properties.Environment.Variables.JWT_SECRET_ARN);
      const readsKey = of(area).some(
        (s) => actionsOf(s).includes('secretsmanager:GetSecretValue') && [s.Resource].flat().some((r) => JSON.stringify(r) === keyArn),
      );
      expect(readsKey, area).toBe(verifiesSessions);
    }
  });
});

describe('API', () => {
  it('has exactly one HTTP API route per contract route', () => {
    const routeKeys = Object.values(resourcesOf(app, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    const expected = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(routeKeys.sort()).toEqual(expected.sort());
  });

  it("sends each route to its area's function with payload format 2.0", () => {
    const integrations = resourcesOf(app, 'AWS::ApiGatewayV2::Integration');
    for (const resource of Object.values(resourcesOf(app, 'AWS::ApiGatewayV2::Route'))) {
      const routeKey = resource.Properties.RouteKey as string;
      const route = Object.values(routes).find((r) => `${r.method} ${r.path}` === routeKey);
      const integrationId = (resource.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })['Fn::Join'][1][1].Ref;
      const integration = integrations[integrationId].Properties as {
        IntegrationUri: { 'Fn::GetAtt': [string, string] };
        PayloadFormatVersion: string;
      };
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(integration.IntegrationUri['Fn::GetAtt'][0]).toBe(functionOfArea(route?.area ?? 'none').logicalId);
    }
  });

  it('throttles the default stage', () => {
    app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: API_THROTTLE.burstLimit,
        ThrottlingRateLimit: API_THROTTLE.rateLimit,
      },
    });
  });

  it('has no CORS configuration: browsers reach it on the site origin', () => {
    app.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.absent() });
  });
});

describe('site', () => {
  type Behavior = {
    PathPattern: string;
    AllowedMethods: string[];
    CachePolicyId: string;
    OriginRequestPolicyId?: string;
    TargetOriginId: string;
    ViewerProtocolPolicy: string;
  };
  let distribution: {
    DefaultCacheBehavior: {
      FunctionAssociations: Array<{ EventType: string }>;
      ResponseHeadersPolicyId: unknown;
      TargetOriginId: string;
    };
    CacheBehaviors: Behavior[];
    CustomErrorResponses?: unknown;
    Origins: Array<{
      Id: string;
      OriginAccessControlId?: unknown;
      S3OriginConfig?: unknown;
      CustomOriginConfig?: { OriginProtocolPolicy: string };
    }>;
  };
  beforeAll(() => {
    const [resource] = Object.values(resourcesOf(app, 'AWS::CloudFront::Distribution'));
    distribution = (resource.Properties as { DistributionConfig: typeof distribution }).DistributionConfig;
  });
  const behavior = (path: string) => distribution.CacheBehaviors.find((b) => b.PathPattern === path);
  const origin = (id: string) => distribution.Origins.find((o) => o.Id === id);

  it('serves the site bucket and the avatars bucket (avatars, and websites’ icons: issue 36 §3) through Origin Access Control', () => {
    app.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    expect(origin(distribution.DefaultCacheBehavior.TargetOriginId)?.OriginAccessControlId).toBeDefined();
    const avatars = behavior('/avatars/*');
    expect(avatars).toBeDefined();
    expect(origin(avatars?.TargetOriginId ?? '')?.OriginAccessControlId).toBeDefined();
    expect(avatars?.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(behavior('/logos/sites/*')).toEqual(avatars && { ...avatars, PathPattern: '/logos/sites/*' });
  });

  it('sends /api/* to the HTTP API uncached, with every method and all viewer headers but Host', () => {
    const api = behavior('/api/*');
    expect(api?.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api?.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api?.AllowedMethods.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api?.ViewerProtocolPolicy).toBe('https-only');
    expect(origin(api?.TargetOriginId ?? '')?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
  });

  it("never lets CloudFront keep one user's figures for another: /api/stats?currency= goes through the uncached /api/* behaviour only (issue 24 §1)", () => {
    // CloudFront's path patterns: `*` any characters, `?` one; the first behaviour that matches serves the request.
    const matches = (pattern: string, path: string) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replaceAll('*', '.*')
          .replaceAll('?', '.')}$`,
      ).test(path);
    for (const path of ['/api/stats', '/api/rates']) {
      const first = distribution.CacheBehaviors.find((b) => matches(b.PathPattern, path));
      expect(first?.PathPattern, path).toBe('/api/*');
      expect(first?.CachePolicyId, path).toBe(CACHING_DISABLED);
    }
  });

  it('falls back to the SPA with a viewer-request function, never with distribution-wide error pages', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    app.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_ROUTING_FUNCTION_CODE });
  });

  it('rewrites / to the prerendered landing page, other screens to the app shell, and leaves files alone', () => {
    const handler = new Function(`${SPA_ROUTING_FUNCTION_CODE}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/app.html');
    expect(rewrite('/features')).toBe('/app.html');
    expect(rewrite('/admin/users/')).toBe('/app.html');
    expect(rewrite('/verify-email')).toBe('/app.html');
    expect(rewrite('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(rewrite('/config.json')).toBe('/config.json');
  });

  /** The site's CSP as synthesized, the avatars bucket's domain (a reference to the data stack) as `<avatars bucket>`. */
  const sitePolicy = () => {
    const [policy] = Object.values(app.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as Array<{
      Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } } } };
    }>;
    const csp = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    if (typeof csp === 'string') return csp;
    const [separator, parts] = (csp as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map((part) => (typeof part === 'string' ? part : '<avatars bucket>')).join(separator);
  };

  it('sends security headers on every behaviour', () => {
    app.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({
            AccessControlMaxAgeSec: Match.anyValue(),
            IncludeSubdomains: true,
          }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentTypeOptions: { Override: true },
        },
      },
    });
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      // The API on the site's own origin, and avatar uploads posted to the avatars bucket (infra/avatars.ts).
      "connect-src 'self' https://<avatars bucket>;",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ]) {
      expect(sitePolicy()).toContain(directive);
    }
    const policyIds = [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors].map((b) =>
      JSON.stringify((b as { ResponseHeadersPolicyId: unknown }).ResponseHeadersPolicyId),
    );
    expect(new Set(policyIds).size).toBe(1);
    expect(policyIds[0]).toBeDefined();
  });

  it('lets only this distribution read the avatars bucket, over TLS', () => {
    app.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('publishes the web build with long-lived caching for hashed assets only, and the brand logos cached a day', () => {
    app.resourceCountIs('Custom::CDKBucketDeployment', 4);
    app.hasResourceProperties('Custom::CDKBucketDeployment', { Include: ['assets/*'], Prune: false });
    app.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['logos/*'],
      Prune: false,
      SystemMetadata: Match.objectLike({ 'cache-control': 'public, max-age=86400' }),
    });
    app.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*', 'logos/*', 'manifest.webmanifest'],
      DistributionPaths: ['/*'],
    });
  });

  it("keeps every release's hashed assets for the tabs still running it: nothing deletes or expires under assets/", () => {
    // docs/decisions/0053-deploy-under-open-tabs.md.
    const deployments = Object.values(resourcesOf(app, 'Custom::CDKBucketDeployment')).map(
      ({ Properties }) => Properties as { Include?: string[]; Exclude?: string[]; Prune?: boolean; DestinationBucketName: { Ref: string } },
    );
    const assets = deployments.filter((deployment) => deployment.Include?.includes('assets/*'));
    expect(assets).toEqual([expect.objectContaining({ Exclude: ['*'], Prune: false })]);
    // A deployment that prunes (deletes what its build lacks) leaves assets/ out of it: the AWS CLI's
    // `s3 sync --delete` never deletes an excluded key.
    for (const deployment of deployments) {
      if (deployment.Prune !== false) expect(deployment.Exclude).toContain('assets/*');
    }
    const siteBucket = resourcesOf(app, 'AWS::S3::Bucket')[(assets[0] as (typeof deployments)[number]).DestinationBucketName.Ref];
    expect(siteBucket).toBeDefined();
    const lifecycle = siteBucket?.Properties.LifecycleConfiguration as { Rules: Array<Record<string, any>> } | undefined;
    const rules = lifecycle?.Rules ?? [];
    // No lifecycle rule expires objects under assets/ (a rule without a prefix covers every key).
    const prefix = (rule: Record<string, any>): string => rule.Prefix ?? rule.Filter?.Prefix ?? '';
    const expires = (rule: Record<string, any>) => rule.ExpirationInDays !== undefined || rule.ExpirationDate !== undefined;
    const coversAssets = (rule: Record<string, any>) => 'assets/'.startsWith(prefix(rule)) || prefix(rule).startsWith('assets/');
    expect(rules.filter((rule) => expires(rule) && coversAssets(rule))).toEqual([]);
  });

  it('publishes the web app manifest as application/manifest+json, and lets the site load it (manifest-src)', () => {
    app.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['manifest.webmanifest'],
      Prune: false,
      SystemMetadata: Match.objectLike({ 'content-type': 'application/manifest+json' }),
    });
    expect(sitePolicy()).toContain("manifest-src 'self'");
    expect(sitePolicy()).toContain("img-src 'self'");
  });
});

describe('reminders', () => {
  const PLANNER = 'Subscription Tracker: plans the reminders of each hour onto the reminder queue';
  const SENDER = 'Subscription Tracker: sends the reminder e-mails on the reminder queue';
  const fn = (description: string) => functions.find((f) => f.properties.Description === description) as ProductFunctionResource;
  const queues = () => resourcesOf(app, 'AWS::SQS::Queue');
  /** The reminder queue (the one with a redrive policy) and its dead-letter queue. */
  const reminderQueues = () => {
    const [queue, properties] = Object.entries(queues()).find(([, q]) => q.Properties.RedrivePolicy) as [
      string,
      { Properties: Record<string, any> },
    ];
    return {
      queue,
      properties: properties.Properties,
      deadLetter: properties.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string,
    };
  };
  /** The queue the schedule and the planner's failed runs go to. */
  const runDeadLetterQueue = () =>
    (scheduleOf(app).Target as unknown as { DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string] } } }).DeadLetterConfig.Arn['Fn::GetAtt'][0];
  const scheduleOf = (template: Template) =>
    Object.values(resourcesOf(template, 'AWS::Scheduler::Schedule')).find((schedule) =>
      String(schedule.Properties.Description).startsWith('Hourly reminder run'),
    )?.Properties as {
      ScheduleExpression: string;
      ScheduleExpressionTimezone: string;
      Target: { RoleArn: { 'Fn::GetAtt': [string] }; Arn: { 'Fn::GetAtt': [string, string] }; Input: string };
    };

  it('starts the planner every hour on the hour (issue 25 §1), retrying twice within an hour, then dead-lettering', () => {
    app.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 * * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: Match.objectLike({
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [runDeadLetterQueue(), 'Arn'] } },
      }),
    });
    expect(scheduleOf(app).Target.Arn['Fn::GetAtt'][0]).toBe(fn(PLANNER).logicalId);
  });

  it("sends the run's nominal time, which stays the same on every retry", () => {
    expect(JSON.parse(scheduleOf(app).Target.Input)).toEqual({ scheduledTime: '<aws.scheduler.scheduled-time>' });
  });

  it('gives the planner 15 minutes and the queue, and resumes a run that failed twice before dead-lettering it', () => {
    const planner = fn(PLANNER);
    expect(planner.properties.Timeout).toBe(900);
    expect(planner.properties.Environment.Variables.REMINDER_QUEUE_URL).toEqual({ Ref: reminderQueues().queue });
    app.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: planner.logicalId },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [runDeadLetterQueue(), 'Arn'] } } },
    });
  });

  it('feeds the sender from the queue in batches of 10 with partial batch responses, at most 3 senders for 14 e-mails a second', () => {
    const sender = fn(SENDER);
    app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: sender.logicalId },
      EventSourceArn: { 'Fn::GetAtt': [reminderQueues().queue, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 3 },
    });
    const fleet = senderFleet(14);
    expect(fleet.concurrency * fleet.ratePerSender).toBeCloseTo(14);
    expect(sender.properties.Environment.Variables).toMatchObject({
      SES_SEND_RATE_PER_SENDER: String(14 / 3),
      REMINDER_CLAIM_TIMEOUT_SECONDS: String(fleet.claimTimeoutSeconds),
    });
    // A claim outlives the sender; a redelivery comes after the claim has gone stale.
    expect(sender.properties.Timeout).toBe(fleet.timeoutSeconds);
    expect(fleet.claimTimeoutSeconds).toBeGreaterThan(fleet.timeoutSeconds);
    expect(reminderQueues().properties.VisibilityTimeout).toBe(fleet.visibilityTimeoutSeconds);
    expect(fleet.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(
      Math.max(6 * fleet.timeoutSeconds, fleet.timeoutSeconds + fleet.claimTimeoutSeconds),
    );
  });

  it('bounds the senders by sesMaxSendRate, never below the event source floor of 2', () => {
    for (const [rate, senders] of [
      ['1', 2],
      ['50', 10],
    ] as const) {
      const other = synthesize({ senderEmail: 'reminders@example.com', sesMaxSendRate: rate }, { bundle: false, validate: false });
      other.application.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: senders } });
      const sender = productFunctions(other.application).find((f) => f.properties.Description === SENDER);
      expect(Number(sender?.properties.Environment.Variables.SES_SEND_RATE_PER_SENDER) * senders).toBeCloseTo(Number(rate));
    }
  });

  it('dead-letters a reminder after 5 deliveries, and alarms on both dead-letter queues and on a queue that is not keeping up', () => {
    const { properties, deadLetter } = reminderQueues();
    expect(properties.RedrivePolicy.maxReceiveCount).toBe(5);
    const alarms = Object.values(resourcesOf(app, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, any>);
    const onQueue = (queue: string, metric: string) =>
      alarms.filter((a) => a.MetricName === metric && a.Namespace === 'AWS/SQS' && JSON.stringify(a.Dimensions).includes(`"${queue}"`));
    expect(onQueue(deadLetter, 'ApproximateNumberOfMessagesVisible')).toEqual([expect.objectContaining({ Threshold: 1 })]);
    expect(onQueue(runDeadLetterQueue(), 'ApproximateNumberOfMessagesVisible')).toEqual([expect.objectContaining({ Threshold: 1 })]);
    expect(onQueue(reminderQueues().queue, 'ApproximateAgeOfOldestMessage')).toEqual([expect.objectContaining({ Threshold: 3 * 3600 })]);
    for (const alarm of [
      ...onQueue(deadLetter, 'ApproximateNumberOfMessagesVisible'),
      ...onQueue(reminderQueues().queue, 'ApproximateAgeOfOldestMessage'),
    ]) {
      expect(alarm.AlarmActions).toHaveLength(1);
    }
  });

  it('gives the planner and the sender exactly the actions they use: no Scan, SES and the signing key only for the sender, SQS send for the planner and the sender (channel deliveries)', () => {
    const statements = statementsByRole(app);
    const actions = (f: ProductFunctionResource) => (statements.get(f.roleLogicalId) ?? []).flatMap(actionsOf).sort();
    const planner = statements.get(fn(PLANNER).roleLogicalId) ?? [];
    const onQueue = (queue: string) =>
      planner
        .filter((st) => JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [queue, 'Arn'] }))
        .flatMap(actionsOf)
        .sort();
    // Its own sends to the reminder queue; Lambda's on-failure destination records failed runs with the
    // function's role, in the run dead-letter queue.
    expect(onQueue(reminderQueues().queue)).toEqual(['sqs:SendMessage']);
    expect(onQueue(runDeadLetterQueue())).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    expect(
      planner
        .filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')))
        .flatMap(actionsOf)
        .sort(),
    ).toEqual([
      'dynamodb:BatchGetItem',
      // Rewriting a user's reminder index entries (issue 25 §1): the owner, their subscriptions, transactions of puts and deletes.
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query', // the user's subscriptions
      'dynamodb:Query', // gsi1: the hours' entries and the user list
      'dynamodb:UpdateItem',
    ]);
    // Tracing (X-Ray) aside.
    const own = (f: ProductFunctionResource) => actions(f).filter((a) => !a.startsWith('xray:'));
    expect(own(fn(PLANNER)).filter((a) => !a.startsWith('sqs:') && !a.startsWith('dynamodb:'))).toEqual([]);
    expect(own(fn(SENDER))).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem', // the deliveries log, a Web Push channel turned off (issue 25 §2)
      'dynamodb:Query', // the newest stored day of exchange rates (issue 24 §1), the user's channels (issue 25 §2)
      'dynamodb:UpdateItem',
      'secretsmanager:GetSecretValue',
      'ses:SendEmail',
      'ses:SendRawEmail',
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
      'sqs:SendMessage', // a reminder's channel deliveries and their delayed retries (issue 25 §2)
    ]);
  });

  it('lets the scheduler invoke the planner and nothing else', () => {
    const schedule = scheduleOf(app);
    const role = schedule.Target.RoleArn['Fn::GetAtt'][0];
    const statements = statementsByRole(app).get(role) ?? [];
    expect(statements.flatMap(actionsOf).sort()).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    const invoke = statements.find((s) => actionsOf(s).includes('lambda:InvokeFunction'));
    // The function and its versions: nothing else.
    expect(invoke?.Resource).toEqual([schedule.Target.Arn, { 'Fn::Join': ['', [schedule.Target.Arn, ':*']] }]);
    const trust = resourcesOf(app, 'AWS::IAM::Role')[role].Properties as {
      AssumeRolePolicyDocument: { Statement: Array<{ Principal: unknown; Condition: { StringEquals: Record<string, unknown> } }> };
    };
    for (const statement of trust.AssumeRolePolicyDocument.Statement) {
      expect(statement.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
      expect(Object.keys(statement.Condition.StringEquals)).toContain('aws:SourceAccount');
    }
  });
});

describe('daily exchange rates (issue 24 §1)', () => {
  const RATES = "Subscription Tracker: stores the day's ECB reference exchange rates";
  const rates = () => functions.find((f) => f.properties.Description === RATES) as ProductFunctionResource;
  const schedule = () =>
    Object.values(resourcesOf(app, 'AWS::Scheduler::Schedule')).find((s) => String(s.Properties.Description).startsWith('Daily ECB'))
      ?.Properties as {
      Target: {
        RoleArn: { 'Fn::GetAtt': [string] };
        Arn: { 'Fn::GetAtt': [string, string] };
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [string] } };
      };
    };

  it("starts the rates function daily at 16:00 UTC (after the ECB's publication), retrying twice, then dead-lettering", () => {
    expect(rates()).toBeDefined();
    app.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 16 * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 } }),
    });
    expect(schedule().Target.Arn['Fn::GetAtt'][0]).toBe(rates().logicalId);
    app.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: rates().logicalId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [schedule().Target.DeadLetterConfig.Arn['Fn::GetAtt'][0], 'Arn'] } } },
    });
  });

  it("fetches the ECB's own daily file, within a 20 s run, and may only put items in the table and record a failed run", () => {
    expect(rates().properties.Environment.Variables.ECB_RATES_URL).toBeUndefined();
    expect(rates().properties.Timeout).toBe(20);
    const statements = (statementsByRole(app).get(rates().roleLogicalId) ?? []).filter(
      (st) => !actionsOf(st).some((a) => a.startsWith('xray:')),
    );
    expect(statements.flatMap(actionsOf).filter((a) => !a.startsWith('sqs:'))).toEqual(['dynamodb:PutItem']);
    const deadLetter = schedule().Target.DeadLetterConfig.Arn['Fn::GetAtt'][0];
    for (const statement of statements.filter((st) => actionsOf(st).some((a) => a.startsWith('sqs:')))) {
      expect(statement.Resource).toEqual({ 'Fn::GetAtt': [deadLetter, 'Arn'] });
    }
  });

  it('lets its schedule invoke the rates function and dead-letter a run, nothing else', () => {
    const role = schedule().Target.RoleArn['Fn::GetAtt'][0];
    const statements = statementsByRole(app).get(role) ?? [];
    expect(statements.flatMap(actionsOf).sort()).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    const invoke = statements.find((s) => actionsOf(s).includes('lambda:InvokeFunction'));
    expect(invoke?.Resource).toEqual([schedule().Target.Arn, { 'Fn::Join': ['', [schedule().Target.Arn, ':*']] }]);
  });

  it('alarms when a run fails and when a run reaches its dead-letter queue', () => {
    const alarms = Object.values(resourcesOf(app, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, any>);
    const errors = alarms.filter((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${rates().logicalId}"`));
    expect(errors).toEqual([expect.objectContaining({ Threshold: 1 })]);
    const deadLetter = schedule().Target.DeadLetterConfig.Arn['Fn::GetAtt'][0];
    const onQueue = alarms.filter(
      (a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(`"${deadLetter}"`),
    );
    expect(onQueue).toEqual([expect.objectContaining({ Threshold: 1 })]);
  });
});

describe('membership expiry (one-time schedules created at runtime)', () => {
  const EXPIRY_DESCRIPTION = 'Subscription Tracker: applies the membership change due at the end of a term';
  let statements: Map<string, PolicyStatementJson[]>;
  let expiry: ProductFunctionResource;
  let api: ProductFunctionResource;
  let group: string;
  let groupName: string;
  let schedulerRole: string;
  beforeAll(() => {
    statements = statementsByRole(app);
    expiry = functions.find((fn) => fn.properties.Description === EXPIRY_DESCRIPTION) as ProductFunctionResource;
    api = functionOfArea('membership');
    [group] = Object.keys(resourcesOf(app, 'AWS::Scheduler::ScheduleGroup'));
    groupName = resourcesOf(app, 'AWS::Scheduler::ScheduleGroup')[group].Properties.Name as string;
    schedulerRole = (api.properties.Environment.Variables.MEMBERSHIP_SCHEDULER_ROLE_ARN as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
  });

  it('has a dedicated schedule group and its own expiry function', () => {
    expect(Object.keys(resourcesOf(app, 'AWS::Scheduler::ScheduleGroup'))).toHaveLength(1);
    expect(expiry).toBeDefined();
    expect(expiry.logicalId).toMatch(/^MembershipExpiry/);
  });

  it('tells the membership function the group, the target and the role, which it checks at cold start', () => {
    expect(api.properties.Environment.Variables).toMatchObject({
      MEMBERSHIP_SCHEDULE_GROUP: groupName,
      MEMBERSHIP_EXPIRY_ARN: { 'Fn::GetAtt': [expiry.logicalId, 'Arn'] },
      MEMBERSHIP_SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [schedulerRole, 'Arn'] },
    });
    expect(expiry.properties.Environment.Variables).toMatchObject({
      MEMBERSHIP_SCHEDULE_GROUP: groupName,
      MEMBERSHIP_SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [schedulerRole, 'Arn'] },
    });
  });

  it("lets the schedules invoke the expiry function and nothing else, assumed only by this account's Scheduler", () => {
    const granted = statements.get(schedulerRole) ?? [];
    expect(granted.flatMap(actionsOf)).toEqual(['lambda:InvokeFunction']);
    const arn = { 'Fn::GetAtt': [expiry.logicalId, 'Arn'] };
    expect(granted[0].Resource).toEqual([arn, { 'Fn::Join': ['', [arn, ':*']] }]);
    const trust = resourcesOf(app, 'AWS::IAM::Role')[schedulerRole].Properties as {
      AssumeRolePolicyDocument: { Statement: Array<{ Principal: unknown; Condition: { StringEquals: Record<string, unknown> } }> };
    };
    for (const statement of trust.AssumeRolePolicyDocument.Statement) {
      expect(statement.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
      expect(Object.keys(statement.Condition.StringEquals)).toEqual(['aws:SourceAccount']);
    }
  });

  it('lets the membership and expiry functions create and delete schedules in the group only, and pass that role to Scheduler only', () => {
    for (const fn of [api, expiry]) {
      const granted = statements.get(fn.roleLogicalId) ?? [];
      const scheduling = granted.filter((s) => actionsOf(s).some((action) => action.startsWith('scheduler:')));
      expect(scheduling.flatMap(actionsOf).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
      expect(JSON.stringify(scheduling[0].Resource)).toContain(`:schedule/${groupName}/*`);
      const passing = granted.filter((s) => actionsOf(s).includes('iam:PassRole'));
      expect(passing).toHaveLength(1);
      expect(passing[0].Resource).toEqual({ 'Fn::GetAtt': [schedulerRole, 'Arn'] });
      expect(passing[0].Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    }
    const others = functions.filter((fn) => fn !== api && fn !== expiry);
    for (const fn of others) {
      const actions = (statements.get(fn.roleLogicalId) ?? []).flatMap(actionsOf);
      expect(actions.filter((action) => action.startsWith('scheduler:') || action === 'iam:PassRole')).toEqual([]);
    }
  });

  it('lets the expiry function read and write the table, retries a failed run twice and alarms on errors', () => {
    const granted = (statements.get(expiry.roleLogicalId) ?? []).flatMap(actionsOf);
    expect(granted).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
    app.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: expiry.logicalId },
      MaximumRetryAttempts: 2,
    });
  });
});

describe('outputs', () => {
  it('reports the site URL, the API URL and the table name', () => {
    const outputs = Object.keys(app.findOutputs('*'));
    expect(outputs).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'TableName']));
  });

  it('refers to the data stack by stack outputs, not exports', () => {
    const json = JSON.stringify(app.toJSON());
    expect(json).toContain('Fn::GetStackOutput');
    expect(json).not.toContain('Fn::ImportValue');
  });
});
