import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider on loopback for the tests of single sign-on (issue 38 §2): `oidc-provider` with its
 * development sign-in (any name signs in as that subject, which has a verified address `<name>@sso.example`). The
 * client is a native one whose redirect URI is `http://localhost/sign-in/sso`: loopback redirect URIs match on any
 * port (RFC 8252 §7.3), so every test stack, on a port of its own, is the same client. The API tests' and the browser
 * tests' global setups start it before their stacks, which get its settings in their environment (`env`).
 */

export const SSO_CLIENT = { id: 'subscription-tracker', secret: 'a-client-secret-for-the-tests-only-0123456789' };
export const SSO_PROVIDER_NAME = 'Loopback ID';

export interface SsoProvider {
  issuer: string;
  /** What a stack needs to use it. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startSsoProvider(): Promise<SsoProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SSO_CLIENT.id,
        client_secret: SSO_CLIENT.secret,
        application_type: 'native',
        redirect_uris: ['http://localhost/sign-in/sso'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // The claims in the ID token itself, which is what the product reads.
    conformIdTokenClaims: false,
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@sso.example`, email_verified: true, name: sub, preferred_username: sub }),
    }),
    cookies: { keys: ['the-test-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: SSO_CLIENT.id, OIDC_CLIENT_SECRET: SSO_CLIENT.secret, OIDC_NAME: SSO_PROVIDER_NAME },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Signs in at the provider as `login` the way a browser does (its development sign-in and consent pages, with its
 * cookies), from the authorization URL to the redirect back: the callback URL with its code, state and issuer.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    remember(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.pathname === '/sign-in/sso') return next;
      url = next;
      continue;
    }
    const page = await response.text();
    if (!url.pathname.startsWith('/interaction/')) throw new Error(`The provider answered ${response.status}: ${page.slice(0, 200)}`);
    form = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
  }
  throw new Error('The provider did not send the browser back');
}
