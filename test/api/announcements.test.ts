import { beforeAll, describe, expect, it } from 'vitest';
import { type Announcement, MAX_ANNOUNCEMENTS, announcementMessages as messages } from '../../shared/api/announcements.js';
import { call, getItem, ownerSession, type SignedInUser, setAttributes, signedInUser } from './helpers.js';

/**
 * Announcements API (SPEC §7 'Announcements', §5 'Announcement', DESIGN §4), through the local
 * stack. Announcements are global, so this file starts from an empty list and is the only one
 * that writes them.
 */
let owner: string;
let developer: SignedInUser;
let member: SignedInUser;

const body = (changes: Record<string, unknown> = {}) => ({
  date: '2025-03-14',
  title: 'Version 2.4',
  content: 'Faster dashboard and a new yearly report.',
  changes: ['Yearly report', 'Dark theme polish'],
  ...changes,
});

const list = async () => {
  const answer = await call<Announcement[]>('GET', '/api/announcements');
  expect(answer.status).toBe(200);
  return answer.body;
};
const titles = async () => (await list()).map((a) => a.title);

async function create(token: string, changes: Record<string, unknown> = {}): Promise<Announcement> {
  const answer = await call<Announcement>('POST', '/api/announcements', { token, body: body(changes) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function deleteAll(token: string) {
  for (const announcement of await list()) {
    expect((await call('DELETE', `/api/announcements/${announcement.id}`, { token })).status).toBe(200);
  }
}

const reorder = (token: string, announcements: unknown) =>
  call<Announcement[] & { message?: string }>('PUT', '/api/announcements/reorder', { token, body: { announcements } });

beforeAll(async () => {
  owner = await ownerSession();
  [developer, member] = await Promise.all([signedInUser('developer'), signedInUser()]);
  await deleteAll(owner);
});

describe('who may read and write', () => {
  it('lets anyone, signed in or not, read the list', async () => {
    expect((await call('GET', '/api/announcements')).status).toBe(200);
    expect((await call('GET', '/api/announcements', { token: member.token })).status).toBe(200);
  });

  it('answers 401 signed out and 403 to a member for every write, and writes nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/announcements', body()],
      ['PUT', `/api/announcements/${id}`, body()],
      ['DELETE', `/api/announcements/${id}`, undefined],
      ['PUT', '/api/announcements/reorder', { announcements: [] }],
    ];
    for (const [method, path, payload] of writes) {
      const anonymous = await call(method, path, { body: payload });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(typeof anonymous.body.message).toBe('string');
      const forbidden = await call(method, path, { token: member.token, body: payload });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(typeof forbidden.body.message).toBe('string');
    }
    expect(await list()).toEqual([]);
  });

  it('lets a developer write as well as the owner', async () => {
    const created = await create(developer.token, { title: 'By a developer' });
    expect((await call('DELETE', `/api/announcements/${created.id}`, { token: developer.token })).status).toBe(200);
  });
});

describe('create, edit, delete', () => {
  it('answers the saved announcement with its id, and lists it publicly', async () => {
    const created = await create(owner);
    expect(created).toMatchObject(body());
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof created.displayOrder).toBe('number');
    expect((await list()).find((a) => a.id === created.id)).toEqual(created);
    expect(await getItem('ANNOUNCEMENTS', `ANN#${created.id}`)).toMatchObject({ title: 'Version 2.4' });
    await deleteAll(owner);
  });

  it('drops blank changes and trims the text on the server', async () => {
    const created = await create(owner, { title: '  Spaced  ', changes: ['  One  ', '', '   ', 'Two'] });
    expect(created.title).toBe('Spaced');
    expect(created.changes).toEqual(['One', 'Two']);
    await deleteAll(owner);
  });

  it.each([
    ['no title', { title: '' }],
    ['a blank title', { title: '   ' }],
    ['no content', { content: undefined }],
    ['no changes', { changes: [] }],
    ['only blank changes', { changes: ['', '  '] }],
    ['a title that is not text', { title: 42 }],
    ['no title and no date', { title: '', date: undefined }],
  ])('refuses %s with SPEC’s message', async (_, changes) => {
    const answer = await call('POST', '/api/announcements', { token: owner, body: body(changes) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.required);
  });

  it.each([
    ['an impossible date', { date: '2025-02-30' }, messages.dateInvalid],
    ['a date in another format', { date: '03/14/2025' }, messages.dateInvalid],
    ['a long title', { title: 'x'.repeat(151) }, messages.titleTooLong],
    ['long content', { content: 'x'.repeat(5001) }, messages.contentTooLong],
    ['a long change', { changes: ['x'.repeat(501)] }, messages.changeTooLong],
    ['too many changes', { changes: Array.from({ length: 31 }, (_, i) => `Change ${i}`) }, messages.tooManyChanges],
    ['changes that are not a list', { changes: 'one' }, messages.changesNotText],
  ])('refuses %s with 400 and a message', async (_, changes, message) => {
    const answer = await call('POST', '/api/announcements', { token: owner, body: body(changes) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('dates an announcement without a date today (UTC), as the form does', async () => {
    for (const date of [undefined, '', '  ']) {
      const created = await create(owner, { date });
      expect(created.date).toBe(new Date().toISOString().slice(0, 10));
    }
    await deleteAll(owner);
  });

  it('refuses a body that is not JSON with 400, writing nothing', async () => {
    const answer = await call('POST', '/api/announcements', { token: owner, rawBody: '{"title":' });
    expect(answer.status).toBe(400);
    expect(await list()).toEqual([]);
  });

  it('edits every field and keeps the position', async () => {
    const created = await create(owner);
    const answer = await call<Announcement>('PUT', `/api/announcements/${created.id}`, {
      token: owner,
      body: { date: '2025-04-01', title: 'Version 2.5', content: 'More', changes: ['Only this', ' '] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: created.id, date: '2025-04-01', title: 'Version 2.5', changes: ['Only this'] });
    expect(answer.body.displayOrder).toBe(created.displayOrder);
    const refused = await call('PUT', `/api/announcements/${created.id}`, { token: owner, body: body({ changes: [''] }) });
    expect(refused.status).toBe(400);
    expect((await list())[0].title).toBe('Version 2.5');
    await deleteAll(owner);
  });

  it('answers 404 for unknown ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const edit = await call('PUT', `/api/announcements/${id}`, { token: owner, body: body() });
      expect(edit.status).toBe(404);
      expect(edit.body.message).toBe(messages.notFound);
      const remove = await call('DELETE', `/api/announcements/${id}`, { token: owner });
      expect(remove.status).toBe(404);
      expect(remove.body.message).toBe(messages.notFound);
    }
    // An edit of an unknown id must not create it.
    expect(await list()).toEqual([]);
  });

  it('deletes once: the second delete is a 404', async () => {
    const created = await create(owner);
    expect((await call('DELETE', `/api/announcements/${created.id}`, { token: owner })).body.message).toBe(messages.deleted);
    expect((await call('DELETE', `/api/announcements/${created.id}`, { token: owner })).status).toBe(404);
    expect(await list()).toEqual([]);
  });
});

describe('order', () => {
  let a: Announcement;
  let b: Announcement;
  let c: Announcement;

  beforeAll(async () => {
    await deleteAll(owner);
    a = await create(owner, { title: 'A' });
    b = await create(owner, { title: 'B' });
    c = await create(owner, { title: 'C' });
  });

  it('lists by displayOrder, the newest first', async () => {
    expect(await titles()).toEqual(['C', 'B', 'A']);
    const orders = (await list()).map((x) => x.displayOrder);
    expect([...orders].sort((x, y) => x - y)).toEqual(orders);
  });

  it('applies a new order of the whole set and answers the list in it', async () => {
    const answer = await reorder(owner, [
      { id: a.id, displayOrder: 0 },
      { id: b.id, displayOrder: 1 },
      { id: c.id, displayOrder: 2 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((x) => x.title)).toEqual(['A', 'B', 'C']);
    expect(await list()).toEqual(answer.body);
    expect((await list()).map((x) => x.displayOrder)).toEqual([0, 1, 2]);
  });

  it('puts a new announcement first after a reorder too', async () => {
    const d = await create(owner, { title: 'D' });
    expect(await titles()).toEqual(['D', 'A', 'B', 'C']);
    expect((await call('DELETE', `/api/announcements/${d.id}`, { token: owner })).status).toBe(200);
  });

  it.each([
    [
      'a repeated id',
      () => [
        { id: a.id, displayOrder: 2 },
        { id: a.id, displayOrder: 0 },
        { id: b.id, displayOrder: 1 },
      ],
      400,
      messages.reorderDuplicateId,
    ],
    [
      'a repeated position',
      () => [
        { id: c.id, displayOrder: 0 },
        { id: b.id, displayOrder: 0 },
        { id: a.id, displayOrder: 1 },
      ],
      400,
      messages.reorderDuplicatePosition,
    ],
    [
      'a negative position',
      () => [
        { id: c.id, displayOrder: -1 },
        { id: b.id, displayOrder: 0 },
        { id: a.id, displayOrder: 1 },
      ],
      400,
      messages.reorderInvalid,
    ],
    [
      'a fractional position',
      () => [
        { id: c.id, displayOrder: 0.5 },
        { id: b.id, displayOrder: 0 },
        { id: a.id, displayOrder: 1 },
      ],
      400,
      messages.reorderInvalid,
    ],
    [
      'an unknown id',
      () => [
        { id: c.id, displayOrder: 0 },
        { id: b.id, displayOrder: 1 },
        { id: '00000000-0000-4000-8000-000000000000', displayOrder: 2 },
      ],
      409,
      messages.reorderNotWholeSet,
    ],
    [
      'a part of the set',
      () => [
        { id: c.id, displayOrder: 0 },
        { id: b.id, displayOrder: 1 },
      ],
      409,
      messages.reorderNotWholeSet,
    ],
    [
      'the set plus an unknown id',
      () => [
        { id: c.id, displayOrder: 0 },
        { id: b.id, displayOrder: 1 },
        { id: a.id, displayOrder: 2 },
        { id: crypto.randomUUID(), displayOrder: 3 },
      ],
      409,
      messages.reorderNotWholeSet,
    ],
    [
      'an id that cannot name one',
      () => [
        { id: c.id, displayOrder: 0 },
        { id: b.id, displayOrder: 1 },
        { id: 'x', displayOrder: 2 },
      ],
      400,
      messages.reorderInvalid,
    ],
    ['not a list', () => 'C,B,A', 400, messages.reorderInvalid],
  ])('refuses %s and leaves the order unchanged', async (_, order, status, message) => {
    const answer = await reorder(owner, order());
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect(await titles()).toEqual(['A', 'B', 'C']);
    expect((await list()).map((x) => x.displayOrder)).toEqual([0, 1, 2]);
  });

  it('refuses the whole set as it was before a delete, writing nothing', async () => {
    const gone = await create(owner, { title: 'Gone' });
    const before = (await list()).map((x, i) => ({ id: x.id, displayOrder: 10 + i }));
    expect((await call('DELETE', `/api/announcements/${gone.id}`, { token: owner })).status).toBe(200);
    const answer = await reorder(owner, before);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(messages.reorderNotWholeSet);
    expect((await list()).map((x) => x.displayOrder)).toEqual([0, 1, 2]);
  });

  it('stores the count with the items (the cap of 100 holds under races)', async () => {
    expect(await getItem('ANNOUNCEMENTS', 'COUNT')).toMatchObject({ count: 3 });
  });
});

describe('the cap', () => {
  it(`refuses the announcement after ${MAX_ANNOUNCEMENTS} with 409, and reorders all ${MAX_ANNOUNCEMENTS} in one transaction`, async () => {
    await deleteAll(owner);
    // Start just below the cap: the counter item says how many exist, as the transactions keep it.
    await setAttributes('ANNOUNCEMENTS', 'COUNT', { count: MAX_ANNOUNCEMENTS - 1 });
    const last = await create(owner, { title: 'Last one' });
    const refused = await call('POST', '/api/announcements', { token: owner, body: body({ title: 'One too many' }) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.tooMany);
    expect(await titles()).toEqual(['Last one']);
    expect((await call('DELETE', `/api/announcements/${last.id}`, { token: owner })).status).toBe(200);
    await setAttributes('ANNOUNCEMENTS', 'COUNT', { count: 0 });

    const created: Announcement[] = [];
    for (let i = 0; i < MAX_ANNOUNCEMENTS; i += 1) created.push(await create(owner, { title: `N${i}` }));
    const reversed = created.map((x, i) => ({ id: x.id, displayOrder: MAX_ANNOUNCEMENTS - 1 - i }));
    const answer = await reorder(owner, reversed);
    expect(answer.status).toBe(200);
    expect((await list())[0].id).toBe(created.at(-1)?.id);
    expect((await call('POST', '/api/announcements', { token: owner, body: body() })).status).toBe(409);
    await deleteAll(owner);
    expect(await getItem('ANNOUNCEMENTS', 'COUNT')).toMatchObject({ count: 0 });
  }, 60_000);
});
