import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AREAS, type Area, routesOfArea } from '../shared/api/index.js';
import { areaEntry, depsLockFile, functionsDir, lambdaBundling, lambdaBundlingFor, projectRoot } from './bundling.js';
import type { DeploymentTarget } from './config.js';
import { AVATAR_KEY_PREFIX } from './data.js';
import type { EmailSender } from './email.js';

/** How long function logs are kept. */
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
 * A Node.js 22 function bundled from TypeScript with the shared esbuild options (bundling.ts),
 * logging to its own log group with a fixed retention.
 */
export class ProductFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: props.architecture,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup: this.logGroup,
      projectRoot,
      depsLockFilePath: depsLockFile,
      bundling: props.bundling ?? lambdaBundling,
      // No NODE_OPTIONS=--enable-source-maps: loading the map costs more cold-start time than the
      // bundle itself (docs/DECISIONS.md, 'Cold starts'); the map ships beside the bundle for reading traces.
      environment: props.environment,
    });
  }
}

/** What an API area's function needs beyond the defaults. */
interface AreaNeeds {
  /** Megabytes; bcrypt hashing is CPU-bound and Lambda's CPU grows with memory. */
  memorySize: number;
  tableAccess: 'read' | 'readWrite';
  sendsEmail: boolean;
  /** Avatar images: writes and deletes them (uploads), or only deletes them (an admin deleting a user). */
  avatars: 'readWrite' | 'delete' | false;
  /** Signs session tokens even though its routes are public (login). */
  signsSessions: boolean;
  /** Encrypts and decrypts two-factor secrets, so it reads the two-factor key. */
  twoFactorKey: boolean;
}

const DEFAULT_NEEDS: AreaNeeds = {
  memorySize: 512,
  tableAccess: 'readWrite',
  sendsEmail: false,
  avatars: false,
  signsSessions: false,
  twoFactorKey: false,
};

/**
 * Per-area differences from DEFAULT_NEEDS, keyed by area name. An area of the contract that is
 * not listed gets the defaults; listing an area that has no routes yet is harmless.
 */
const AREA_NEEDS: Record<string, Partial<AreaNeeds>> = {
  // Passwords (bcrypt), verification and reset e-mails, login, settings.
  auth: { memorySize: 1024, sendsEmail: true, signsSessions: true },
  // Avatar uploads, the data export and account deletion (bcrypt confirms it).
  account: { memorySize: 1024, avatars: 'readWrite' },
  // Completes a two-factor login, so it signs the session token; bcrypt confirms disabling.
  twofa: { memorySize: 1024, signsSessions: true, twoFactorKey: true },
  // Creates users (bcrypt); sends reset-link and preview e-mails; deleting a user deletes their avatar.
  admin: { memorySize: 1024, sendsEmail: true, avatars: 'delete' },
  // Forwards contact messages by e-mail.
  contact: { sendsEmail: true },
  // Reads the one counters item.
  stats: { tableAccess: 'read' },
  // Reads and writes the announcement items; no e-mail, no avatars, nothing signed.
  announcements: { tableAccess: 'readWrite' },
};

export function areaNeeds(area: string): AreaNeeds {
  return { ...DEFAULT_NEEDS, ...AREA_NEEDS[area] };
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
  avatarsBucket: s3.IBucket;
  jwtSecret: secretsmanager.ISecret;
  /** Given (as TWO_FACTOR_KEY_ARN) and readable only to the areas that need it. */
  twoFactorKey: secretsmanager.ISecret;
  email: EmailSender;
  /** Folder holding `<area>/handler.ts`; the repository's `functions/` by default. */
  functionsDir?: string;
  /** The header value CloudFront sends (cloud only): every API function reads it and refuses requests without it. */
  originSecret?: secretsmanager.ISecret;
}

/**
 * One function per API area of the contract (`AREAS`), each granted only what its area uses:
 * table data access (read, or read and write), sending from the product's sender address,
 * avatar objects (read and write, or delete only), the session signing key, the two-factor key.
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
          ...(props.originSecret ? { ORIGIN_SECRET_ARN: props.originSecret.secretArn } : {}),
        },
        bundling: lambdaBundlingFor(area),
      });
      const fn = productFunction.function;

      if (needs.tableAccess === 'read') props.table.grantReadData(fn);
      else props.table.grantReadWriteData(fn);
      if (needs.sendsEmail) props.email.grantSend(fn);
      if (needs.avatars === 'readWrite') props.avatarsBucket.grantReadWrite(fn, `${AVATAR_KEY_PREFIX}*`);
      if (needs.avatars === 'delete') props.avatarsBucket.grantDelete(fn, `${AVATAR_KEY_PREFIX}*`);
      if (readsSessionKey(area)) props.jwtSecret.grantRead(fn);
      if (needs.twoFactorKey) props.twoFactorKey.grantRead(fn);
      if (props.originSecret) props.originSecret.grantRead(fn);

      byArea.set(area, fn);
      this.all.push(productFunction);
    }
    this.byArea = byArea;
  }
}
