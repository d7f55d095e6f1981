import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type Area, CROSS_ORIGIN_API, type RouteDef, type RouteName, routes } from '../shared/api/index.js';
import { pascalCase } from './api-functions.js';
import { acknowledge } from './checks.js';
import { LOG_RETENTION } from './product-function.js';

/** Steady-state requests per second and burst API Gateway accepts for one route, all clients together, before answering 429. */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

/*
 * The route throttles are capacity limits, not fairness: ceilings for all callers together, sized
 * from docs/COST.md's largest load (1,000,000 users) so that the product never meets them and one
 * client cannot reach them. Each client address's share is the WAF's (infra/edge.ts
 * WAF_RATE_LIMITS: 20 mail requests, 100 sign-in and account requests and 3,000 API requests in
 * 5 minutes), so holding a route shut takes hundreds of addresses, not one.
 * test/infra/checks.test.ts recomputes the load from scripts/cost-inputs.ts and checks each ceiling.
 */

/**
 * Every route's own limit unless it is tighter below: 710 million API requests a month at
 * 1,000,000 users is 274 a second on average (the session poll half of it); 1,000 a second is
 * over 3.5 times that.
 */
export const API_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const satisfies RouteThrottle;
/**
 * Sign-in and account changes (`/api/auth/*` and `/api/2fa/*` other than GET): bcrypt in a 1 GB
 * function. 10 sign-ins a user a month at 1,000,000 users is 3.9 a second on average; 50 a second,
 * each route, is over 12 times that.
 */
export const AUTH_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const satisfies RouteThrottle;
/**
 * Routes that mail someone. 5 % new users a month at 1,000,000 users is 50,000 sign-ups, 0.02 a
 * second on average; 3 a second is 150 times that. The public ones together (PUBLIC_MAIL_ROUTES,
 * 4 × 3 = 12 a second) stay under a new SES account's 14 e-mails a second, which account mail
 * shares with the reminders (`sesMaxSendRate`).
 */
export const MAIL_THROTTLE = { rateLimit: 3, burstLimit: 10 } as const satisfies RouteThrottle;
/** The mail routes anyone may call, without signing in. */
export const PUBLIC_MAIL_ROUTES: readonly RouteName[] = ['register', 'forgotPassword', 'resendVerificationPublic', 'sendContactMessage'];
/** Every route that mails someone: the public ones and the admin mail routes (a reset link, a preview). */
export const MAIL_ROUTES: readonly RouteName[] = [...PUBLIC_MAIL_ROUTES, 'sendPasswordReset', 'previewEmail'];

/**
 * The HTTP API's access log line, one JSON object a request. The route key, not the path: paths
 * such as `/api/auth/verify-email/{token}` carry one-time tokens. The source address is CloudFront's
 * (the viewer's is in CloudFront's and WAF's logs).
 */
export const API_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  time: '$context.requestTimeEpoch',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
  protocol: '$context.protocol',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
} as const;

/** The route's own limit when it is tighter than API_THROTTLE. */
export function routeThrottle(name: RouteName, route: RouteDef): RouteThrottle | undefined {
  if (MAIL_ROUTES.includes(name)) return MAIL_THROTTLE;
  if (route.method !== 'GET' && (route.path.startsWith('/api/auth/') || route.path.startsWith('/api/2fa/'))) return AUTH_THROTTLE;
  return undefined;
}

/** Every route of the contract with its name, in declaration order. */
export function contractRoutes(): Array<{ name: RouteName; route: RouteDef }> {
  return (Object.entries(routes) as Array<[RouteName, RouteDef]>).map(([name, route]) => ({ name, route }));
}

/** One resource of the LocalStack REST API and what it serves: its own routes' methods, or any method (a proxy). */
export interface RestResource {
  /** The resource's path: a contract path, or a prefix and `{proxy+}`. */
  path: string;
  methods: string[];
  area: Area;
}

/** The path of a subtree's proxy resource. */
export const PROXY_PART = '{proxy+}';

/**
 * The LocalStack REST API's resources for the contract's routes: one resource and method per route, except that a
 * subtree of paths whose routes all belong to one area, none with a throttle of its own, is its own routes plus one
 * greedy `{proxy+}` resource answering any method. The area's function routes those requests itself, as it routes
 * every request (its chassis matches the contract's paths), and answers an unknown one 404 `{ message }`. Resources
 * and methods are CloudFormation resources, and LocalStack's stack must stay within 500 (docs/decisions/0143-the-rest-apis-subtrees.md).
 */
export function restApiResources(list = contractRoutes()): RestResource[] {
  interface Node {
    own: Array<{ name: RouteName; route: RouteDef }>;
    children: Map<string, Node>;
  }
  const root: Node = { own: [], children: new Map() };
  for (const entry of list) {
    let node = root;
    for (const part of entry.route.path.split('/').filter(Boolean)) {
      let child = node.children.get(part);
      if (!child) {
        child = { own: [], children: new Map() };
        node.children.set(part, child);
      }
      node = child;
    }
    node.own.push(entry);
  }
  const everyRoute = (node: Node): Node['own'] => [...node.own, ...[...node.children.values()].flatMap(everyRoute)];
  const out: RestResource[] = [];
  const visit = (node: Node, path: string) => {
    for (const { route } of node.own) {
      const found = out.find((resource) => resource.path === path);
      if (found) found.methods.push(route.method);
      else out.push({ path, methods: [route.method], area: route.area });
    }
    const below = [...node.children.values()].flatMap(everyRoute);
    const areas = new Set(below.map(({ route }) => route.area));
    if (below.length > 1 && areas.size === 1 && below.every(({ name, route }) => !routeThrottle(name, route))) {
      out.push({ path: `${path}/${PROXY_PART}`, methods: ['ANY'], area: below[0].route.area });
      return;
    }
    for (const [part, child] of node.children) visit(child, `${path}/${part}`);
  };
  visit(root, '');
  return out;
}

/** Why no API Gateway authorizer (cdk-nag AwsSolutions-APIG4), in both variants of the API. */
const AUTHORIZATION_IN_THE_FUNCTIONS =
  "Authorization is the functions' own: every signed-in route checks the session token, and every staff route the role, on the server (functions/lib); public routes are public by the contract.";

function functionOf(functionsByArea: ReadonlyMap<Area, lambda.IFunction>, route: RouteDef): lambda.IFunction {
  const fn = functionsByArea.get(route.area);
  if (!fn) throw new Error(`No function for area "${route.area}" (route ${route.method} ${route.path})`);
  return fn;
}

/** The product's API in either variant: created first, routed once the functions exist. */
export interface ProductApi {
  /** Base URL that the contract's paths (`/api/...`) append to, no trailing slash. */
  readonly url: string;
  /** Adds one route per contract route, proxied to its area's function. */
  routeContract(functionsByArea: ReadonlyMap<Area, lambda.IFunction>): void;
}

/**
 * The cloud API: an API Gateway HTTP API with exactly one route per contract route, each proxied
 * to its area's function with payload format 2.0. Unknown paths and methods get API Gateway's
 * 404 before any function runs. Browsers reach it through CloudFront on the site's own origin,
 * so there is no CORS configuration.
 */
export class HttpProductApi extends Construct implements ProductApi {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** `https://<id>.execute-api.<region>.amazonaws.com`; contract paths (`/api/...`) append to it. */
  readonly url: string;
  /** Host name CloudFront uses as the `/api/*` origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Subscription Tracker API',
      createDefaultStage: false,
    });
    acknowledge(this, AUTHORIZATION_IN_THE_FUNCTIONS, 'AwsSolutions-APIG4');

    // Kept when the stack goes, like the functions' logs.
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: API_THROTTLE.rateLimit, burstLimit: API_THROTTLE.burstLimit },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FORMAT)),
      },
    });
    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
    this.url = `https://${this.domainName}`;
  }

  routeContract(functionsByArea: ReadonlyMap<Area, lambda.IFunction>): void {
    // One integration per area, shared by that area's routes.
    const integrations = new Map<Area, HttpLambdaIntegration>();
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const { name, route } of contractRoutes()) {
      let integration = integrations.get(route.area);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(route.area)}Integration`, functionOf(functionsByArea, route), {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
          // One invoke permission per function for this API, not one per route: 109 routes' permissions took the
          // stack past CloudFormation's 500 resources (issue 38). Each route still reaches only its area's function.
          scopePermissionToRoute: false,
        });
        integrations.set(route.area, integration);
      }
      const httpRoute = new apigwv2.HttpRoute(this, `${pascalCase(name)}Route`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration,
      });
      const throttle = routeThrottle(name, route);
      if (throttle) {
        routeSettings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        };
        // A stage's route settings may only name routes that exist.
        this.stage.node.addDependency(httpRoute);
      }
    }
    (this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = routeSettings;
  }
}

export interface LocalStackApiProps {
  /** Host and port LocalStack answers on (`localhost.localstack.cloud:4566`). */
  localstackHost: string;
  /** The site's origin: the S3 website is another origin than the API there, so CORS is needed. */
  siteOrigin: string;
}

/**
 * The LocalStack variant of the API: LocalStack's free tier has no HTTP APIs, so this is a REST
 * API with the same routes (one resource and method per contract route, Lambda proxy, payload
 * format 1.0, which the handlers also accept) and CORS for the S3 website origin.
 */
export class LocalStackApi extends Construct implements ProductApi {
  readonly restApi: apigateway.RestApi;
  /** `http://<id>.execute-api.<localstackHost>/local`; contract paths (`/api/...`) append to it. */
  readonly url: string;
  /** What a route's preflight answers: the site's origin, the methods and headers the SPA sends. */
  private readonly corsPreflight: apigateway.CorsOptions;

  constructor(scope: Construct, id: string, props: LocalStackApiProps) {
    super(scope, id);
    this.restApi = new apigateway.RestApi(this, 'RestApi', {
      description: 'Subscription Tracker API (LocalStack)',
      cloudWatchRole: false,
      endpointTypes: [apigateway.EndpointType.REGIONAL],
      deployOptions: {
        stageName: CROSS_ORIGIN_API.restApiStage,
        throttlingRateLimit: API_THROTTLE.rateLimit,
        throttlingBurstLimit: API_THROTTLE.burstLimit,
        // The HTTP API's per-route limits, as method throttling.
        methodOptions: Object.fromEntries(
          contractRoutes().flatMap(({ name, route }) => {
            const throttle = routeThrottle(name, route);
            return throttle
              ? [[`${route.path}/${route.method}`, { throttlingRateLimit: throttle.rateLimit, throttlingBurstLimit: throttle.burstLimit }]]
              : [];
          }),
        ),
      },
    });
    this.corsPreflight = {
      allowOrigins: [props.siteOrigin],
      allowMethods: [...CROSS_ORIGIN_API.allowMethods],
      allowHeaders: [...CROSS_ORIGIN_API.allowHeaders],
      maxAge: Duration.seconds(CROSS_ORIGIN_API.preflightMaxAge),
    };

    acknowledge(this, AUTHORIZATION_IN_THE_FUNCTIONS, 'AwsSolutions-APIG4', 'AwsSolutions-COG4');
    acknowledge(
      this,
      'LocalStack only, a throwaway deployment on this machine: no WAF, access or execution logs or X-Ray there; the cloud’s HTTP API has JSON access logs and sits behind CloudFront and the WAF.',
      'AwsSolutions-APIG1',
      'AwsSolutions-APIG3',
      'AwsSolutions-APIG6',
      'Serverless-APIGWAccessLogging',
      'Serverless-APIGWXrayEnabled',
    );
    acknowledge(
      this,
      "Request bodies are validated by each route's schema in the functions (shared/api), which answer 400 with the contract's message.",
      'AwsSolutions-APIG2',
    );

    // CDK's own endpoint output names the AWS host name, which LocalStack does not answer; `url` replaces it.
    this.restApi.node.tryRemoveChild('Endpoint');

    // Errors API Gateway answers by itself (unknown route, throttling) must be readable by the site too.
    const corsHeaders = { 'Access-Control-Allow-Origin': `'${props.siteOrigin}'` };
    this.restApi.addGatewayResponse('Default4xx', {
      type: apigateway.ResponseType.DEFAULT_4XX,
      responseHeaders: corsHeaders,
    });
    this.restApi.addGatewayResponse('Default5xx', {
      type: apigateway.ResponseType.DEFAULT_5XX,
      responseHeaders: corsHeaders,
    });

    this.url = Fn.join('', ['http://', this.restApi.restApiId, `.execute-api.${props.localstackHost}/${CROSS_ORIGIN_API.restApiStage}`]);
  }

  routeContract(functionsByArea: ReadonlyMap<Area, lambda.IFunction>): void {
    const integrations = new Map<Area, apigateway.LambdaIntegration>();
    for (const { path, methods, area } of restApiResources()) {
      let integration = integrations.get(area);
      if (!integration) {
        const fn = functionsByArea.get(area);
        if (!fn) throw new Error(`No function for area "${area}" (${path})`);
        integration = new apigateway.LambdaIntegration(fn, {
          proxy: true,
          // One invoke permission per function for the whole API rather than one per method: with every
          // route a method of its own, per-method permissions took the LocalStack stack past CloudFormation's
          // 500 resources (issue 25 added 19 routes). The integration still reaches only its area's function.
          scopePermissionToMethod: false,
        });
        integrations.set(area, integration);
      }
      const resource = this.restApi.root.resourceForPath(path);
      for (const method of methods) resource.addMethod(method, integration);
      // A preflight on each resource that has routes, and on none of the resources between them (`/api`,
      // `/api/auth`…), which a browser never asks: every resource a preflight of its own took the stack past
      // CloudFormation's 500 resources again (issue 36 added the logo routes and function).
      resource.addCorsPreflight(this.corsPreflight);
    }
  }
}
