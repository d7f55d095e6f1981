import { beforeAll, describe, expect, it } from 'vitest';
import { pathParams, type RouteDef, routes } from '../../shared/api/index.js';
import { call, ownerSession, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 21 point 7: every id in a path or a body is checked for shape and length before it is used.
 * The rows come from the contract: a new route with a path parameter is in the sweep by being there.
 * A body that would pass is sent with each, so only the id can be refused.
 */
const withPathParameter = (Object.entries(routes) as Array<[string, RouteDef]>).filter(([, def]) => pathParams(def.path).length > 0);

const VALID_BODIES: Record<string, unknown> = {
  updateSubscription: {
    name: 'Netflix',
    amount: 15.49,
    category: 'streaming',
    dueDate: '2030-01-31',
    billingCycle: 'monthly',
    autoRenew: true,
  },
  updateAnnouncement: { date: '2025-03-14', title: 'Version 2.4', content: 'Faster dashboard.', changes: ['Yearly report'] },
  changeRole: { role: 'vip' },
  changeStatus: { status: 'active' },
  changeEmail: { email: 'nobody-here@example.com' },
};

/**
 * Ids no route can name: far too long (a DynamoDB key holds 2,048 bytes), wrong shape, odd characters. A path
 * traversal is '../..' sent as one segment ('..%2F..'): a bare '..' never reaches the route, since every
 * client resolves it away ('/api/subscriptions/../payments' is GET /api/payments, a route of its own).
 */
const BAD_IDS = [
  'a'.repeat(2044),
  `${'0'.repeat(2040)}-abc`,
  'ä'.repeat(700),
  '../..',
  'x y',
  '%00',
  '00000000-0000-4000-8000-00000000000g',
];

let user: SignedInUser;
let ownerToken: string;
beforeAll(async () => {
  user = await signedInUser();
  ownerToken = await ownerSession();
});

function expectNotFoundOrBad(answer: { status: number; body: Record<string, unknown> }, context: string) {
  expect([400, 404], `${context} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`).toContain(answer.status);
  expect(typeof answer.body.message).toBe('string');
}

describe.each(withPathParameter)('%s', (name, def) => {
  it('answers an id of the wrong shape or length with 400 or 404, never 500', async () => {
    for (const id of BAD_IDS) {
      const path = def.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
      const answer = await call(def.method, path, {
        token: def.access === 'admin' ? ownerToken : def.access === 'user' ? user.token : undefined,
        body: def.body ? VALID_BODIES[name] : undefined,
      });
      expectNotFoundOrBad(answer, `${def.method} ${def.path} with ${id.slice(0, 20)}… (${id.length})`);
    }
  });
});

describe('ids in bodies', () => {
  it('membership grant and extend answer a 2,044-character user id with 400 or 404', async () => {
    const userId = 'a'.repeat(2044);
    const grant = await call('POST', '/api/admin/membership/grant', {
      token: ownerToken,
      body: { userId, subscriptionType: 'vip', duration: 7 },
    });
    expectNotFoundOrBad(grant, 'grant');
    const extend = await call('POST', '/api/admin/membership/extend', { token: ownerToken, body: { userId, additionalDays: 7 } });
    expectNotFoundOrBad(extend, 'extend');
  });

  it('the two-factor step answers a 2,044-character user id with 400', async () => {
    const answer = await call('POST', '/api/2fa/verify', {
      body: { userId: 'a'.repeat(2044), twoFactorTicket: 'x'.repeat(100), token: '123456' },
    });
    expectNotFoundOrBad(answer, '2fa verify');
  });

  it('reordering announcements answers a 2,044-character id with 400', async () => {
    const answer = await call('PUT', '/api/announcements/reorder', {
      token: ownerToken,
      body: { announcements: [{ id: 'a'.repeat(2044), displayOrder: 0 }] },
    });
    expectNotFoundOrBad(answer, 'reorder');
  });
});
