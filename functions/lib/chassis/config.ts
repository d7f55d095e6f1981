import { isIP } from 'node:net';
import { DEFAULT_LANDING_COUNTERS_MIN_USERS, MAX_LANDING_COUNTERS_MIN_USERS } from '../../../shared/domain/landing-counters.js';
import { emailProblem } from '../../../shared/domain/username.js';
import { normalizeAddress } from './client-address.js';

/**
 * Configuration from the environment the stack sets (DESIGN §7c), checked once, on first use at
 * cold start, so a misconfiguration fails loudly at deploy time, not on a user's request. Plain
 * checks rather than a schema library: functions that validate no request body stay free of one.
 */
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

export interface Config {
  TABLE_NAME: string;
  PUBLIC_URL: string;
  SENDER_EMAIL: string;
  /** The SES configuration set every e-mail is sent with: its bounce and complaint events reach functions/email-feedback. */
  SES_CONFIGURATION_SET: string;
  JWT_SECRET?: string;
  JWT_SECRET_ARN?: string;
  /** The key that encrypts two-factor secrets (local stack), or the Secrets Manager secret holding it (cloud). */
  TWO_FACTOR_KEY?: string;
  TWO_FACTOR_KEY_ARN?: string;
  AVATARS_BUCKET?: string;
  /** Absolute base URL of `/avatars/` when the site is not on the API's origin (LocalStack); `/avatars` otherwise. */
  AVATARS_BASE_URL?: string;
  /** Where browsers post avatar uploads: the bucket's URL (cloud), the local stack's S3 emulator. */
  AVATARS_UPLOAD_URL?: string;
  /** Absolute base URL of `/logos/sites/` when the site is not on the API's origin (LocalStack); `/logos/sites` otherwise. */
  SITE_LOGOS_BASE_URL?: string;
  /** Where contact messages are forwarded (the contact function only). */
  SUPPORT_EMAIL?: string;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  /**
   * The value CloudFront sends in its origin-secret header (tests), or the Secrets Manager secret
   * holding it (cloud): with either, requests without it are refused. Neither locally or on LocalStack.
   */
  ORIGIN_SECRET?: string;
  ORIGIN_SECRET_ARN?: string;
  /**
   * Client addresses the per-address sign-up and mail limit does not count: the local test stacks'
   * loopback, from which the tests sign up hundreds of users. Never set in the cloud.
   */
  THROTTLE_EXEMPT_ADDRESSES: string[];
  /**
   * bcrypt's cost for new password hashes: PRODUCTION_BCRYPT_COST unless set. Only the local test
   * stacks set it, to bcrypt's minimum; the cloud stack never does (test/infra/cloud.test.ts).
   */
  BCRYPT_COST: number;
  /** Accounts there must be before GET /api/stats gives the landing counters; DEFAULT_LANDING_COUNTERS_MIN_USERS unless set. */
  LANDING_COUNTERS_MIN_USERS: number;
  /** False when the operator turned password sign-in off for everyone but the owner (`PASSWORD_SIGN_IN=off`; issue 38 §2). */
  PASSWORD_SIGN_IN: boolean;
}

/** bcrypt's cost in production: ≈ 85 ms a hash here (DESIGN §9). */
export const PRODUCTION_BCRYPT_COST = 10;
/** The costs bcrypt accepts. */
export const BCRYPT_COSTS = { min: 4, max: 31 } as const;

const isBcryptCost = (value: string) => /^\d{1,2}$/.test(value) && Number(value) >= BCRYPT_COSTS.min && Number(value) <= BCRYPT_COSTS.max;

/** A comma-separated list of addresses, blanks ignored. */
const addressList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** What is wrong with each variable, as `NAME: problem`; empty when the environment is usable. */
export function configProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const check = (name: string, ok: boolean, expected: string) => {
    if (!ok) problems.push(`${name}: ${expected} (got ${env[name] === undefined ? 'nothing' : `"${env[name]}"`})`);
  };
  const optional = (name: string, ok: (value: string) => boolean, expected: string) => {
    const value = env[name];
    if (value !== undefined) check(name, ok(value), expected);
  };
  check('TABLE_NAME', Boolean(env.TABLE_NAME), 'must be set');
  check('PUBLIC_URL', isHttpUrl(env.PUBLIC_URL ?? ''), 'must be an http(s) URL');
  check('SENDER_EMAIL', emailProblem(env.SENDER_EMAIL ?? '') === null, 'must be an e-mail address');
  check('SES_CONFIGURATION_SET', /^[A-Za-z0-9_-]{1,64}$/.test(env.SES_CONFIGURATION_SET ?? ''), 'must be an SES configuration set name');
  // The secret itself is never echoed into the message.
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) problems.push('JWT_SECRET: must be at least 32 characters');
  optional('JWT_SECRET_ARN', Boolean, 'must not be empty');
  if (env.TWO_FACTOR_KEY !== undefined && env.TWO_FACTOR_KEY.length < 32) problems.push('TWO_FACTOR_KEY: must be at least 32 characters');
  optional('TWO_FACTOR_KEY_ARN', Boolean, 'must not be empty');
  optional('AVATARS_BUCKET', Boolean, 'must not be empty');
  optional('AVATARS_BASE_URL', isHttpUrl, 'must be an http(s) URL');
  optional('AVATARS_UPLOAD_URL', isHttpUrl, 'must be an http(s) URL');
  optional('SITE_LOGOS_BASE_URL', isHttpUrl, 'must be an http(s) URL');
  optional('SUPPORT_EMAIL', (value) => emailProblem(value) === null, 'must be an e-mail address');
  if (env.ORIGIN_SECRET !== undefined && env.ORIGIN_SECRET.length < 32) problems.push('ORIGIN_SECRET: must be at least 32 characters');
  optional('ORIGIN_SECRET_ARN', Boolean, 'must not be empty');
  optional(
    'THROTTLE_EXEMPT_ADDRESSES',
    (list) => addressList(list).every((address) => isIP(address) !== 0),
    'must be IP addresses separated by commas',
  );
  optional('BCRYPT_COST', isBcryptCost, `must be a whole number from ${BCRYPT_COSTS.min} to ${BCRYPT_COSTS.max}`);
  optional(
    'LANDING_COUNTERS_MIN_USERS',
    (value) => /^\d{1,10}$/.test(value) && Number(value) <= MAX_LANDING_COUNTERS_MIN_USERS,
    `must be a whole number from 0 to ${MAX_LANDING_COUNTERS_MIN_USERS}`,
  );
  optional('PASSWORD_SIGN_IN', (value) => value === 'on' || value === 'off', 'must be on or off');
  optional('OIDC_SIGN_UP', (value) => value === 'on' || value === 'off', 'must be on or off');
  if (env.OIDC_ISSUER !== undefined) {
    check('OIDC_ISSUER', isHttpUrl(env.OIDC_ISSUER), 'must be an http(s) URL');
    check('OIDC_CLIENT_ID', Boolean(env.OIDC_CLIENT_ID), 'must be set with OIDC_ISSUER');
    check('OIDC_NAME', Boolean(env.OIDC_NAME?.trim()) && (env.OIDC_NAME?.length ?? 0) <= 40, 'must be a name of at most 40 characters');
    if (!env.OIDC_CLIENT_SECRET && !env.OIDC_CLIENT_SECRET_ARN)
      problems.push('OIDC_CLIENT_SECRET: must be set with OIDC_ISSUER (or OIDC_CLIENT_SECRET_ARN)');
  }
  optional('LOG_LEVEL', (level) => (LOG_LEVELS as readonly string[]).includes(level), `must be one of ${LOG_LEVELS.join(', ')}`);
  return problems;
}

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const env = process.env;
    const problems = configProblems(env);
    if (problems.length > 0) throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
    cached = {
      TABLE_NAME: env.TABLE_NAME as string,
      PUBLIC_URL: env.PUBLIC_URL as string,
      SENDER_EMAIL: env.SENDER_EMAIL as string,
      SES_CONFIGURATION_SET: env.SES_CONFIGURATION_SET as string,
      JWT_SECRET: env.JWT_SECRET,
      JWT_SECRET_ARN: env.JWT_SECRET_ARN,
      TWO_FACTOR_KEY: env.TWO_FACTOR_KEY,
      TWO_FACTOR_KEY_ARN: env.TWO_FACTOR_KEY_ARN,
      AVATARS_BUCKET: env.AVATARS_BUCKET,
      AVATARS_BASE_URL: env.AVATARS_BASE_URL,
      AVATARS_UPLOAD_URL: env.AVATARS_UPLOAD_URL,
      SITE_LOGOS_BASE_URL: env.SITE_LOGOS_BASE_URL,
      SUPPORT_EMAIL: env.SUPPORT_EMAIL,
      LOG_LEVEL: (env.LOG_LEVEL ?? 'info') as Config['LOG_LEVEL'],
      ORIGIN_SECRET: env.ORIGIN_SECRET,
      ORIGIN_SECRET_ARN: env.ORIGIN_SECRET_ARN,
      THROTTLE_EXEMPT_ADDRESSES: addressList(env.THROTTLE_EXEMPT_ADDRESSES).map((address) => normalizeAddress(address) ?? address),
      BCRYPT_COST: env.BCRYPT_COST === undefined ? PRODUCTION_BCRYPT_COST : Number(env.BCRYPT_COST),
      LANDING_COUNTERS_MIN_USERS:
        env.LANDING_COUNTERS_MIN_USERS === undefined ? DEFAULT_LANDING_COUNTERS_MIN_USERS : Number(env.LANDING_COUNTERS_MIN_USERS),
      PASSWORD_SIGN_IN: env.PASSWORD_SIGN_IN !== 'off',
    };
  }
  return cached;
}

/** The support address contact messages go to; a function that forwards them cannot start without it. */
export function supportEmail(): string {
  const address = config().SUPPORT_EMAIL;
  if (!address) throw new Error('Invalid function configuration: SUPPORT_EMAIL: must be set');
  return address;
}

/** The public site URL without a trailing slash; e-mail links are built from it, never from a request's Host. */
export function publicUrl(path = ''): string {
  return config().PUBLIC_URL.replace(/\/+$/, '') + path;
}

export interface SchedulerSettings {
  MEMBERSHIP_SCHEDULE_GROUP: string;
  MEMBERSHIP_SCHEDULER_ROLE_ARN: string;
  /** The expiry function's ARN (the API function); the expiry function passes its own. */
  MEMBERSHIP_EXPIRY_ARN?: string;
}

const ARN = {
  lambda: /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:[A-Za-z0-9_-]+$/,
  role: /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/,
};

/** What is wrong with the membership scheduler settings, as `NAME: problem`; empty when usable or in-process. */
export function schedulerConfigProblems(env: NodeJS.ProcessEnv, needsTarget: boolean): string[] {
  const mode = env.MEMBERSHIP_SCHEDULER;
  if (mode === 'in-process') return [];
  const problems: string[] = [];
  const got = (name: string) => (env[name] === undefined ? 'nothing' : `"${env[name]}"`);
  if (mode !== undefined && mode !== 'eventbridge') {
    problems.push(`MEMBERSHIP_SCHEDULER: must be eventbridge or in-process (got ${got('MEMBERSHIP_SCHEDULER')})`);
  }
  if (!/^[0-9A-Za-z_.-]{1,64}$/.test(env.MEMBERSHIP_SCHEDULE_GROUP ?? '')) {
    problems.push(`MEMBERSHIP_SCHEDULE_GROUP: must be a schedule group name (got ${got('MEMBERSHIP_SCHEDULE_GROUP')})`);
  }
  if (!ARN.role.test(env.MEMBERSHIP_SCHEDULER_ROLE_ARN ?? '')) {
    problems.push(`MEMBERSHIP_SCHEDULER_ROLE_ARN: must be an IAM role ARN (got ${got('MEMBERSHIP_SCHEDULER_ROLE_ARN')})`);
  }
  if (needsTarget || env.MEMBERSHIP_EXPIRY_ARN !== undefined) {
    if (!ARN.lambda.test(env.MEMBERSHIP_EXPIRY_ARN ?? '')) {
      problems.push(`MEMBERSHIP_EXPIRY_ARN: must be a Lambda function ARN (got ${got('MEMBERSHIP_EXPIRY_ARN')})`);
    }
  }
  return problems;
}

let cachedScheduler: SchedulerSettings | undefined;

/**
 * The membership scheduler settings (functions/lib/membership/membership-schedules.ts), checked once at cold
 * start by the membership functions; in-process (the local stack) there are none. `needsTarget`:
 * the API function names the expiry function by MEMBERSHIP_EXPIRY_ARN; the expiry function knows
 * its own ARN from its invocation.
 */
export function schedulerConfig(needsTarget: boolean): SchedulerSettings {
  if (!cachedScheduler) {
    const env = process.env;
    const problems = schedulerConfigProblems(env, needsTarget);
    if (problems.length > 0) throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
    cachedScheduler = {
      MEMBERSHIP_SCHEDULE_GROUP: env.MEMBERSHIP_SCHEDULE_GROUP ?? '',
      MEMBERSHIP_SCHEDULER_ROLE_ARN: env.MEMBERSHIP_SCHEDULER_ROLE_ARN ?? '',
      MEMBERSHIP_EXPIRY_ARN: env.MEMBERSHIP_EXPIRY_ARN,
    };
  }
  return cachedScheduler;
}
