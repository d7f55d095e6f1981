import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AREAS, type Area, routesOfArea } from '../shared/api/index.js';
import { areaEntry, depsLockFile, functionsDir, lambdaBundling, lambdaBundlingFor, projectRoot } from './bundling.js';
import { acknowledge, acknowledgeFunctionBasics } from './checks.js';
import type { DeploymentTarget } from './config.js';
import { type EmailSendGrant, grantSecretValue, grantTableAccess, type TableAccess } from './grants.js';

/** The newest Node.js runtime aws-cdk-lib offers; esbuild's target (bundling.ts) follows it. */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

/** How long function logs are kept; the log groups outlive the stack (RETAIN) for as long. */
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/**
 * ARM64 (Graviton) in the cloud. On LocalStack the host's own architecture, so functions run
 * without CPU emulation; the bundles are plain JavaScript, identical on both.
 */
export function functionArchitecture(target: DeploymentTarget): lambda.Architecture {
  if (target === 'aws' || process.arch === 'arm64') return lambda.Architecture.ARM_64;
  return lambda.Architecture.X86_64;
}

export interface ProductFunctionProps {
  /** TypeScript module exporting `handler`. */
  entry: string;
  description: string;
  architecture: lambda.Architecture;
  environment: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  /** The bundle's options when they differ from the shared ones (bundling.ts `lambdaBundlingFor`). */
  bundling?: BundlingOptions;
}

/**
 * A function on the newest Node.js runtime CDK offers (Node.js 24), bundled from TypeScript with the shared esbuild options (bundling.ts),
 * logging to its own log group with a fixed retention, kept when the stack is deleted or the
 * function replaced (an incident's logs must outlive a redeploy), and traced by Lambda's active
 * X-Ray tracing at Lambda's fixed sampling rate (no tracing SDK in the bundle).
 */
export class ProductFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: logs.LogGroup;
  /** The TypeScript module the function is bundled from. */
  readonly entry: string;
  readonly timeout: Duration;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    this.timeout = props.timeout ?? Duration.seconds(10);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN });
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: props.architecture,
      memorySize: props.memorySize ?? 512,
      timeout: this.timeout,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      projectRoot,
      depsLockFilePath: depsLockFile,
      bundling: props.bundling ?? lambdaBundling,
      // No NODE_OPTIONS=--enable-source-maps: loading the map costs more cold-start time than the
      // bundle itself (docs/DECISIONS.md, 'Cold starts'); the map ships beside the bundle for reading traces.
      environment: props.environment,
    });
    acknowledgeFunctionBasics(this.function);
  }
}

/** What an API area's function needs. */
interface AreaNeeds {
  /** Megabytes; bcrypt hashing is CPU-bound and Lambda's CPU grows with memory. */
  memorySize: number;
  /**
   * Exactly the DynamoDB actions its bundle uses (test/infra/permissions.test.ts derives them from the
   * bundle and compares). Every area with signed-in routes reads the session and the user
   * (BatchGetItem) and settles the membership (a transaction of Updates: UpdateItem).
   */
  table: TableAccess;
  sendsEmail: boolean;
  /** Signs session tokens even though its routes are public (login). */
  signsSessions: boolean;
  /** Encrypts and decrypts two-factor secrets, so it reads the two-factor key. */
  twoFactorKey: boolean;
  /** Forwards mail to the support address, so it gets SUPPORT_EMAIL. */
  supportEmail: boolean;
}

const DEFAULT_NEEDS: Omit<AreaNeeds, 'table'> = {
  memorySize: 512,
  sendsEmail: false,
  signsSessions: false,
  twoFactorKey: false,
  supportEmail: false,
};

/**
 * Per-area needs, keyed by area name: the table access is always listed, the rest only where it
 * differs from DEFAULT_NEEDS. Adding an area is adding its entry here; an area of the contract
 * without one stops synthesis. Listing an area that has no routes yet is harmless.
 */
const AREA_NEEDS: Record<string, Partial<AreaNeeds> & Pick<AreaNeeds, 'table'>> = {
  // Passwords (bcrypt), verification and reset e-mails, login, settings.
  auth: {
    memorySize: 1024,
    sendsEmail: true,
    signsSessions: true,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] },
  },
  // The session check, polled by every visible tab: one BatchGetItem (user and session), and on the
  // rare read where a membership change fell due, the settling write.
  session: {
    memorySize: 256,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'] },
  },
  // Avatar uploads handed out (infra/avatars.ts grants their put), the data export and account deletion (bcrypt confirms it).
  account: {
    memorySize: 1024,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
      ],
      queriedIndexes: ['gsi1'],
    },
  },
  // Completes a two-factor login, so it signs the session token; bcrypt confirms disabling.
  // Two-factor sign-in; turning it off mails a security notice to the verified address (issue 21).
  twofa: {
    memorySize: 1024,
    sendsEmail: true,
    signsSessions: true,
    twoFactorKey: true,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] },
  },
  // Membership changes (transactions of updates) and their schedules (infra/membership.ts).
  membership: {
    table: { actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  },
  subscriptions: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // Creates users (bcrypt); sends reset-link and preview e-mails.
  admin: {
    memorySize: 1024,
    sendsEmail: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
      ],
      queriedIndexes: ['gsi1'],
    },
  },
  // Forwards contact messages by e-mail (GetItem: the suppression check before sending), stores each
  // and removes one it could not forward, and counts the senders' throttle windows.
  contact: {
    sendsEmail: true,
    supportEmail: true,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] },
  },
  // Reads the one counters item: never a Scan, which would read every user's password hash.
  stats: { table: { actions: ['dynamodb:GetItem'] } },
  // Reads and writes the announcement items; no e-mail, no avatars, nothing signed.
  announcements: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
};

export function areaNeeds(area: string): AreaNeeds {
  const listed = AREA_NEEDS[area];
  if (!listed) throw new Error(`The API area "${area}" has no entry in AREA_NEEDS (infra/functions.ts): list its table access there`);
  return { ...DEFAULT_NEEDS, ...listed };
}

/** An area verifies or issues session tokens, so it reads the signing key. */
function readsSessionKey(area: Area): boolean {
  return areaNeeds(area).signsSessions || routesOfArea(area).some(([, route]) => route.access !== 'public');
}

/** `stats` → `Stats`, for construct ids. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_\s]+)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}

export interface ApiFunctionsProps {
  architecture: lambda.Architecture;
  /** Configuration every function gets (the chassis validates it at cold start). */
  environment: Record<string, string>;
  table: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
  /** Given (as TWO_FACTOR_KEY_ARN) and readable only to the areas that need it. */
  twoFactorKey: secretsmanager.ISecret;
  /** The product's sender (EmailSender): areas that send e-mail are granted sending from it. */
  email: EmailSendGrant;
  /** Where contact messages go (SUPPORT_EMAIL of the areas that forward them). */
  supportEmail: string;
  /** Folder holding `<area>/handler.ts`; the repository's `functions/` by default. */
  functionsDir?: string;
  /** The header value CloudFront sends (cloud only): every API function reads it and refuses requests without it. */
  originSecret?: secretsmanager.ISecret;
}

/**
 * One function per API area of the contract (`AREAS`), each granted only what its area uses:
 * exactly its DynamoDB actions, sending from the product's sender address, the session signing key,
 * the two-factor key. No area touches avatar objects (infra/avatars.ts).
 */
export class ApiFunctions extends Construct {
  readonly byArea: ReadonlyMap<Area, NodejsFunction>;
  readonly all: ProductFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiFunctionsProps) {
    super(scope, id);
    const byArea = new Map<Area, NodejsFunction>();

    for (const area of AREAS) {
      const needs = areaNeeds(area);
      const productFunction = new ProductFunction(this, pascalCase(area), {
        entry: areaEntry(area, props.functionsDir ?? functionsDir),
        description: `Subscription Tracker API: ${area} routes`,
        architecture: props.architecture,
        memorySize: needs.memorySize,
        environment: {
          ...props.environment,
          ...(needs.twoFactorKey ? { TWO_FACTOR_KEY_ARN: props.twoFactorKey.secretArn } : {}),
          ...(needs.supportEmail ? { SUPPORT_EMAIL: props.supportEmail } : {}),
          ...(props.originSecret ? { ORIGIN_SECRET_ARN: props.originSecret.secretArn } : {}),
        },
        bundling: lambdaBundlingFor(area),
      });
      const fn = productFunction.function;
      acknowledge(
        fn,
        'Invoked synchronously by API Gateway: the caller gets the error and no event is left to keep.',
        'Serverless-LambdaDLQ',
      );

      grantTableAccess(props.table, fn, needs.table);
      if (needs.sendsEmail) props.email.grantSend(fn);
      if (readsSessionKey(area)) grantSecretValue(props.jwtSecret, fn);
      if (needs.twoFactorKey) grantSecretValue(props.twoFactorKey, fn);
      if (props.originSecret) grantSecretValue(props.originSecret, fn);

      byArea.set(area, fn);
      this.all.push(productFunction);
    }
    this.byArea = byArea;
  }
}
