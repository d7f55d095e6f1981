import { beforeAll, describe, expect, it } from 'vitest';
import { type LogoOptions, logoMessages } from '../../shared/api/logos.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { subscriptionMessages } from '../../shared/api/subscriptions.js';
import { apiUrl, call, eventually, postToBucket, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 36 §4: 'Change logo' — the owner's choice of a subscription's logo (automatic, the built-in brand, the
 * website's icon, their own picture, none), and their own picture uploaded the way avatars are, checked on arrival.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');

let owner: SignedInUser;
let stranger: SignedInUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([signedInUser(), signedInUser()]);
});

const fields = { amount: 9.99, category: 'streaming', dueDate: '2030-01-31', billingCycle: 'monthly', autoRenew: true };

async function create(name: string): Promise<Subscription> {
  const answer = await call<Subscription>('POST', '/api/subscriptions', { token: owner.token, body: { name, ...fields } });
  expect(answer.status).toBe(201);
  return answer.body;
}

const options = (id: string, user = owner) => call<LogoOptions>('GET', `/api/subscriptions/${id}/logo`, { token: user.token });
const choose = (id: string, choice: string, user = owner) =>
  call<Subscription>('PUT', `/api/subscriptions/${id}/logo`, { token: user.token, body: { choice } });
const listedLogo = async (id: string) =>
  (await call<Subscription[]>('GET', '/api/subscriptions', { token: owner.token })).body.find((s) => s.id === id)?.logo;

/** The browser's whole upload of a logo: the ticket, the POST to the bucket, then the outcome once settled. */
async function uploadLogo(id: string, bytes: Uint8Array, contentType: string) {
  const ticket = await call('POST', `/api/subscriptions/${id}/logo/upload`, { token: owner.token, body: { contentType } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect((await postToBucket(ticket.body as { url: string; fields: Record<string, string> }, bytes, contentType)).status).toBeLessThan(300);
  return eventually(async () => {
    const answer = await call('GET', `/api/subscriptions/${id}/logo/uploads/${ticket.body.uploadId}`, { token: owner.token });
    expect(answer.status).toBe(200);
    return answer.body.status === 'pending' ? undefined : answer.body;
  }, 'the logo to be checked');
}

const netflixLogo = { kind: 'brand', src: '/logos/brands/netflix.svg' };

describe("'Change logo' (issue 36 §4)", () => {
  it('offers automatic and what each choice shows; none shows the monogram; automatic again the brand', async () => {
    const netflix = await create('Netflix');
    expect((await options(netflix.id)).body).toEqual({
      choice: 'automatic',
      automatic: netflixLogo,
      brand: netflixLogo,
      website: null,
      upload: null,
    });
    const none = await choose(netflix.id, 'none');
    expect(none.status).toBe(200);
    expect(none.body.logo).toBeNull();
    expect(await listedLogo(netflix.id)).toBeNull();
    expect((await options(netflix.id)).body.choice).toBe('none');
    expect((await choose(netflix.id, 'automatic')).body.logo).toEqual(netflixLogo);
    expect((await options(netflix.id)).body.choice).toBe('automatic');
  });

  it('keeps a chosen brand through a rename', async () => {
    const netflix = await create('Netflix');
    expect((await choose(netflix.id, 'brand')).body.logo).toEqual(netflixLogo);
    const renamed = await call<Subscription>('PUT', `/api/subscriptions/${netflix.id}`, {
      token: owner.token,
      body: { name: 'Movies', ...fields },
    });
    expect(renamed.body.logo).toEqual(netflixLogo);
  });

  it('refuses a choice with nothing to show, and one that is no choice, with their messages', async () => {
    const gym = await create('Riverside Gym');
    expect(await choose(gym.id, 'brand')).toMatchObject({ status: 400, body: { message: logoMessages.noBrand } });
    expect(await choose(gym.id, 'website')).toMatchObject({ status: 400, body: { message: logoMessages.noWebsiteIcon } });
    expect(await choose(gym.id, 'upload')).toMatchObject({ status: 400, body: { message: logoMessages.noUpload } });
    expect(await choose(gym.id, 'favicon')).toMatchObject({ status: 400, body: { message: logoMessages.choiceInvalid } });
    const ticket = await call('POST', `/api/subscriptions/${gym.id}/logo/upload`, {
      token: owner.token,
      body: { contentType: 'image/gif' },
    });
    expect(ticket).toMatchObject({ status: 400, body: { message: logoMessages.uploadTypeInvalid } });
  });

  it('is the owner’s alone: another user gets 404 for each of its routes', async () => {
    const netflix = await create('Netflix');
    const notFound = { status: 404, body: { message: subscriptionMessages.notFound } };
    expect(await options(netflix.id, stranger)).toMatchObject(notFound);
    expect(await choose(netflix.id, 'none', stranger)).toMatchObject(notFound);
    expect(
      await call('POST', `/api/subscriptions/${netflix.id}/logo/upload`, { token: stranger.token, body: { contentType: 'image/png' } }),
    ).toMatchObject(notFound);
    expect((await listedLogo(netflix.id)) ?? null).toEqual(netflixLogo);
  });

  it('is the payer’s on a shared subscription: its member sees the logo the payer chose, and cannot change it (§5)', async () => {
    const member = await signedInUser();
    const netflix = await create('Netflix');
    const invited = await call('POST', `/api/subscriptions/${netflix.id}/members`, {
      token: owner.token,
      body: { usernameOrEmail: member.username, share: { mode: 'equal' } },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const invitation = (await call('GET', '/api/invitations', { token: member.token })).body.invitations.find(
      (i: { subscription: { id: string } }) => i.subscription.id === netflix.id,
    );
    expect((await call('POST', `/api/invitations/${invitation.id}/accept`, { token: member.token })).status).toBe(200);
    const sharedLogo = async () =>
      (await call<Subscription[]>('GET', '/api/subscriptions', { token: member.token })).body.find((s) => s.id === netflix.id)?.logo;
    expect(await sharedLogo()).toEqual(netflixLogo);
    await choose(netflix.id, 'none');
    expect(await sharedLogo()).toBeNull();
    expect(await choose(netflix.id, 'automatic', member)).toMatchObject({ status: 404 });
  });

  it('takes an uploaded PNG as the logo, served from our origin, and replaces it with the next upload', async () => {
    const gym = await create('Riverside Gym');
    expect(await uploadLogo(gym.id, PNG, 'image/png')).toEqual({ status: 'accepted', message: logoMessages.logoUploaded });
    const first = await listedLogo(gym.id);
    expect(first).toMatchObject({
      kind: 'upload',
      src: expect.stringMatching(new RegExp(`^/avatars/${owner.id}/logo-[0-9a-f-]{36}\\.png$`)),
    });
    const served = await fetch(apiUrl() + first?.src);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await options(gym.id)).body).toMatchObject({ choice: 'upload', upload: first });

    // The user's SVG: sanitised on arrival, its script gone.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#0af"/></svg>',
    );
    expect((await uploadLogo(gym.id, svg, 'image/svg+xml')).status).toBe('accepted');
    const second = await listedLogo(gym.id);
    expect(second?.src).toMatch(/\.svg$/);
    const svgServed = await fetch(apiUrl() + second?.src);
    expect(svgServed.headers.get('content-type')).toBe('image/svg+xml');
    const text = await svgServed.text();
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload|alert/);
    // The first picture went when the second replaced it.
    expect((await fetch(apiUrl() + first?.src)).status).toBe(404);
  });

  it('refuses bytes that are no image it takes, with why, and keeps the logo it had', async () => {
    const gym = await create('Riverside Gym');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await uploadLogo(gym.id, html, 'image/png')).toEqual({ status: 'rejected', message: logoMessages.logoInvalid });
    expect(await listedLogo(gym.id)).toBeNull();
    expect((await options(gym.id)).body.choice).toBe('automatic');
  });
});
