import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROXY_PART, routeThrottle } from '../../infra/api.js';
import { AREAS, CROSS_ORIGIN_API, type RouteName, routes } from '../../shared/api/index.js';
import { LOCALSTACK_CONTEXT, productFunctions, resourcesOf, type SynthesizedProduct, synthesize } from './synth.js';

let product: SynthesizedProduct;
let app: Template;

beforeAll(() => {
  // Function code and template schemas are covered by the cloud variant's test; skipped here for speed.
  product = synthesize(LOCALSTACK_CONTEXT, { bundle: false, validate: false });
  app = product.application;
});

/** `METHOD /path` of every REST API method except CORS preflights, rebuilt from the resource tree. */
function restRouteKeys(template: Template): string[] {
  const resources = resourcesOf(template, 'AWS::ApiGateway::Resource');
  const pathOf = (parent: unknown): string => {
    const ref = (parent as { Ref?: string }).Ref;
    if (!ref) return ''; // the API's root resource
    const resource = resources[ref].Properties as { ParentId: unknown; PathPart: string };
    return `${pathOf(resource.ParentId)}/${resource.PathPart}`;
  };
  return Object.values(resourcesOf(template, 'AWS::ApiGateway::Method'))
    .map((method) => method.Properties as { HttpMethod: string; ResourceId: unknown })
    .filter((method) => method.HttpMethod !== 'OPTIONS')
    .map((method) => `${method.HttpMethod} ${pathOf(method.ResourceId)}`);
}

describe('LocalStack variant', () => {
  it('serves every contract route from a REST API, by a method of its own or its area’s proxy, and no HTTP API', () => {
    app.resourceCountIs('AWS::ApiGateway::RestApi', 1);
    app.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    const keys = restRouteKeys(app);
    const proxies = keys.filter((key) => key.startsWith('ANY ')).map((key) => key.slice('ANY '.length, -`/${PROXY_PART}`.length));
    for (const route of Object.values(routes)) {
      const own = keys.includes(`${route.method} ${route.path}`);
      const proxied = proxies.filter((prefix) => route.path.startsWith(`${prefix}/`));
      expect(own || proxied.length > 0, `${route.method} ${route.path}`).toBe(true);
    }
    // A proxy serves one area's subtree only, and none of the routes with a throttle of their own (sign-in, mail).
    for (const prefix of proxies) {
      const below = Object.entries(routes).filter(([, route]) => route.path.startsWith(`${prefix}/`));
      expect(new Set(below.map(([, route]) => route.area)).size, prefix).toBe(1);
      expect(
        below.filter(([name, route]) => routeThrottle(name as RouteName, route)),
        prefix,
      ).toEqual([]);
    }
    // Every method is a contract route's or a proxy: nothing else reaches a function.
    const contract = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
    expect(keys.filter((key) => !contract.has(key) && !key.startsWith('ANY '))).toEqual([]);
  });

  it('stays within CloudFormation’s 500 resources, with room for more routes', () => {
    expect(Object.keys(app.toJSON().Resources).length).toBeLessThanOrEqual(480);
  });

  it('proxies every method to a function', () => {
    for (const method of Object.values(resourcesOf(app, 'AWS::ApiGateway::Method'))) {
      const integration = method.Properties.Integration as { Type: string };
      if (method.Properties.HttpMethod !== 'OPTIONS') expect(integration.Type).toBe('AWS_PROXY');
    }
  });

  it('answers CORS preflights on every route, allowing what the SPA sends', () => {
    const methods = Object.values(resourcesOf(app, 'AWS::ApiGateway::Method')).map(
      (method) => method.Properties as { HttpMethod: string; ResourceId: unknown; Integration: Record<string, unknown> },
    );
    const routed = new Set(methods.filter((m) => m.HttpMethod !== 'OPTIONS').map((m) => JSON.stringify(m.ResourceId)));
    const preflights = methods.filter((m) => m.HttpMethod === 'OPTIONS');
    for (const resource of routed) expect(preflights.map((m) => JSON.stringify(m.ResourceId))).toContain(resource);
    for (const preflight of preflights) {
      expect(preflight.Integration.Type).toBe('MOCK');
      const [answer] = preflight.Integration.IntegrationResponses as Array<{ ResponseParameters: Record<string, unknown> }>;
      expect(answer.ResponseParameters['method.response.header.Access-Control-Allow-Headers']).toBe(
        `'${CROSS_ORIGIN_API.allowHeaders.join(',')}'`,
      );
      expect(answer.ResponseParameters['method.response.header.Access-Control-Allow-Methods']).toBe(
        `'${CROSS_ORIGIN_API.allowMethods.join(',')}'`,
      );
      // The site bucket's website origin, resolved at deploy time: never '*'.
      expect(JSON.stringify(answer.ResponseParameters['method.response.header.Access-Control-Allow-Origin'])).toContain('.s3-website.');
    }
  });

  it('serves the site from an S3 website bucket, without CloudFront: the prerendered landing page at /, the app shell for other screens', () => {
    app.resourceCountIs('AWS::CloudFront::Distribution', 0);
    app.hasResourceProperties('AWS::S3::Bucket', {
      WebsiteConfiguration: { IndexDocument: 'index.html', ErrorDocument: 'app.html' },
    });
  });

  it('uses nothing the free tier cannot run: no custom resources, no Lambda layers', () => {
    const types = Object.values(app.toJSON().Resources as Record<string, { Type: string }>).map((r) => r.Type);
    expect(types.filter((type) => type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource')).toEqual([]);
    expect(types).not.toContain('AWS::Lambda::LayerVersion');
  });

  it('deploys one function per area, each told the site origin for CORS', () => {
    const functions = productFunctions(app);
    expect(functions.length).toBeGreaterThanOrEqual(AREAS.length);
    for (const fn of functions) {
      expect(fn.properties.Runtime).toBe('nodejs24.x');
      expect(fn.properties.Environment.Variables.CORS_ALLOWED_ORIGIN).toEqual(fn.properties.Environment.Variables.PUBLIC_URL);
    }
  });

  it('lets a throwaway deployment be deleted completely', () => {
    product.data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    product.data.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });

  it('refers to the data stack by exports, which LocalStack resolves', () => {
    const json = JSON.stringify(app.toJSON());
    expect(json).toContain('Fn::ImportValue');
    expect(json).not.toContain('Fn::GetStackOutput');
  });

  it('reports what scripts/deploy-local.ts needs: site bucket, API URL, owner bootstrap function', () => {
    expect(Object.keys(app.findOutputs('*'))).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'TableName', 'SiteBucketName']));
    expect(Object.keys(app.findOutputs('*'))).toEqual(
      expect.arrayContaining(['OwnerBootstrapFunctionName', 'OwnerUsername', 'OwnerPasswordSecretArn']),
    );
  });

  it('has only alarms on one metric each, which the emulators take, the routes’ 5xx ones the REST API’s count', () => {
    const alarms = Object.entries(resourcesOf(app, 'AWS::CloudWatch::Alarm')).map(
      ([id, alarm]) => [id, alarm.Properties as { Metrics?: unknown; MetricName?: string; Namespace?: string }] as const,
    );
    expect(alarms.filter(([, alarm]) => alarm.Metrics || !alarm.MetricName || !alarm.Namespace).map(([id]) => id)).toEqual([]);
    const apiErrors = alarms.filter(([id]) => id.startsWith('ApiServerErrorsAlarm'));
    expect(apiErrors.map(([, alarm]) => `${alarm.Namespace} ${alarm.MetricName}`)).toEqual(['AWS/ApiGateway 5XXError']);
    // Each fact the cloud's metric math alarms on, here an alarm per metric.
    const tableMetrics = alarms.filter(([id]) => id.startsWith('MonitoringTable')).map(([, alarm]) => alarm.MetricName);
    expect(tableMetrics.sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents', ...Array(8).fill('SystemErrors')].sort());
  });
});
