import { DEFAULT_LANDING_COUNTERS_MIN_USERS, MAX_LANDING_COUNTERS_MIN_USERS } from '../shared/domain/landing-counters.js';

/**
 * What one deployment of Subscription Tracker is configured with, read from CDK context
 * (`-c key=value` or cdk.json). Validated here so a wrong value stops `cdk synth` with a
 * message that names the key, instead of producing a stack that fails later.
 */

/** Where the stacks go: real AWS, or LocalStack's free tier (REST API, S3 website, no CloudFront). */
export type DeploymentTarget = 'aws' | 'localstack';

export interface CustomDomain {
  /** The site's host name, e.g. `subscriptions.example.com`. */
  name: string;
  /** ACM certificate for `name`, in us-east-1 (CloudFront only uses certificates from there). */
  certificateArn: string;
  /** Route 53 zone that gets the alias records; without it, point DNS at the distribution yourself. */
  hostedZone?: { id: string; name: string };
}

/** The first owner account, created on deployment when no owner exists (DESIGN §5). */
export interface OwnerBootstrap {
  username: string;
  email: string;
  /**
   * Name of an existing Secrets Manager secret holding the owner's password (plain string).
   * When absent, the data stack generates one. The password itself never enters a template.
   */
  passwordSecretName?: string;
}

export interface DeploymentConfig {
  target: DeploymentTarget;
  /** The address reminder and account e-mails are sent from (an SES identity). */
  senderEmail: string;
  /** Whether senderEmail came from configuration rather than the placeholder default. */
  senderEmailConfigured: boolean;
  /** The address contact messages are forwarded to. */
  supportEmail: string;
  domain?: CustomDomain;
  /**
   * Route 53 zone (`hostedZoneId` with `hostedZoneName`): the custom domain's records, and, when the
   * sender address is in it, the SES domain identity with DKIM, MAIL FROM and DMARC records.
   */
  hostedZone?: { id: string; name: string };
  /** Where DMARC aggregate reports for the sender domain go (`rua`); none without it. */
  dmarcReportEmail?: string;
  /** None in the cloud unless configured; LocalStack deployments default to LOCALSTACK_DEFAULT_OWNER. */
  owner?: OwnerBootstrap;
  /** E-mails per second the reminder job sends at most: the SES account's maximum send rate. */
  sesMaxSendRate: number;
  /** Log level the functions log at. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Address that receives alarm notifications; no notifications without it. */
  alarmEmail?: string;
  /** Built site to publish instead of web/dist (a folder holding index.html). */
  webDistDir?: string;
  /** Host and port LocalStack answers on, for the URLs of the LocalStack variant. */
  localstackHost: string;
  /**
   * A WAF web ACL on the CloudFront distribution (managed rule groups and rate-based rules,
   * infra/edge.ts): on by default in the cloud, off with `-c waf=false` for cost-sensitive test
   * deployments; never with target=localstack, which has no CloudFront.
   */
  waf: boolean;
  /** Accounts there must be before the landing page shows its counters (LANDING_COUNTERS_MIN_USERS). */
  landingCountersMinUsers: number;
  /**
   * Single sign-on (issue 38 §2): the OpenID Connect provider (`oidcIssuer`, `oidcClientId`, `oidcName`), its client
   * secret in an existing Secrets Manager secret (`oidcClientSecretArn`), and whether it makes new accounts
   * (`oidcSignUp`, true unless false). None without `oidcIssuer`.
   */
  singleSignOn?: SingleSignOnConfig;
  /** False with `-c passwordSignIn=false`: password sign-in off for everyone but the owner (PASSWORD_SIGN_IN=off). */
  passwordSignIn: boolean;
}

export interface SingleSignOnConfig {
  issuer: string;
  clientId: string;
  name: string;
  clientSecretArn: string;
  signUp: boolean;
}

/** LocalStack deployments get a first owner even when none is configured, so testers can sign in. */
export const LOCALSTACK_DEFAULT_OWNER = { username: 'owner', email: 'owner@example.com' } as const;

/** Used when no supportEmail is configured: contact messages go nowhere anyone reads until it is set. */
export const PLACEHOLDER_SUPPORT_EMAIL = 'support@example.com';
/** Used when no senderEmail is configured, so `cdk synth` works out of the box; SES will not send from it. */
export const PLACEHOLDER_SENDER_EMAIL = 'no-reply@example.com';
export { DEFAULT_LANDING_COUNTERS_MIN_USERS };
export const DEFAULT_LOCALSTACK_HOST = 'localhost.localstack.cloud:4566';
/**
 * SES accounts out of the sandbox start at 14 e-mails a second; the reminder senders share it out
 * (infra/reminders.ts). Account mail (verification, resets) is few and retried by the SDK on throttling.
 */
export const DEFAULT_SES_MAX_SEND_RATE = 14;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST_NAME_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export class DeploymentConfigError extends Error {
  constructor(key: string, problem: string) {
    super(`Invalid context value "${key}": ${problem}`);
    this.name = 'DeploymentConfigError';
  }
}

/** Reads one context value; `undefined` for absent or empty. */
export type ContextReader = (key: string) => unknown;

function text(read: ContextReader, key: string): string | undefined {
  const value = read(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw new DeploymentConfigError(key, 'expected a single value');
  }
  return String(value).trim() || undefined;
}

function email(read: ContextReader, key: string): string | undefined {
  const value = text(read, key);
  if (value !== undefined && !EMAIL_PATTERN.test(value)) throw new DeploymentConfigError(key, `"${value}" is not an e-mail address`);
  return value;
}

/** Validates the deployment's context values; throws DeploymentConfigError naming the first bad key. */
export function readDeploymentConfig(read: ContextReader): DeploymentConfig {
  const target = text(read, 'target') ?? 'aws';
  if (target !== 'aws' && target !== 'localstack') throw new DeploymentConfigError('target', 'expected "aws" or "localstack"');

  const senderEmail = email(read, 'senderEmail');

  const rateText = text(read, 'sesMaxSendRate');
  const sesMaxSendRate = rateText === undefined ? DEFAULT_SES_MAX_SEND_RATE : Number(rateText);
  if (!Number.isFinite(sesMaxSendRate) || sesMaxSendRate <= 0 || sesMaxSendRate > 1000) {
    throw new DeploymentConfigError('sesMaxSendRate', 'expected e-mails per second, more than 0 and at most 1000');
  }

  const minUsersText = text(read, 'landingCountersMinUsers');
  const landingCountersMinUsers = minUsersText === undefined ? DEFAULT_LANDING_COUNTERS_MIN_USERS : Number(minUsersText);
  if (
    !Number.isInteger(landingCountersMinUsers) ||
    landingCountersMinUsers < 0 ||
    landingCountersMinUsers > MAX_LANDING_COUNTERS_MIN_USERS
  ) {
    throw new DeploymentConfigError(
      'landingCountersMinUsers',
      `expected a whole number of accounts from 0 to ${MAX_LANDING_COUNTERS_MIN_USERS}`,
    );
  }

  const logLevel = text(read, 'logLevel') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new DeploymentConfigError('logLevel', `expected one of ${LOG_LEVELS.join(', ')}`);
  }

  const hostedZoneId = text(read, 'hostedZoneId');
  const hostedZoneName = text(read, 'hostedZoneName')?.toLowerCase().replace(/\.$/, '');
  if (Boolean(hostedZoneId) !== Boolean(hostedZoneName)) {
    throw new DeploymentConfigError(hostedZoneId ? 'hostedZoneName' : 'hostedZoneId', 'hostedZoneId and hostedZoneName go together');
  }
  if (hostedZoneName && !HOST_NAME_PATTERN.test(hostedZoneName)) {
    throw new DeploymentConfigError('hostedZoneName', `"${hostedZoneName}" is not a domain name`);
  }
  const hostedZone = hostedZoneId && hostedZoneName ? { id: hostedZoneId, name: hostedZoneName } : undefined;
  const wafText = text(read, 'waf')?.toLowerCase();
  if (wafText !== undefined && wafText !== 'true' && wafText !== 'false') {
    throw new DeploymentConfigError('waf', 'expected true or false');
  }
  if (wafText === 'true' && target === 'localstack') {
    throw new DeploymentConfigError('waf', 'the WAF protects CloudFront; not available with target=localstack');
  }

  const domainName = text(read, 'domainName')?.toLowerCase();
  let domain: CustomDomain | undefined;
  if (domainName !== undefined) {
    if (target === 'localstack')
      throw new DeploymentConfigError('domainName', 'custom domains need CloudFront; not available with target=localstack');
    if (!HOST_NAME_PATTERN.test(domainName)) throw new DeploymentConfigError('domainName', `"${domainName}" is not a host name`);
    const certificateArn = text(read, 'certificateArn');
    if (!certificateArn) throw new DeploymentConfigError('certificateArn', 'required with domainName (an ACM certificate in us-east-1)');
    if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
      throw new DeploymentConfigError('certificateArn', 'expected the ARN of an ACM certificate in us-east-1');
    }
    if (hostedZoneName && domainName !== hostedZoneName && !domainName.endsWith(`.${hostedZoneName}`)) {
      throw new DeploymentConfigError('hostedZoneName', `${domainName} is not inside the zone ${hostedZoneName}`);
    }
    domain = {
      name: domainName,
      certificateArn,
      hostedZone,
    };
  }

  const singleSignOn = readSingleSignOn(read);
  const passwordSignInText = text(read, 'passwordSignIn')?.toLowerCase();
  if (passwordSignInText !== undefined && passwordSignInText !== 'true' && passwordSignInText !== 'false') {
    throw new DeploymentConfigError('passwordSignIn', 'expected true or false');
  }
  if (passwordSignInText === 'false' && !singleSignOn) {
    throw new DeploymentConfigError('passwordSignIn', 'password sign-in can be turned off only with single sign-on (oidcIssuer)');
  }

  const ownerUsername = text(read, 'ownerUsername');
  const ownerEmail = email(read, 'ownerEmail');
  const ownerPasswordSecretName = text(read, 'ownerPasswordSecretName');
  if (text(read, 'ownerPassword') !== undefined) {
    throw new DeploymentConfigError(
      'ownerPassword',
      'a password must never be in the template; store it in Secrets Manager and pass ownerPasswordSecretName, or let the stack generate one',
    );
  }
  if (Boolean(ownerUsername) !== Boolean(ownerEmail)) {
    throw new DeploymentConfigError(ownerUsername ? 'ownerEmail' : 'ownerUsername', 'ownerUsername and ownerEmail go together');
  }
  if (ownerPasswordSecretName && !ownerUsername) {
    throw new DeploymentConfigError('ownerPasswordSecretName', 'needs ownerUsername and ownerEmail');
  }

  return {
    target,
    senderEmail: senderEmail ?? PLACEHOLDER_SENDER_EMAIL,
    senderEmailConfigured: senderEmail !== undefined,
    supportEmail: email(read, 'supportEmail') ?? PLACEHOLDER_SUPPORT_EMAIL,
    domain,
    hostedZone,
    dmarcReportEmail: email(read, 'dmarcReportEmail'),
    owner:
      ownerUsername && ownerEmail
        ? { username: ownerUsername, email: ownerEmail, passwordSecretName: ownerPasswordSecretName }
        : target === 'localstack'
          ? { ...LOCALSTACK_DEFAULT_OWNER }
          : undefined,
    sesMaxSendRate,
    singleSignOn,
    passwordSignIn: passwordSignInText !== 'false',
    logLevel: logLevel as DeploymentConfig['logLevel'],
    alarmEmail: email(read, 'alarmEmail'),
    webDistDir: text(read, 'webDist'),
    localstackHost: text(read, 'localstackHost') ?? DEFAULT_LOCALSTACK_HOST,
    waf: target === 'aws' && wafText !== 'false',
    landingCountersMinUsers,
  };
}

/** The single sign-on provider's context values, all or none (issue 38 §2). */
function readSingleSignOn(read: ContextReader): SingleSignOnConfig | undefined {
  const issuer = text(read, 'oidcIssuer');
  const keys = ['oidcClientId', 'oidcName', 'oidcClientSecretArn'] as const;
  if (!issuer) {
    const stray = [...keys, 'oidcSignUp'].find((key) => text(read, key) !== undefined);
    if (stray) throw new DeploymentConfigError(stray, 'needs oidcIssuer');
    return undefined;
  }
  if (!/^https:\/\/[^\s/]+/.test(issuer)) throw new DeploymentConfigError('oidcIssuer', "expected the provider's https issuer URL");
  for (const key of keys) if (!text(read, key)) throw new DeploymentConfigError(key, 'required with oidcIssuer');
  const secretArn = text(read, 'oidcClientSecretArn') as string;
  if (!/^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[\w/+=.@-]+$/.test(secretArn)) {
    throw new DeploymentConfigError('oidcClientSecretArn', 'expected the ARN of a Secrets Manager secret holding the client secret');
  }
  const signUp = text(read, 'oidcSignUp')?.toLowerCase();
  if (signUp !== undefined && signUp !== 'true' && signUp !== 'false')
    throw new DeploymentConfigError('oidcSignUp', 'expected true or false');
  const name = (text(read, 'oidcName') as string).trim();
  if (name.length > 40) throw new DeploymentConfigError('oidcName', 'at most 40 characters');
  return { issuer, clientId: text(read, 'oidcClientId') as string, name, clientSecretArn: secretArn, signUp: signUp !== 'false' };
}
