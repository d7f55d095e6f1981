import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../shared/api/subscription.js';
import { apiUrl, call, eventually, getItem, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 36 §3: a subscription's website's own icon, fetched by the logo function (the table's stream, as in the
 * cloud), kept once per site in the avatars bucket and served from our origin. The websites are on loopback here,
 * which only the local stack's guard lets through (OUTBOUND_ALLOW_LOOPBACK; the cloud's refusal is a unit test).
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');

/** A website on loopback, counting what it is asked for. */
interface Site {
  server: Server;
  url: string;
  asked: string[];
}

async function website(answer: (path: string) => { status: number; type?: string; body?: string | Buffer }): Promise<Site> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const { status, type, body } = answer(req.url ?? '/');
    res.writeHead(status, type ? { 'content-type': type } : {}).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

let user: SignedInUser;
let withIcon: Site;
let withoutIcon: Site;

beforeAll(async () => {
  user = await signedInUser();
  withIcon = await website((path) => {
    if (path === '/')
      return { status: 200, type: 'text/html', body: '<html><head><link rel="icon" sizes="64x64" href="/brand/icon.png"></head></html>' };
    if (path === '/brand/icon.png') return { status: 200, type: 'image/png', body: PNG };
    return { status: 404 };
  });
  // A page that declares nothing, and a favicon that is a page, not an image.
  withoutIcon = await website((path) =>
    path === '/' ? { status: 200, type: 'text/html', body: '<html></html>' } : { status: 200, type: 'text/html', body: 'hi' },
  );
});

afterAll(async () => {
  for (const site of [withIcon, withoutIcon]) await new Promise<void>((resolve) => site.server.close(() => resolve()));
});

const create = async (owner: SignedInUser, name: string, url: string) => {
  const answer = await call<Subscription>('POST', '/api/subscriptions', {
    token: owner.token,
    body: { name, amount: 9.99, category: 'streaming', dueDate: '2030-01-31', billingCycle: 'monthly', autoRenew: true, url },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};

/** The subscription as the list shows it. */
const listed = (owner: SignedInUser, id: string) =>
  call<Subscription[]>('GET', '/api/subscriptions', { token: owner.token }).then((answer) => answer.body.find((s) => s.id === id));

describe("a subscription's website icon (issue 36 §3)", () => {
  it('is fetched once per site, kept on our origin, shown for every subscription of that site, and is the logo when no brand is', async () => {
    const disney = await create(user, 'Disney+', `${withIcon.url}/account`);
    expect(disney.logo).toBeNull();
    const logo = await eventually(async () => (await listed(user, disney.id))?.logo ?? undefined, 'the website icon');
    const site = encodeURIComponent(new URL(withIcon.url).host);
    expect(logo).toEqual({ kind: 'website', src: `/logos/sites/${site}` });

    const served = await fetch(apiUrl() + logo.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(withIcon.asked).toEqual(['/', '/brand/icon.png']);

    // Another user's subscription of the same site: the kept copy, nothing asked of the site again.
    const other = await signedInUser();
    const prime = await create(other, 'Prime Video', `${withIcon.url}/`);
    expect(await eventually(async () => (await listed(other, prime.id))?.logo ?? undefined, 'the kept icon')).toEqual(logo);
    expect(withIcon.asked).toHaveLength(2);

    // A built-in brand comes first; the same site's icon behind it.
    const netflix = await create(user, 'Netflix', `${withIcon.url}/`);
    expect(netflix.logo).toEqual({ kind: 'brand', src: '/logos/brands/netflix.svg' });
  });

  it('is none for a site without one, and follows the website when it changes', async () => {
    const gym = await create(user, 'Riverside Gym', `${withoutIcon.url}/`);
    // The outcome, kept on the subscription: the site was looked at, and has none.
    const stored = await eventually(async () => (await getItem(`USER#${user.id}`, `SUB#${gym.id}`))?.siteLogo, 'the outcome');
    expect(stored).toEqual({ site: new URL(withoutIcon.url).host, src: null });
    expect((await listed(user, gym.id))?.logo).toBeNull();
    expect(withoutIcon.asked).toEqual(['/', '/favicon.ico']);

    const moved = await call<Subscription>('PUT', `/api/subscriptions/${gym.id}`, {
      token: user.token,
      body: {
        name: 'Riverside Gym',
        amount: 9.99,
        category: 'streaming',
        dueDate: '2030-01-31',
        billingCycle: 'monthly',
        autoRenew: true,
        url: withIcon.url,
      },
    });
    expect(moved.status).toBe(200);
    const logo = await eventually(async () => (await listed(user, gym.id))?.logo ?? undefined, 'the new website’s icon');
    expect(logo.kind).toBe('website');
  });
});
