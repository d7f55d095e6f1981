import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, LogLevel, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { AREAS } from '../shared/api/index.js';

/** The repository root (this file lives in `<root>/infra`). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const functionsDir = join(projectRoot, 'functions');
export const depsLockFile = join(projectRoot, 'package-lock.json');

/**
 * Lets bundled CommonJS dependencies call `require` inside an ES module bundle
 * (`require` does not exist in ESM on its own).
 */
export const ESM_REQUIRE_SHIM = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * SDK modules replaced in every bundle by smaller ones of ours, because the SDK imports them
 * statically although the functions never use them:
 * - Each client's runtime config imports the default credential chain (`@aws-sdk/credential-provider-node`:
 *   SSO, STS, IMDS, INI files and their nested clients, ~130 KB minified) even when the client is given
 *   its own credentials; the functions' clients read Lambda's environment credentials only
 *   (functions/lib/chassis/credentials.ts), so that module takes the chain's place.
 * - The HTTP protocol loads the event-stream codec (~15 KB) for operations that stream events; no
 *   function calls one (functions/lib/chassis/no-event-streams.ts fails by name if one ever did).
 * - The DynamoDB client sets up endpoint discovery (an LRU endpoint cache, ~8 KB), which is off
 *   unless asked for and which no operation the functions call uses (functions/lib/chassis/no-endpoint-discovery.ts).
 * - The clients take only `Sha256` from the SDK's checksum module, whose class carries a
 *   pure-JavaScript fallback (~3.5 KB) for runtimes without `node:crypto` (functions/lib/chassis/sha256.ts).
 *
 * The checksum stand-in is left out of the function that uses S3 (FULL_CHECKSUM_FUNCTIONS): the S3
 * client also takes MD5, CRC32 and stream hashing from that module, for its object checksums.
 *
 * An alias replaces a package or a package subpath only, never a file the SDK imports by relative
 * path; esbuild stops the build if the SDK ever imports something a replacement lacks.
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/credential-provider-node': join(functionsDir, 'lib', 'chassis', 'credentials.ts'),
  '@smithy/core/event-streams': join(functionsDir, 'lib', 'chassis', 'no-event-streams.ts'),
  '@aws-sdk/middleware-endpoint-discovery': join(functionsDir, 'lib', 'chassis', 'no-endpoint-discovery.ts'),
  '@smithy/core/checksum': join(functionsDir, 'lib', 'chassis', 'sha256.ts'),
};

/**
 * The esbuild options every Lambda bundle is built with (DESIGN §9): ESM, minified, source maps
 * without embedded sources, Node 24 (the functions' runtime, product-function.ts `LAMBDA_RUNTIME`), and the AWS SDK bundled so its version is the one pinned in
 * package.json (less the parts BUNDLE_ALIASES replaces). A plain esbuild options object, so
 * `npm run bench` can build each function exactly as the stack does:
 *
 *     await esbuild.build({ ...bundleOptions, entryPoints: [entry], outfile: 'out/index.mjs', metafile: true })
 */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_SHIM },
  external: [],
  alias: BUNDLE_ALIASES,
} satisfies BuildOptions;

/** Functions whose bundles keep the SDK's whole checksum module: the S3 client needs more than `Sha256`. */
export const FULL_CHECKSUM_FUNCTIONS: ReadonlySet<string> = new Set(['avatars', 'logos']);

/** The aliases of one function's bundle (see BUNDLE_ALIASES and FULL_CHECKSUM_FUNCTIONS). */
export function bundleAliasesFor(name: string): Record<string, string> {
  if (!FULL_CHECKSUM_FUNCTIONS.has(name)) return BUNDLE_ALIASES;
  const { '@smithy/core/checksum': _kept, ...aliases } = BUNDLE_ALIASES;
  return aliases;
}

/** The esbuild options of one function's bundle. */
export function bundleOptionsFor(name: string) {
  return { ...bundleOptions, alias: bundleAliasesFor(name) } satisfies BuildOptions;
}

/** The same options in the form NodejsFunction takes; bundling runs the local esbuild, never Docker. */
export const lambdaBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: bundleOptions.target,
  minify: bundleOptions.minify,
  sourceMap: bundleOptions.sourcemap,
  sourcesContent: bundleOptions.sourcesContent,
  mainFields: bundleOptions.mainFields,
  banner: bundleOptions.banner.js,
  externalModules: bundleOptions.external,
  esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path])),
  forceDockerBundling: false,
  // Keeps `cdk synth --quiet` quiet: esbuild reports only warnings and errors.
  logLevel: LogLevel.WARNING,
};

/** One function's NodejsFunction bundling options. */
export function lambdaBundlingFor(name: string): BundlingOptions {
  return {
    ...lambdaBundling,
    esbuildArgs: Object.fromEntries(Object.entries(bundleAliasesFor(name)).map(([alias, path]) => [`--alias:${alias}`, path])),
  };
}

export interface FunctionEntry {
  /** The function's name in the product: an API area from the contract, `reminder-planner`, `reminder-sender`, `membership-expiry`, `email-feedback`, `avatars`, `logos`, `daily-rates`, `bootstrap` or `jwt-key-rotation`. */
  name: string;
  /** Absolute path of the TypeScript module that exports `handler`. */
  entry: string;
}

/** Entry of an API area's function: `functions/<area>/handler.ts`. */
export function areaEntry(area: string, root = functionsDir): string {
  return join(root, area, 'handler.ts');
}

/** Entry of the daily reminder planner (started by the schedule). */
export function reminderPlannerEntry(root = functionsDir): string {
  return join(root, 'reminders', 'planner.ts');
}

/** Entry of the reminder sender (the reminder queue's consumer). */
export function reminderSenderEntry(root = functionsDir): string {
  return join(root, 'reminders', 'sender.ts');
}

/** Entry of the membership expiry function (the target of the one-time membership schedules). */
export function membershipExpiryEntry(root = functionsDir): string {
  return join(root, 'membership', 'expiry.ts');
}

/** Entry of the function that handles SES bounces and complaints (the feedback topic's subscriber). */
export function emailFeedbackEntry(root = functionsDir): string {
  return join(root, 'email-feedback', 'handler.ts');
}

/** Entry of the avatar function (upload arrivals and profile removals, infra/avatars.ts). */
export function avatarsEntry(root = functionsDir): string {
  return join(root, 'avatars', 'handler.ts');
}

/** Entry of the logo function (websites' icons for subscriptions written, infra/logos.ts). */
export function logosEntry(root = functionsDir): string {
  return join(root, 'logos', 'handler.ts');
}

/** Entry of the daily exchange rates function (started by its schedule, infra/rates.ts). */
export function dailyRatesEntry(root = functionsDir): string {
  return join(root, 'rates', 'handler.ts');
}

/** Entry of the deploy-time owner bootstrap (a custom resource handler). */
export function ownerBootstrapEntry(root = functionsDir): string {
  return join(root, 'bootstrap', 'handler.ts');
}

/** Entry of the session signing key's rotation function (Secrets Manager invokes it). */
export function signingKeyRotationEntry(root = functionsDir): string {
  return join(root, 'rotation', 'handler.ts');
}

/**
 * Every function the stacks deploy: one per API area of the contract (`AREAS`), the reminder planner
 * and sender, the membership expiry, the e-mail feedback, the avatar function, the logo function, the daily rates, the owner bootstrap
 * and the signing key's rotation.
 */
export function functionEntries(root = functionsDir): FunctionEntry[] {
  return [
    ...AREAS.map((area) => ({ name: area, entry: areaEntry(area, root) })),
    { name: 'reminder-planner', entry: reminderPlannerEntry(root) },
    { name: 'reminder-sender', entry: reminderSenderEntry(root) },
    { name: 'membership-expiry', entry: membershipExpiryEntry(root) },
    { name: 'email-feedback', entry: emailFeedbackEntry(root) },
    { name: 'avatars', entry: avatarsEntry(root) },
    { name: 'logos', entry: logosEntry(root) },
    { name: 'daily-rates', entry: dailyRatesEntry(root) },
    { name: 'bootstrap', entry: ownerBootstrapEntry(root) },
    { name: 'jwt-key-rotation', entry: signingKeyRotationEntry(root) },
  ];
}
