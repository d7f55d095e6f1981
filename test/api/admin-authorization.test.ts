import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth-messages.js';
import type { RouteDef } from '../../shared/api/contract.js';
import { routes } from '../../shared/api/index.js';
import { call, ownerSession, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 10 'Tests': every admin route of the contract × every kind of caller → the expected status.
 * The rows come from `routes` (access 'admin'), so a new admin route is in the matrix by being in the
 * contract. An admin's request is harmless by construction: path parameters name nobody (404) and a
 * route with a body gets an empty one (400, refused before the handler runs), so nothing changes.
 */
const adminRoutes = (Object.entries(routes) as Array<[string, RouteDef]>).filter(([, def]) => def.access === 'admin');
const NOBODY = '00000000-0000-4000-8000-000000000000';

const request = (def: RouteDef, token?: string) =>
  call(def.method, def.path.replace(/\{[^}]+\}/g, NOBODY), { token, body: def.body ? {} : undefined });

type Caller = 'anonymous' | 'member' | 'vip' | 'premium' | 'developer' | 'owner' | 'deactivated';
const tokens: Partial<Record<Caller, string>> = {};

async function grantedUser(tier: 'vip' | 'premium'): Promise<SignedInUser> {
  const user = await signedInUser();
  const granted = await call('POST', '/api/admin/membership/grant', {
    token: await ownerSession(),
    body: { userId: user.id, subscriptionType: tier, duration: 30 },
  });
  expect(granted.status).toBe(200);
  return user;
}

beforeAll(async () => {
  tokens.member = (await signedInUser()).token;
  tokens.vip = (await grantedUser('vip')).token;
  tokens.premium = (await grantedUser('premium')).token;
  tokens.developer = (await signedInUser('developer')).token;
  tokens.owner = (await signedInUser('owner')).token;
  const deactivated = await signedInUser();
  const answer = await call('PUT', `/api/auth/users/${deactivated.id}/status`, {
    token: await ownerSession(),
    body: { status: 'deactivated' },
  });
  expect(answer.status).toBe(200);
  tokens.deactivated = deactivated.token;
});

describe('the admin authorization matrix (DESIGN §5: admin = owner or developer)', () => {
  it('covers every admin route of the contract, user management included', () => {
    const names = adminRoutes.map(([name]) => name);
    for (const name of ['listUsers', 'createUser', 'changeRole', 'deleteUser', 'userDetails', 'changeStatus']) {
      expect(names).toContain(name);
    }
    for (const name of ['sendPasswordReset', 'changeEmail', 'terminateSessions', 'grantMembership', 'extendMembership']) {
      expect(names).toContain(name);
    }
  });

  describe.each(adminRoutes)('%s', (_name, def) => {
    it('answers 401 when signed out', async () => {
      expect((await request(def)).status).toBe(401);
    });

    it.each(['member', 'vip', 'premium'] as const)('answers 403 to a %s', async (caller) => {
      expect(await request(def, tokens[caller])).toMatchObject({ status: 403, body: { message: authMessages.adminOnly } });
    });

    it('answers 401 accountDeactivated to a deactivated user', async () => {
      expect(await request(def, tokens.deactivated)).toMatchObject({
        status: 401,
        body: { message: authMessages.accountDeactivated, accountDeactivated: true },
      });
    });

    it.each(['developer', 'owner'] as const)('lets a %s in (a harmless request: 200, 400 or 404)', async (caller) => {
      const answer = await request(def, tokens[caller]);
      expect([200, 400, 404], `${def.method} ${def.path}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    });
  });
});
