import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as oidc from 'openid-client';
import { SSO_CALLBACK_PATH, ssoMessages } from '../../../shared/api/sso.js';
import { dynamo, secretsClient } from '../chassis/aws.js';
import { publicUrl } from '../chassis/config.js';
import { HttpError } from '../chassis/errors.js';
import { epochSeconds, tableName } from '../chassis/table.js';
import { authKeys } from './keys.js';
import type { Identity } from './sso-links.js';

/**
 * Single sign-on with OpenID Connect (issue 38 §2; docs/decisions/0145-single-sign-on.md), with openid-client: the
 * protocol; the links it makes are ./sso-links.ts.
 *
 * - The flow: authorization code with PKCE (S256), `state` and `nonce`, the redirect URI the sign-in page's
 *   SSO_CALLBACK_PATH on PUBLIC_URL. What the callback needs is kept under the state for 10 minutes and taken once
 *   (`SSOFLOW#<state>`: the PKCE verifier, the nonce, the intent and, for a link, the signed-in user).
 * - The ID token is checked by openid-client: its signature by the provider's published keys, the issuer, the
 *   audience (this client), the expiry and the nonce; the token endpoint is called with the client's secret.
 */

const FLOW_SECONDS = 10 * 60;

const flowKey = authKeys.ssoFlow;

export interface FlowItem {
  pk: string;
  sk: string;
  verifier: string;
  nonce: string;
  intent: 'sign-in' | 'link' | 'confirm';
  userId?: string;
  expiresAt: number;
}

/** An OpenID Connect provider as the operator configures it (read here: the sso function alone uses it). */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  /** The client secret itself (local stack), or the Secrets Manager secret holding it (cloud). */
  clientSecret?: string;
  clientSecretArn?: string;
  /** Shown as 'Continue with <name>'. */
  name: string;
  /** Whether a first sign-in with the provider may make a new account (`OIDC_SIGN_UP=off` turns it off). */
  signUp: boolean;
}

let configured: OidcProviderConfig | null | undefined;

/**
 * The provider from OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_ARN), OIDC_NAME and
 * OIDC_SIGN_UP, checked once; null without OIDC_ISSUER. A misconfiguration stops the function, as the chassis's do.
 */
export function configuredProvider(): OidcProviderConfig | null {
  if (configured !== undefined) return configured;
  const env = process.env;
  if (!env.OIDC_ISSUER) {
    configured = null;
    return configured;
  }
  const problems = [
    !URL.canParse(env.OIDC_ISSUER) || !/^https?:$/.test(new URL(env.OIDC_ISSUER).protocol) ? 'OIDC_ISSUER: must be an http(s) URL' : '',
    env.OIDC_CLIENT_ID ? '' : 'OIDC_CLIENT_ID: must be set with OIDC_ISSUER',
    env.OIDC_NAME?.trim() && env.OIDC_NAME.length <= 40 ? '' : 'OIDC_NAME: must be a name of at most 40 characters',
    env.OIDC_CLIENT_SECRET || env.OIDC_CLIENT_SECRET_ARN
      ? ''
      : 'OIDC_CLIENT_SECRET: must be set with OIDC_ISSUER (or OIDC_CLIENT_SECRET_ARN)',
    [undefined, 'on', 'off'].includes(env.OIDC_SIGN_UP) ? '' : 'OIDC_SIGN_UP: must be on or off',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  configured = {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID as string,
    clientSecret: env.OIDC_CLIENT_SECRET,
    clientSecretArn: env.OIDC_CLIENT_SECRET_ARN,
    name: (env.OIDC_NAME as string).trim(),
    signUp: env.OIDC_SIGN_UP !== 'off',
  };
  return configured;
}

/** The operator's provider; a 404 with the message that there is none when single sign-on is not set up. */
export function ssoProvider(): OidcProviderConfig {
  const provider = configuredProvider();
  if (!provider) throw new HttpError(404, ssoMessages.notConfigured);
  return provider;
}

/** Plain http is for a provider on this machine only (the local stack's tests); anywhere else its tokens travel in the clear. */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

let configuration: Promise<oidc.Configuration> | undefined;

/** The provider's configuration (discovery), once per cold start; a failure is tried again by the next request. */
function providerConfiguration(): Promise<oidc.Configuration> {
  configuration ??= (async () => {
    const provider = ssoProvider();
    const issuer = new URL(provider.issuer);
    const secret =
      provider.clientSecret ??
      (await secretsClient().send(new GetSecretValueCommand({ SecretId: provider.clientSecretArn }))).SecretString ??
      '';
    const insecure = issuer.protocol === 'http:';
    if (insecure && !isLoopback(issuer)) throw new Error('Invalid function configuration: OIDC_ISSUER: must be https');
    const settings = await oidc.discovery(
      issuer,
      provider.clientId,
      secret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // The ID token's signature checked against the provider's published keys too: openid-client takes a token from
    // the token endpoint on the strength of TLS alone unless told (a forged token in test/api/sso.test.ts).
    oidc.enableNonRepudiationChecks(settings);
    return settings;
  })();
  configuration.catch(() => {
    configuration = undefined;
  });
  return configuration;
}

const redirectUri = () => publicUrl(SSO_CALLBACK_PATH);

/** Starts a flow: its state, verifier and nonce kept for 10 minutes; the provider's authorization URL to send the browser to. */
export async function startFlow(intent: FlowItem['intent'], userId?: string): Promise<string> {
  const settings = await providerConfiguration();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const item: FlowItem = {
    ...flowKey(state),
    verifier,
    nonce,
    intent,
    ...(userId ? { userId } : {}),
    expiresAt: epochSeconds() + FLOW_SECONDS,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
  return oidc
    .buildAuthorizationUrl(settings, {
      redirect_uri: redirectUri(),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** Takes the flow its callback names, once; a 400 when it is unknown, used or older than 10 minutes. */
async function takeFlow(state: string): Promise<FlowItem> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(state)) throw new HttpError(400, ssoMessages.flowInvalid);
  const { Attributes } = await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: flowKey(state), ReturnValues: 'ALL_OLD' }));
  const flow = Attributes as FlowItem | undefined;
  if (!flow || flow.expiresAt <= epochSeconds()) throw new HttpError(400, ssoMessages.flowInvalid);
  return flow;
}

/**
 * Finishes a flow from the callback's query string: the flow taken once, the code exchanged with PKCE, the ID token
 * checked (signature, issuer, audience, expiry, nonce). Any refusal by the provider or of its token is one 400.
 */
export async function finishFlow(query: string): Promise<{ flow: FlowItem; identity: Identity }> {
  const params = new URLSearchParams(query);
  const flow = await takeFlow(params.get('state') ?? '');
  const settings = await providerConfiguration();
  let claims: oidc.IDToken | undefined;
  try {
    const callback = new URL(redirectUri());
    callback.search = params.toString();
    const tokens = await oidc.authorizationCodeGrant(
      settings,
      callback,
      { pkceCodeVerifier: flow.verifier, expectedNonce: flow.nonce, expectedState: params.get('state') ?? '', idTokenExpected: true },
      undefined,
      undefined,
    );
    claims = tokens.claims();
  } catch {
    throw new HttpError(400, ssoMessages.refused);
  }
  if (!claims) throw new HttpError(400, ssoMessages.refused);
  return { flow, identity: identityOf(claims) };
}

/** What the tool keeps of an ID token's claims. */
function identityOf(claims: oidc.IDToken): Identity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const email = text(claims.email);
  const verifiedEmail = email && claims.email_verified === true ? email.toLowerCase() : null;
  const name = text(claims.name);
  const preferred = text(claims.preferred_username) ?? email?.split('@')[0] ?? name ?? 'member';
  return {
    issuer: claims.iss,
    subject: claims.sub,
    verifiedEmail,
    account: email ?? name,
    suggestedUsername: preferred.replace(/[^A-Za-z0-9_]/g, '').slice(0, 20) || 'member',
  };
}
