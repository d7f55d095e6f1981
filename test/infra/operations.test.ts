import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS_LOG_FORMAT } from '../../infra/api.js';
import { WAF_LOG_GROUP_PREFIX, WAF_LOGGED_ACTIONS, WAF_REDACTED_HEADERS } from '../../infra/edge.js';
import { API_ERROR_RATE_ALARMS, DURATION_ALARM_SHARE_OF_TIMEOUT, Monitoring, ROUTE_ERRORS_QUERY } from '../../infra/monitoring.js';
import { LOG_RETENTION } from '../../infra/product-function.js';
import { JWT_KEY_ROTATION_DAYS } from '../../infra/secrets.js';
import { builtSite } from '../../infra/site-build.js';
import { ASSUMPTIONS } from '../../scripts/cost-inputs.js';
import { METRICS_NAMESPACE } from '../../shared/metrics.js';
import { CLOUD_CONTEXT, LOCALSTACK_CONTEXT, productFunctions, resourcesOf, type SynthesizedProduct, synthesize } from './synth.js';

/** Issue 11 §4: logs that outlive the stack, tracing, the missing alarms and their dashboard, unpublished source maps. */

let product: SynthesizedProduct;
let alarms: Record<string, { Properties: Record<string, unknown> }>;

beforeAll(() => {
  product = synthesize(CLOUD_CONTEXT, { bundle: false });
  alarms = resourcesOf(product.application, 'AWS::CloudWatch::Alarm');
});

/** Alarms on one Lambda metric, by the function's logical id. */
function lambdaAlarms(metricName: string): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const alarm of Object.values(alarms)) {
    const properties = alarm.Properties;
    if (properties.Namespace !== 'AWS/Lambda' || properties.MetricName !== metricName) continue;
    const dimensions = properties.Dimensions as Array<{ Name: string; Value: { Ref: string } }>;
    found.set(dimensions[0].Value.Ref, properties);
  }
  return found;
}

describe('logs and tracing', () => {
  it("keeps every function's log group when the stack is deleted, with its retention", () => {
    const functions = productFunctions(product.application);
    const logGroups = resourcesOf(product.application, 'AWS::Logs::LogGroup');
    const functionLogGroups = Object.values(resourcesOf(product.application, 'AWS::Lambda::Function'))
      .filter((fn) => functions.some((product) => product.properties === fn.Properties))
      .map((fn) => (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref);
    expect(functionLogGroups).toHaveLength(functions.length);
    for (const logicalId of functionLogGroups) {
      expect(logGroups[logicalId].DeletionPolicy, logicalId).toBe('Retain');
      expect(logGroups[logicalId].UpdateReplacePolicy, logicalId).toBe('Retain');
      expect(logGroups[logicalId].Properties.RetentionInDays).toBe(LOG_RETENTION);
    }
  });

  it("keeps the API's access logs too, one JSON object a request, by route key: paths carry one-time tokens", () => {
    const stage = Object.values(resourcesOf(product.application, 'AWS::ApiGatewayV2::Stage'))[0];
    const settings = stage.Properties.AccessLogSettings as { DestinationArn: { 'Fn::GetAtt': [string, string] }; Format: string };
    const logGroup = resourcesOf(product.application, 'AWS::Logs::LogGroup')[settings.DestinationArn['Fn::GetAtt'][0]];
    expect(logGroup.DeletionPolicy).toBe('Retain');
    expect(logGroup.Properties.RetentionInDays).toBe(LOG_RETENTION);
    const line = JSON.parse(settings.Format) as Record<string, string>;
    expect(line).toEqual(API_ACCESS_LOG_FORMAT);
    expect(line).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' });
    expect(Object.values(line)).not.toContain('$context.path');
  });

  it('logs every CloudFront request, and every request to the site bucket, to a logs bucket that keeps them as long', () => {
    const app = product.application;
    const buckets = resourcesOf(app, 'AWS::S3::Bucket');
    const [logsBucketId, logsBucket] =
      Object.entries(buckets).find(([, bucket]) =>
        JSON.stringify(bucket.Properties.LifecycleConfiguration ?? {}).includes('ExpirationInDays'),
      ) ?? [];
    expect(logsBucketId).toBeDefined();
    expect(logsBucket?.DeletionPolicy).toBe('Retain');
    expect(logsBucket?.Properties).toMatchObject({
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: LOG_RETENTION, Status: 'Enabled' }] },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
    });
    const [distribution] = Object.values(resourcesOf(app, 'AWS::CloudFront::Distribution'));
    expect((distribution.Properties.DistributionConfig as { Logging: unknown }).Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logsBucketId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    const sitesLogged = Object.values(buckets).filter(
      (bucket) =>
        JSON.stringify(bucket.Properties.LoggingConfiguration ?? {}) ===
        JSON.stringify({ DestinationBucketName: { Ref: logsBucketId }, LogFilePrefix: 'site-bucket/' }),
    );
    expect(sitesLogged).toHaveLength(1);
  });

  it('logs every request the WAF blocks or counts to its own log group, kept as long, with the session token redacted', () => {
    const app = product.application;
    const groupName = `${WAF_LOG_GROUP_PREFIX}${product.stacks.application.stackName}`;
    const [groupId, group] =
      Object.entries(resourcesOf(app, 'AWS::Logs::LogGroup')).find(([, g]) => g.Properties.LogGroupName === groupName) ?? [];
    expect(group?.Properties.RetentionInDays).toBe(LOG_RETENTION);
    const [aclId] = Object.keys(resourcesOf(app, 'AWS::WAFv2::WebACL'));
    const [logging] = Object.values(resourcesOf(app, 'AWS::WAFv2::LoggingConfiguration'));
    expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toContain(`:log-group:${groupName}"`);
    expect(logging.Properties.RedactedFields).toEqual(WAF_REDACTED_HEADERS.map((name) => ({ SingleHeader: { Name: name } })));
    expect(WAF_REDACTED_HEADERS).toContain('authorization');
    // What a rule blocked or counted; CloudFront's logs have every request.
    expect(logging.Properties.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [
        {
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: WAF_LOGGED_ACTIONS.map((action) => ({ ActionCondition: { Action: action } })),
        },
      ],
    });
    expect(WAF_LOGGED_ACTIONS).toEqual(expect.arrayContaining(['BLOCK', 'COUNT']));
    expect(app.toJSON().Resources[Object.keys(resourcesOf(app, 'AWS::WAFv2::LoggingConfiguration'))[0]].DependsOn).toContain(groupId);
  });

  it('traces every function with X-Ray (Lambda active tracing, sampled at its fixed rate)', () => {
    for (const fn of productFunctions(product.application)) {
      const resource = resourcesOf(product.application, 'AWS::Lambda::Function')[fn.logicalId];
      expect(resource.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });
});

describe('alarms', () => {
  it('are all in the cost model (docs/COST.md), with the dashboard', () => {
    expect(Object.keys(alarms)).toHaveLength(ASSUMPTIONS.alarms);
    expect(Object.keys(resourcesOf(product.application, 'AWS::CloudWatch::Dashboard'))).toHaveLength(ASSUMPTIONS.dashboards);
  });

  it('alarms on every function being throttled', () => {
    const throttles = lambdaAlarms('Throttles');
    for (const fn of productFunctions(product.application)) {
      expect(throttles.get(fn.logicalId), fn.properties.Description).toMatchObject({ Statistic: 'Sum', Threshold: 1, Period: 300 });
    }
  });

  it('alarms when a function p99 duration passes 80 % of its timeout', () => {
    const durations = lambdaAlarms('Duration');
    for (const fn of productFunctions(product.application)) {
      const alarm = durations.get(fn.logicalId);
      expect(alarm?.ExtendedStatistic, fn.properties.Description).toBe('p99');
      expect(alarm?.Threshold).toBe(fn.properties.Timeout * 1000 * DURATION_ALARM_SHARE_OF_TIMEOUT);
      expect(alarm?.ComparisonOperator).toBe('GreaterThanThreshold');
    }
    // The reminder job has Lambda's longest timeout: 15 minutes, so 12.
    expect([...durations.values()].some((alarm) => alarm.Threshold === 12 * 60 * 1000)).toBe(true);
  });

  it("alarms on the API's 4xx and 5xx rates once it has traffic", () => {
    const rates = Object.values(alarms)
      .map((alarm) => alarm.Properties)
      .filter((properties) => JSON.stringify(properties.Metrics ?? []).includes('100 * errors / requests'));
    const metricNames = rates.map(
      (properties) =>
        (properties.Metrics as Array<{ Id: string; MetricStat?: { Metric: { MetricName: string } } }>).find((m) => m.Id === 'errors')
          ?.MetricStat?.Metric.MetricName,
    );
    expect(metricNames.sort()).toEqual(['4xx', '5xx']);
    expect(rates.map((properties) => properties.Threshold).sort()).toEqual(
      [API_ERROR_RATE_ALARMS.clientErrorPercent, API_ERROR_RATE_ALARMS.serverErrorPercent].sort(),
    );
    expect(JSON.stringify(rates)).toContain(`IF(requests >= ${API_ERROR_RATE_ALARMS.minimumRequests}`);
  });

  it("alarms on a route's 5xx answers, one contributor per function and route, from the chassis's metrics records (issue 22 §5)", () => {
    const routeAlarms = Object.values(alarms).filter((alarm) =>
      (alarm.Properties.Metrics as Array<{ Expression?: string }> | undefined)?.some((metric) => metric.Expression === ROUTE_ERRORS_QUERY),
    );
    expect(routeAlarms).toHaveLength(1);
    const [alarm] = routeAlarms;
    expect(alarm.Properties).toMatchObject({ Threshold: 1, EvaluationPeriods: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(alarm.Properties.Metrics).toEqual([expect.objectContaining({ Expression: ROUTE_ERRORS_QUERY, Period: 300, ReturnData: true })]);
    expect(ROUTE_ERRORS_QUERY).toBe(`SELECT SUM(Errors) FROM SCHEMA("${METRICS_NAMESPACE}", Function, Route) GROUP BY Function, Route`);
  });

  it('grants no function cloudwatch:PutMetricData: the metrics records go through its logs', () => {
    for (const stack of [product.application, product.data]) {
      const policies = JSON.stringify(resourcesOf(stack, 'AWS::IAM::Policy'));
      expect(policies).not.toContain('cloudwatch:PutMetricData');
      expect(JSON.stringify(resourcesOf(stack, 'AWS::IAM::Role'))).not.toContain('cloudwatch:PutMetricData');
    }
  });

  it("alarms on the table's throttled requests and system errors", () => {
    const tableAlarms = Object.values(alarms)
      .map((alarm) => JSON.stringify(alarm.Properties.Metrics ?? []))
      .filter((metrics) => metrics.includes('AWS/DynamoDB'));
    expect(tableAlarms.some((metrics) => metrics.includes('"ThrottledRequests"'))).toBe(true);
    expect(tableAlarms.some((metrics) => metrics.includes('"SystemErrors"'))).toBe(true);
  });

  it('sends every alarm and its recovery to the alarm topic', () => {
    for (const [id, alarm] of Object.entries(alarms)) {
      expect(alarm.Properties.AlarmActions, id).toHaveLength(1);
      expect(alarm.Properties.OKActions, id).toHaveLength(1);
    }
  });
});

describe('the dashboard', () => {
  it('shows every alarm of the stack, the ones other constructs added after Monitoring included', () => {
    const dashboards = Object.values(resourcesOf(product.application, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0].Properties.DashboardBody);
    const alarmIds = Object.keys(alarms);
    expect(alarmIds.length).toBeGreaterThan(30);
    for (const id of alarmIds) expect(body, id).toContain(`"${id}"`);
  });

  it("graphs each route's 5xx answers and p99 latency", () => {
    const [dashboard] = Object.values(resourcesOf(product.application, 'AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    expect(body).toContain('API 5xx by route');
    // The alarm's query, quoted twice (the widget's JSON inside the template's JSON).
    expect(body).toContain(ROUTE_ERRORS_QUERY.replaceAll('"', '\\\\\\"'));
    expect(body).toContain('API p99 latency by route (ms)');
    expect(body).toContain(`SEARCH('{${METRICS_NAMESPACE},Function,Route} MetricName=`);
    expect(body).toContain('Latency');
  });

  it('picks up an alarm added after it was built', () => {
    const app = new App();
    const stack = new Stack(app, 'Watched');
    const monitoring = new Monitoring(stack, 'Monitoring');
    const bucket = new s3.Bucket(stack, 'Bucket');
    monitoring.addAlarm(
      new cloudwatch.Alarm(stack, 'LateAlarm', {
        metric: new cloudwatch.Metric({
          namespace: 'AWS/S3',
          metricName: 'NumberOfObjects',
          dimensionsMap: { BucketName: bucket.bucketName },
        }),
        threshold: 1,
        evaluationPeriods: 1,
      }),
    );
    const template = Template.fromStack(stack);
    const body = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0].Properties.DashboardBody);
    const lateId = Object.keys(template.findResources('AWS::CloudWatch::Alarm'))[0];
    expect(lateId).toMatch(/^LateAlarm/);
    expect(body).toContain(`"${lateId}"`);
  });
});

describe('the session signing key', () => {
  it(`rotates every ${JWT_KEY_ROTATION_DAYS} days with its own function, the first time one interval after deployment`, () => {
    const schedules = Object.values(resourcesOf(product.data, 'AWS::SecretsManager::RotationSchedule'));
    expect(schedules).toHaveLength(1);
    const [schedule] = schedules;
    expect(JSON.stringify(schedule.Properties.SecretId)).toContain('JwtSigningKey');
    expect(schedule.Properties.RotationRules).toEqual({ ScheduleExpression: `rate(${JWT_KEY_ROTATION_DAYS} days)` });
    expect(schedule.Properties.RotateImmediatelyOnUpdate).toBe(false);
    const rotationFunction = (schedule.Properties.RotationLambdaARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const fn = resourcesOf(product.data, 'AWS::Lambda::Function')[rotationFunction];
    expect(fn.Properties.Description).toBe('Subscription Tracker: rotates the key that signs session tokens');
  });

  it('alarms when a rotation fails', () => {
    const rotationErrors = Object.values(alarms).filter(
      (alarm) => alarm.Properties.MetricName === 'Errors' && JSON.stringify(alarm.Properties.Dimensions).includes('JwtSigningKeyRotation'),
    );
    expect(rotationErrors).toHaveLength(1);
  });

  it('does not rotate the key on LocalStack, whose deployment keeps one key', () => {
    const localstack = synthesize(LOCALSTACK_CONTEXT, { bundle: false, validate: false });
    localstack.data.resourceCountIs('AWS::SecretsManager::RotationSchedule', 0);
  });
});

describe('the published site', () => {
  it('leaves the source maps out of what is published', () => {
    const work = mkdtempSync(join(tmpdir(), 'site-maps-'));
    try {
      const dist = join(work, 'dist');
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1.js"></script>');
      writeFileSync(join(dist, 'assets', 'app-1.js'), 'export {};');
      writeFileSync(join(dist, 'assets', 'app-1.js.map'), '{"version":3}');
      const app = new App({ outdir: join(work, 'cdk.out') });
      const stack = new Stack(app, 'Site');
      new s3deploy.BucketDeployment(stack, 'Deploy', { destinationBucket: new s3.Bucket(stack, 'Bucket'), sources: [builtSite(dist)] });
      const assembly = app.synth();
      const staged = readdirSync(assembly.directory)
        .filter((name) => name.startsWith('asset.'))
        .map((name) => join(assembly.directory, name))
        .find((dir) => existsSync(join(dir, 'index.html')));
      expect(staged).toBeDefined();
      const files = readdirSync(staged as string, { recursive: true, encoding: 'utf8' });
      expect(files).toContain(join('assets', 'app-1.js'));
      expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
