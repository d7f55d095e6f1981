import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contactKeys } from '../../functions/contact/keys.js';
import { authKeys } from '../../functions/lib/auth/keys.js';
import { budgetKeys } from '../../functions/lib/budgets/keys.js';
import { calendarKeys } from '../../functions/lib/calendar/keys.js';
import * as table from '../../functions/lib/chassis/table.js';
import { emailKeys } from '../../functions/lib/email/keys.js';
import { rateKeys } from '../../functions/lib/rates/keys.js';
import { reminderKeys } from '../../functions/lib/reminders/keys.js';
import { sharingKeys } from '../../functions/lib/sharing/keys.js';
import { statsKeys } from '../../functions/lib/stats/keys.js';
import { subscriptionKeys } from '../../functions/lib/subscriptions/keys.js';
import { throttleKeys } from '../../functions/lib/throttles/keys.js';
import { userKeys } from '../../functions/lib/users/keys.js';

/** The README's 'The DynamoDB table': item → its pk and sk as written there (`<…>` a part that varies). */
function documentedLayout(): Map<string, { pk: string[]; sk: string }> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('### The DynamoDB table'));
  const rows = section.slice(0, section.indexOf('\n### ')).split('\n');
  const layout = new Map<string, { pk: string[]; sk: string }>();
  for (const row of rows) {
    const cells = row.split(' | ').map((cell) => cell.replace(/^\| /, ''));
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    layout.set(cells[0] as string, { pk: codes(cells[1] as string), sk: codes(cells[2] as string)[0] as string });
  }
  return layout;
}

const pattern = (documented: string) => new RegExp(`^${documented.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '[^#]+')}$`);

/** Each domain's key of an item, with sample values, under the item's name in the README. */
const DOMAIN_KEYS: [string, { pk: string; sk: string }][] = [
  ['user', userKeys.user('u1')],
  ['session', authKeys.session('u1', 's1')],
  ['passkey', authKeys.passkey('u1', 'p1')],
  ['used passkey ticket', authKeys.passkeyTicket('t1')],
  ['single sign-on flow', authKeys.ssoFlow('state1')],
  ['single sign-on identity', authKeys.ssoIdentity('abc123')],
  ['single sign-on link', authKeys.ssoLink('u1', 'l1')],
  ['activity', userKeys.activity('u1', '2026-11-29T07:00:00.000Z', 'a1')],
  ['search entry', userKeys.userDirectory('2026-11-29T07:00:00.000Z', 'u1')],
  ['username guard', userKeys.usernameGuard('Alice')],
  ['e-mail guard', userKeys.emailGuard('Alice@Example.com')],
  ['subscription', subscriptionKeys.subscription('u1', 'sub1')],
  ["shared subscription's membership", sharingKeys.sharedMembership('m1', 'p1', 'sub1')],
  ['invitation', sharingKeys.invitation('m1', 'i1')],
  ['invitation', sharingKeys.emailInvitation('Bob@Example.com', 'i1')],
  ["invitation (payer's copy)", sharingKeys.invitedCopy('p1', 'sub1', 'i1')],
  ['settlement', sharingKeys.settlement('p1', 'sub1', '2026-12-01', 'm1')],
  ['reminder channel', reminderKeys.channel('u1', 'c1')],
  ['delivery', reminderKeys.delivery('u1', '2026-11-29T07:00:00.000Z', 'd1')],
  ['budgets', budgetKeys.budgets('u1')],
  ['budget alert', budgetKeys.budgetAlert('u1', '2026-11', 'overall')],
  ['exchange rates', rateKeys.ratesDay('2026-11-27')],
  ['one-time token', authKeys.token('abc123')],
  ['calendar feed', calendarKeys.calendarFeed('abc123')],
  ['counters', statsKeys.counters()],
  ['throttle', throttleKeys.throttle('login', 'alice#1764400000')],
  ['suppressed address', emailKeys.suppressedEmail('Bob@Example.com')],
  ['contact message', contactKeys.contactMessage('m1')],
  ['owner bootstrap', userKeys.ownerBootstrap()],
];

describe('the table keys (docs/decisions/0123-each-domain-owns-its-keys.md)', () => {
  it.each(DOMAIN_KEYS)('spells the %s item as the README documents it', (item, key) => {
    const documented = documentedLayout().get(item);
    expect(documented, `README row for ${item}`).toBeDefined();
    expect(
      documented?.pk.some((pk) => pattern(pk).test(key.pk)),
      `${key.pk} against ${documented?.pk.join(' or ')}`,
    ).toBe(true);
    expect(key.sk).toMatch(pattern(documented?.sk as string));
  });

  it('lowercases the addresses and names that guard and find items, whatever the case they are given in', () => {
    expect(userKeys.usernameGuard(' Alice ').pk).toBe('USERNAME#alice');
    expect(userKeys.emailGuard('Alice@Example.com').pk).toBe('EMAIL#alice@example.com');
    expect(sharingKeys.emailInvitation('Bob@Example.com', 'i1').pk).toBe('INVITE-EMAIL#bob@example.com');
    expect(emailKeys.suppressedEmail('Bob@Example.com').pk).toBe('SUPPRESSED#bob@example.com');
  });

  it('leaves the chassis only the table, the clock helpers and what every domain shares: no domain’s keys', () => {
    expect(new Set(Object.keys(table))).toEqual(
      new Set(['TABLE_DEFINITION', 'TTL_ATTRIBUTE', 'USER_PREFIX', 'epochSeconds', 'nowIso', 'tableName', 'userPartition']),
    );
  });
});
