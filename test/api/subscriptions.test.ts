import { beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../shared/api/subscription.js';
import { subscriptionMessages as messages } from '../../shared/api/subscriptions.js';
import { call, getItem, type SignedInUser, setAttributes, signedInUser, stackClock } from './helpers.js';

/** Subscriptions API (SPEC §7, §4 transitions, §5 validation), through the local stack. */
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
});

const netflix = {
  name: 'Netflix',
  description: 'Family plan',
  amount: 15.49,
  category: 'streaming',
  dueDate: '2030-01-31',
  billingCycle: 'monthly',
  autoRenew: true,
};

async function create(user: SignedInUser, changes: Record<string, unknown> = {}): Promise<Subscription> {
  const answer = await call<Subscription>('POST', '/api/subscriptions', { token: user.token, body: { ...netflix, ...changes } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const act = (user: SignedInUser, method: string, path: string) =>
  call<Subscription & { message?: string }>(method, path, { token: user.token });

describe('create and list', () => {
  it('creates an active subscription with every field and lists it', async () => {
    const created = await create(alice);
    expect(created).toMatchObject({ ...netflix, status: 'active', deletedAt: null });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const list = await call<Subscription[]>('GET', '/api/subscriptions', { token: alice.token });
    expect(list.body.map((s) => s.id)).toContain(created.id);
  });

  it('accepts an amount as a string, rounds to 2 decimals, maps annual to yearly, defaults the cycle', async () => {
    const created = await create(alice, { amount: '120', billingCycle: 'annual', description: undefined, autoRenew: 1 });
    expect(created).toMatchObject({ amount: 120, billingCycle: 'yearly', description: '', autoRenew: true });
    const plain = await create(alice, { billingCycle: undefined });
    expect(plain.billingCycle).toBe('monthly');
  });

  it('keeps custom category names', async () => {
    const created = await create(alice, { category: 'fitness' });
    expect(created.category).toBe('fitness');
  });

  // Issue 40 §4: the retired daily planner's due-date index (gsi1 `DUE#<date>`) is read nowhere, so it is not paid for.
  it('writes no due-date index entry, and drops the one an older item carries at its next change', async () => {
    const created = await create(alice, { dueDate: '2031-05-05' });
    expect(await getItem(`USER#${alice.id}`, `SUB#${created.id}`)).not.toHaveProperty('gsi1pk');
    const older = await create(alice, { dueDate: '2031-05-06' });
    await setAttributes(`USER#${alice.id}`, `SUB#${older.id}`, { gsi1pk: 'DUE#2031-05-06', gsi1sk: `USER#${alice.id}#SUB#${older.id}` });
    const edited = await call<Subscription>('PUT', `/api/subscriptions/${older.id}`, {
      token: alice.token,
      body: { ...netflix, name: 'Netflix Basic', dueDate: '2031-05-06' },
    });
    expect(edited.status).toBe(200);
    const item = await getItem(`USER#${alice.id}`, `SUB#${older.id}`);
    expect(item).toMatchObject({ name: 'Netflix Basic' });
    expect(item).not.toHaveProperty('gsi1pk');
    expect(item).not.toHaveProperty('gsi1sk');
  });

  it('counts created subscriptions on the landing counters', async () => {
    const before = (await call('GET', '/api/stats')).body.totalSubscriptions as number;
    await create(alice);
    const after = (await call('GET', '/api/stats')).body.totalSubscriptions as number;
    expect(after).toBe(before + 1);
  });

  it('creates and counts 25 subscriptions sent at once, each exactly once', async () => {
    const before = (await call('GET', '/api/stats')).body.totalSubscriptions as number;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call('POST', '/api/subscriptions', {
          token: alice.token,
          body: { name: `Burst ${i}`, amount: 3, category: 'software', dueDate: '2031-06-01' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(201));
    const after = (await call('GET', '/api/stats')).body.totalSubscriptions as number;
    expect(after).toBe(before + 25);
  });
});

describe('the cancel-by date (issue 35 §2.5)', () => {
  // A user of their own: the others' subscriptions stay within the plan's limit.
  let carol: SignedInUser;
  beforeAll(async () => {
    carol = await signedInUser();
  });

  it('is the deadline that still matters today: the renewal after’s once the due date’s has passed', async () => {
    const today = new Date(await stackClock()).toISOString().slice(0, 10);
    const addDays = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // Weekly, due in 20 days with 30 days' notice: the deadlines of the renewals in 20 and 27 days have
    // passed (10 and 3 days ago); the one of the renewal in 34 days (in 4 days) is the one that matters.
    const dueDate = addDays(today, 20);
    const created = await create(carol, { dueDate, billingCycle: 'weekly', noticeDays: 30 });
    expect(created.cancelBy).toBe(addDays(today, 4));
    expect(created.cancelByDate).toBeNull();
  });

  it('keeps a date the user gave as given, also a past one, and an edit changes or clears it', async () => {
    const created = await create(carol, { noticeDays: 21, cancelByDate: '2020-06-30' });
    expect(created).toMatchObject({ cancelByDate: '2020-06-30', cancelBy: '2020-06-30', noticeDays: 21 });
    const edited = await call<Subscription>('PUT', `/api/subscriptions/${created.id}`, {
      token: carol.token,
      body: { ...netflix, cancelByDate: '2031-01-15' },
    });
    expect(edited.body).toMatchObject({ cancelByDate: '2031-01-15', cancelBy: '2031-01-15' });
    const cleared = await call<Subscription>('PUT', `/api/subscriptions/${created.id}`, { token: carol.token, body: netflix });
    expect(cleared.body).toMatchObject({ cancelByDate: null, cancelBy: null });
  });
});

describe('the website (issue 36 §2)', () => {
  // A user of its own: erin's subscriptions are counted against her plan's limit by the other tests.
  let erin: SignedInUser;
  beforeAll(async () => {
    erin = await signedInUser();
  });

  it('keeps an http or https address, an edit without the field keeps it, null clears it, and the list has it', async () => {
    expect((await create(erin)).url).toBeNull();
    const created = await create(erin, { url: 'www.netflix.com/account' });
    expect(created.url).toBe('https://www.netflix.com/account');
    const put = (body: Record<string, unknown>) =>
      call<Subscription>('PUT', `/api/subscriptions/${created.id}`, { token: erin.token, body: { ...netflix, ...body } });
    expect((await put({ amount: 15.49 })).body.url).toBe('https://www.netflix.com/account');
    expect((await put({ url: 'http://example.com/billing' })).body.url).toBe('http://example.com/billing');
    const list = await call<Subscription[]>('GET', '/api/subscriptions', { token: erin.token });
    expect(list.body.find((s) => s.id === created.id)?.url).toBe('http://example.com/billing');
    expect((await put({ url: null })).body.url).toBeNull();
  });

  it('refuses any other scheme with its message, and writes nothing', async () => {
    const created = await create(erin, { url: 'https://www.netflix.com' });
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,hi', 'https://user:pw@example.com']) {
      const refused = await call('POST', '/api/subscriptions', { token: erin.token, body: { ...netflix, url } });
      expect(refused).toMatchObject({ status: 400, body: { message: messages.urlInvalid } });
      const edit = await call('PUT', `/api/subscriptions/${created.id}`, { token: erin.token, body: { ...netflix, url } });
      expect(edit).toMatchObject({ status: 400, body: { message: messages.urlInvalid } });
    }
    const kept = await call<Subscription[]>('GET', '/api/subscriptions', { token: erin.token });
    expect(kept.body.find((s) => s.id === created.id)?.url).toBe('https://www.netflix.com/');
  });
});

describe('the logo (issue 36 §1)', () => {
  it('is the built-in brand the name names, an image on the site, and follows a rename; another name has none', async () => {
    const user = await signedInUser();
    const spotify = await create(user, { name: 'Spotify Family' });
    expect(spotify.logo).toEqual({ kind: 'brand', src: '/logos/brands/spotify.svg' });
    expect((await create(user, { name: 'Disney+' })).logo).toBeNull();
    const renamed = await call<Subscription>('PUT', `/api/subscriptions/${spotify.id}`, {
      token: user.token,
      body: { ...netflix, name: 'GitHub Pro' },
    });
    expect(renamed.body.logo).toEqual({ kind: 'brand', src: '/logos/brands/github.svg' });
    const list = await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token });
    expect(list.body.map((s) => [s.name, s.logo?.src ?? null])).toEqual(
      expect.arrayContaining([
        ['GitHub Pro', '/logos/brands/github.svg'],
        ['Disney+', null],
      ]),
    );
  });
});

describe('validation (SPEC §5 Subscription form)', () => {
  it.each([
    [{ name: '' }, messages.nameRequired],
    [{ name: '   ' }, messages.nameRequired],
    [{ name: undefined }, messages.nameRequired],
    [{ name: 'x'.repeat(101) }, messages.nameTooLong],
    [{ amount: undefined }, messages.amountRequired],
    [{ amount: '' }, messages.amountRequired],
    [{ amount: 'ten' }, messages.amountNotNumber],
    // Amounts given as text are plain decimal numbers only, not what JavaScript's Number() also reads.
    [{ amount: '0x1F' }, messages.amountNotNumber],
    [{ amount: '0b11' }, messages.amountNotNumber],
    [{ amount: '0o17' }, messages.amountNotNumber],
    [{ amount: '1e3' }, messages.amountNotNumber],
    [{ amount: 'Infinity' }, messages.amountNotNumber],
    [{ amount: '+12' }, messages.amountNotNumber],
    [{ amount: '1,000' }, messages.amountNotNumber],
    [{ amount: '1 000' }, messages.amountNotNumber],
    [{ amount: '-5' }, messages.amountNegative],
    [{ amount: '9.999' }, messages.amountDecimals],
    [{ amount: -1 }, messages.amountNegative],
    [{ amount: 9.999 }, messages.amountDecimals],
    [{ amount: 2_000_000 }, messages.amountTooLarge],
    [{ category: '' }, messages.categoryRequired],
    [{ dueDate: '' }, messages.dueDateRequired],
    [{ dueDate: '2030-02-30' }, messages.dueDateInvalid],
    [{ dueDate: '2023-02-29' }, messages.dueDateInvalid],
    [{ dueDate: '31/01/2030' }, messages.dueDateInvalid],
    [{ billingCycle: 'daily' }, messages.billingCycleInvalid],
    [{ description: 'x'.repeat(501) }, messages.descriptionTooLong],
    [{ cancelByDate: '2030-02-30' }, messages.cancelByDateInvalid],
    [{ cancelByDate: 20300101 }, messages.cancelByDateInvalid],
  ])('rejects %o with "%s"', async (change, message) => {
    const answer = await call('POST', '/api/subscriptions', { token: alice.token, body: { ...netflix, ...change } });
    expect(answer).toMatchObject({ status: 400, body: { message } });
  });

  it.each([
    [' 12 ', 12],
    ['12.5', 12.5],
    ['12.', 12],
    ['.5', 0.5],
    ['007', 7],
    [12.5, 12.5],
    [1e3, 1000],
  ])('accepts the amount %o as %d', async (amount, stored) => {
    const created = await create(alice, { amount });
    expect(created.amount).toBe(stored);
  });

  it('accepts amount 0 and a leap day', async () => {
    const created = await create(alice, { amount: 0, dueDate: '2028-02-29' });
    expect(created).toMatchObject({ amount: 0, dueDate: '2028-02-29' });
  });
});

describe('transitions (SPEC §4)', () => {
  it('edits an active subscription and moves its due-date index', async () => {
    const sub = await create(alice);
    const answer = await call<Subscription>('PUT', `/api/subscriptions/${sub.id}`, {
      token: alice.token,
      body: { ...netflix, name: 'Netflix Premium', amount: 22.99, dueDate: '2030-03-01' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Netflix Premium', amount: 22.99, dueDate: '2030-03-01', status: 'active' });
    expect(await getItem(`USER#${alice.id}`, `SUB#${sub.id}`)).toMatchObject({ dueDate: '2030-03-01', name: 'Netflix Premium' });
  });

  it('cancels an active one and reactivates it', async () => {
    const sub = await create(alice);
    const canceled = await act(alice, 'PUT', `/api/subscriptions/${sub.id}/cancel`);
    expect(canceled).toMatchObject({ status: 200, body: { status: 'canceled' } });
    expect(await getItem(`USER#${alice.id}`, `SUB#${sub.id}`)).toMatchObject({ status: 'canceled' });
    expect(await act(alice, 'PUT', `/api/subscriptions/${sub.id}/cancel`)).toMatchObject({
      status: 409,
      body: { message: messages.cannotCancel },
    });
    expect(await act(alice, 'PUT', `/api/subscriptions/${sub.id}/renew`)).toMatchObject({
      status: 409,
      body: { message: messages.cannotRenew },
    });
    expect(await act(alice, 'PUT', `/api/subscriptions/${sub.id}/recover`)).toMatchObject({
      status: 409,
      body: { message: messages.cannotRecover },
    });
    const reactivated = await act(alice, 'PUT', `/api/subscriptions/${sub.id}/reactivate`);
    expect(reactivated).toMatchObject({ status: 200, body: { status: 'active' } });
    expect(await getItem(`USER#${alice.id}`, `SUB#${sub.id}`)).toMatchObject({ status: 'active', dueDate: sub.dueDate });
    expect(await act(alice, 'PUT', `/api/subscriptions/${sub.id}/reactivate`)).toMatchObject({
      status: 409,
      body: { message: messages.cannotReactivate },
    });
  });

  it('soft-deletes with deletedAt and a 30-day TTL, recovers, and deletes forever only from the trash', async () => {
    const sub = await create(alice);
    expect(await act(alice, 'DELETE', `/api/subscriptions/${sub.id}/permanent`)).toMatchObject({
      status: 409,
      body: { message: messages.cannotDeleteForever },
    });
    const deleted = await act(alice, 'DELETE', `/api/subscriptions/${sub.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { status: 'deleted' } });
    const now = await stackClock();
    expect(now - Date.parse(deleted.body.deletedAt as string)).toBeLessThan(60_000);
    expect(now - Date.parse(deleted.body.deletedAt as string)).toBeGreaterThanOrEqual(0);
    const item = await getItem(`USER#${alice.id}`, `SUB#${sub.id}`);
    expect((item?.expiresAt as number) - now / 1000).toBeGreaterThan(30 * 86400 - 120);
    expect(item).not.toHaveProperty('gsi1pk');

    expect(await act(alice, 'DELETE', `/api/subscriptions/${sub.id}`)).toMatchObject({
      status: 409,
      body: { message: messages.cannotDelete },
    });
    const edit = await call('PUT', `/api/subscriptions/${sub.id}`, { token: alice.token, body: netflix });
    expect(edit).toMatchObject({ status: 409, body: { message: messages.cannotEdit } });
    for (const action of ['renew', 'cancel', 'reactivate']) {
      expect((await act(alice, 'PUT', `/api/subscriptions/${sub.id}/${action}`)).status).toBe(409);
    }

    const recovered = await act(alice, 'PUT', `/api/subscriptions/${sub.id}/recover`);
    expect(recovered).toMatchObject({ status: 200, body: { status: 'active', deletedAt: null } });
    expect(await getItem(`USER#${alice.id}`, `SUB#${sub.id}`)).not.toHaveProperty('expiresAt');

    await act(alice, 'DELETE', `/api/subscriptions/${sub.id}`);
    const forever = await act(alice, 'DELETE', `/api/subscriptions/${sub.id}/permanent`);
    expect(forever).toMatchObject({ status: 200, body: { message: messages.deletedForever } });
    expect(await getItem(`USER#${alice.id}`, `SUB#${sub.id}`)).toBeUndefined();
    expect((await act(alice, 'PUT', `/api/subscriptions/${sub.id}/recover`)).status).toBe(404);
  });

  it('treats a subscription deleted more than 30 days ago as gone before TTL removes it', async () => {
    const sub = await create(alice);
    await act(alice, 'DELETE', `/api/subscriptions/${sub.id}`);
    const longAgo = new Date(Date.now() - 31 * 86400_000).toISOString();
    await setAttributes(`USER#${alice.id}`, `SUB#${sub.id}`, { deletedAt: longAgo });
    const list = await call<Subscription[]>('GET', '/api/subscriptions', { token: alice.token });
    expect(list.body.map((s) => s.id)).not.toContain(sub.id);
    expect(await act(alice, 'PUT', `/api/subscriptions/${sub.id}/recover`)).toMatchObject({
      status: 404,
      body: { message: messages.notFound },
    });
  });

  it.each([
    ['monthly', '2024-01-31', '2024-02-29'],
    ['monthly', '2023-01-31', '2023-02-28'],
    ['weekly', '2030-12-29', '2031-01-05'],
    ['quarterly', '2030-11-30', '2031-02-28'],
    ['yearly', '2028-02-29', '2029-02-28'],
  ])('renews a %s subscription due %s to %s', async (billingCycle, dueDate, renewed) => {
    const sub = await create(alice, { billingCycle, dueDate });
    const answer = await act(alice, 'PUT', `/api/subscriptions/${sub.id}/renew`);
    expect(answer).toMatchObject({ status: 200, body: { dueDate: renewed, status: 'active' } });
    expect(await getItem(`USER#${alice.id}`, `SUB#${sub.id}`)).toMatchObject({ dueDate: renewed });
  });
});

describe('ownership', () => {
  it("answers 404 on all nine routes for another user's subscription and changes nothing", async () => {
    const mine = await create(alice, { name: 'Mine' });
    const id = mine.id;
    const attempts = [
      call('PUT', `/api/subscriptions/${id}`, { token: bob.token, body: netflix }),
      call('DELETE', `/api/subscriptions/${id}`, { token: bob.token }),
      call('DELETE', `/api/subscriptions/${id}/permanent`, { token: bob.token }),
      call('PUT', `/api/subscriptions/${id}/recover`, { token: bob.token }),
      call('PUT', `/api/subscriptions/${id}/renew`, { token: bob.token }),
      call('PUT', `/api/subscriptions/${id}/cancel`, { token: bob.token }),
      call('PUT', `/api/subscriptions/${id}/reactivate`, { token: bob.token }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer).toMatchObject({ status: 404, body: { message: messages.notFound } });
    }
    const bobsList = await call<Subscription[]>('GET', '/api/subscriptions', { token: bob.token });
    expect(bobsList.body.map((s) => s.id)).not.toContain(id);
    const bobsOwn = await call<Subscription>('POST', '/api/subscriptions', { token: bob.token, body: netflix });
    expect(bobsOwn.status).toBe(201);
    const after = await call<Subscription[]>('GET', '/api/subscriptions', { token: alice.token });
    expect(after.body.find((s) => s.id === id)).toMatchObject({ name: 'Mine', status: 'active', dueDate: mine.dueDate });
    expect(after.body.map((s) => s.id)).not.toContain(bobsOwn.body.id);
  });

  it('requires sign-in on every subscriptions route', async () => {
    for (const [method, path] of [
      ['GET', '/api/subscriptions'],
      ['POST', '/api/subscriptions'],
      ['PUT', '/api/subscriptions/x/renew'],
    ]) {
      expect((await call(method, path, method === 'GET' ? {} : { body: netflix })).status).toBe(401);
    }
  });
});
