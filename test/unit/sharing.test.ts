import { describe, expect, it } from 'vitest';
import { inviteMemberBody, settlementBody, sharingRouteMessages } from '../../shared/api/sharing.js';
import {
  INVITATION_DAYS,
  invitationExpiresAt,
  invitationState,
  isInvitationExpired,
  sharingMessages as m,
  myShare,
  type Share,
  type ShareMode,
  settlementProblem,
  shareProblem,
  sharingLimitProblem,
  splitShares,
} from '../../shared/domain/sharing/sharing.js';

const amounts = (result: ReturnType<typeof splitShares>) =>
  result.ok ? result.shares.map((share) => [share.userId, share.amount]) : result.message;
/** The split of `price` between 'payer' and members given as `{ userId: value }` (percent or fixed). */
const split = (price: number, currency: string, mode: ShareMode, values: Record<string, number>) =>
  amounts(
    splitShares(
      price,
      currency,
      'payer',
      Object.entries(values).map(([userId, value]) => ({ userId, value })),
      mode,
    ),
  );
const total = (shares: readonly Share[], decimals: number) =>
  shares.reduce((sum, share) => sum + Math.round(share.amount * 10 ** decimals), 0);

describe('splitting a shared subscription (issue 26: shares add up to the price exactly)', () => {
  it('€17.99 split three ways: members pay the rounded-down 5.99, the payer absorbs the remainder (6.01)', () => {
    expect(amounts(splitShares(17.99, 'EUR', 'payer', [{ userId: 'a' }, { userId: 'b' }], 'equal'))).toEqual([
      ['payer', 6.01],
      ['a', 5.99],
      ['b', 5.99],
    ]);
  });

  it('an even price splits evenly, and two people split a price in halves', () => {
    expect(amounts(splitShares(18, 'EUR', 'payer', [{ userId: 'a' }, { userId: 'b' }], 'equal'))).toEqual([
      ['payer', 6],
      ['a', 6],
      ['b', 6],
    ]);
    expect(amounts(splitShares(9.99, 'USD', 'payer', [{ userId: 'a' }], 'equal'))).toEqual([
      ['payer', 5],
      ['a', 4.99],
    ]);
  });

  it('yen and won have no minor unit: shares are whole and still add up (¥1,000 three ways)', () => {
    expect(amounts(splitShares(1000, 'JPY', 'payer', [{ userId: 'a' }, { userId: 'b' }], 'equal'))).toEqual([
      ['payer', 334],
      ['a', 333],
      ['b', 333],
    ]);
    expect(amounts(splitShares(10900, 'KRW', 'payer', [{ userId: 'a' }, { userId: 'b' }, { userId: 'c' }], 'equal'))).toEqual([
      ['payer', 2725],
      ['a', 2725],
      ['b', 2725],
      ['c', 2725],
    ]);
  });

  it('every equal split of awkward prices adds up to the price to the cent', () => {
    for (const price of [0.01, 0.02, 1, 9.99, 17.99, 22.99, 100.01, 999.99]) {
      for (let people = 2; people <= 6; people++) {
        const members = Array.from({ length: people - 1 }, (_, i) => ({ userId: `m${i}` }));
        const result = splitShares(price, 'EUR', 'payer', members, 'equal');
        if (!result.ok) throw new Error(result.message);
        expect(total(result.shares, 2)).toBe(Math.round(price * 100));
        const [payer, ...rest] = result.shares;
        for (const share of rest) expect(share.amount).toBeLessThanOrEqual(payer?.amount ?? 0);
      }
    }
  });

  it('percentages: members pay their rounded-down part, the payer the rest of 100%', () => {
    expect(split(17.99, 'EUR', 'percent', { a: 33.33, b: 33.33 })).toEqual([
      ['payer', 6.01],
      ['a', 5.99],
      ['b', 5.99],
    ]);
    expect(split(20, 'USD', 'percent', { a: 25 })).toEqual([
      ['payer', 15],
      ['a', 5],
    ]);
    expect(split(20, 'USD', 'percent', { a: 60, b: 40 })).toEqual([
      ['payer', 0],
      ['a', 12],
      ['b', 8],
    ]);
  });

  it('percentages over 100% in total are refused', () => {
    expect(split(20, 'USD', 'percent', { a: 60, b: 40.01 })).toBe(m.percentsOver);
  });

  it('fixed amounts: members pay them, the payer the price minus them; more than the price is refused', () => {
    expect(split(17.99, 'EUR', 'fixed', { a: 5, b: 7.5 })).toEqual([
      ['payer', 5.49],
      ['a', 5],
      ['b', 7.5],
    ]);
    expect(split(17.99, 'EUR', 'fixed', { a: 17.99 })).toEqual([
      ['payer', 0],
      ['a', 17.99],
    ]);
    expect(split(17.99, 'EUR', 'fixed', { a: 10, b: 8 })).toBe(m.fixedOverPrice);
    expect(split(1000, 'JPY', 'fixed', { a: 10.5 })).toBe(m.fixedDecimals('JPY', 0));
  });

  it('a change of price recomputes the shares from the same members (issue 26)', () => {
    const members = [{ userId: 'a' }, { userId: 'b' }];
    expect(amounts(splitShares(17.99, 'EUR', 'payer', members, 'equal'))).toEqual([
      ['payer', 6.01],
      ['a', 5.99],
      ['b', 5.99],
    ]);
    expect(amounts(splitShares(19.99, 'EUR', 'payer', members, 'equal'))).toEqual([
      ['payer', 6.67],
      ['a', 6.66],
      ['b', 6.66],
    ]);
    expect(amounts(splitShares(19.99, 'EUR', 'payer', [{ userId: 'a' }], 'equal'))).toEqual([
      ['payer', 10],
      ['a', 9.99],
    ]);
  });

  it('refuses the payer as a member, a repeated member, an unknown currency and a negative price', () => {
    expect(amounts(splitShares(10, 'EUR', 'payer', [{ userId: 'payer' }], 'equal'))).toBe(m.payerIsMember);
    expect(amounts(splitShares(10, 'EUR', 'payer', [{ userId: 'a' }, { userId: 'a' }], 'equal'))).toBe(m.memberRepeated);
    expect(amounts(splitShares(10, 'XXX', 'payer', [{ userId: 'a' }], 'equal'))).toBe(m.currencyInvalid);
    expect(amounts(splitShares(-1, 'EUR', 'payer', [{ userId: 'a' }], 'equal'))).toBe(m.priceInvalid);
  });

  it('myShare finds a person’s part, or null for someone outside the split', () => {
    const result = splitShares(17.99, 'EUR', 'payer', [{ userId: 'a' }, { userId: 'b' }], 'equal');
    if (!result.ok) throw new Error(result.message);
    expect(myShare(result.shares, 'a')).toBe(5.99);
    expect(myShare(result.shares, 'payer')).toBe(6.01);
    expect(myShare(result.shares, 'stranger')).toBeNull();
  });
});

describe('a share as given (issue 26: equal, percent or fixed, in the subscription’s currency)', () => {
  it('accepts each mode in its shape', () => {
    expect(shareProblem({ mode: 'equal' }, 'EUR')).toBeNull();
    expect(shareProblem({ mode: 'percent', value: 33.33 }, 'EUR')).toBeNull();
    expect(shareProblem({ mode: 'percent', value: 100 }, 'EUR')).toBeNull();
    expect(shareProblem({ mode: 'fixed', value: 5.99 }, 'EUR')).toBeNull();
    expect(shareProblem({ mode: 'fixed', value: 500 }, 'JPY')).toBeNull();
  });

  it('names what is wrong with each other share', () => {
    expect(shareProblem({ mode: 'half' }, 'EUR')).toBe(m.modeInvalid);
    expect(shareProblem({ mode: 'equal', value: 3 }, 'EUR')).toBe(m.equalTakesNoValue);
    expect(shareProblem({ mode: 'percent' }, 'EUR')).toBe(m.percentInvalid);
    expect(shareProblem({ mode: 'percent', value: 0 }, 'EUR')).toBe(m.percentInvalid);
    expect(shareProblem({ mode: 'percent', value: 100.01 }, 'EUR')).toBe(m.percentInvalid);
    expect(shareProblem({ mode: 'percent', value: 33.333 }, 'EUR')).toBe(m.percentDecimals);
    expect(shareProblem({ mode: 'fixed', value: '5' }, 'EUR')).toBe(m.fixedInvalid);
    expect(shareProblem({ mode: 'fixed', value: -1 }, 'EUR')).toBe(m.fixedInvalid);
    expect(shareProblem({ mode: 'fixed', value: 5.999 }, 'EUR')).toBe('An amount in EUR can have at most 2 decimal places');
    expect(shareProblem({ mode: 'fixed', value: 5.5 }, 'KRW')).toBe('An amount in KRW has no decimal places');
    expect(shareProblem({ mode: 'percent', value: 5e-324 }, 'EUR')).toBe(m.percentTooSmall);
    expect(shareProblem({ mode: 'fixed', value: 1e-200 }, 'EUR')).toBe('A fixed share in EUR must be at least 0.01');
    expect(shareProblem({ mode: 'fixed', value: 0.5 }, 'JPY')).toBe('A fixed share in JPY must be at least 1');
  });
});

describe('invitations (issue 26: expire after 7 days)', () => {
  const invitedAt = '2026-11-28T10:00:00.000Z';

  it('are open for exactly INVITATION_DAYS days', () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(invitationExpiresAt(invitedAt)).toBe('2026-12-05T10:00:00.000Z');
    expect(isInvitationExpired(invitedAt, '2026-12-05T09:59:59.999Z')).toBe(false);
    expect(isInvitationExpired(invitedAt, '2026-12-05T10:00:00.000Z')).toBe(true);
  });

  it('a pending invitation shows expired after 7 days; an answered one keeps its answer', () => {
    const later = '2026-12-06T00:00:00.000Z';
    expect(invitationState({ state: 'pending', invitedAt }, '2026-11-29T00:00:00.000Z')).toBe('pending');
    expect(invitationState({ state: 'pending', invitedAt }, later)).toBe('expired');
    expect(invitationState({ state: 'accepted', invitedAt }, later)).toBe('accepted');
    expect(invitationState({ state: 'declined', invitedAt }, later)).toBe('declined');
  });
});

describe('who may share with how many (issue 26: more than one other member is VIP and Premium)', () => {
  it('everyone may share with one other person', () => {
    for (const role of ['member', 'vip', 'premium', 'owner']) expect(sharingLimitProblem(role, 1)).toBeNull();
  });

  it('two or more others is VIP, Premium and the owner; a member gets the upgrade message', () => {
    expect(sharingLimitProblem('member', 2)).toBe(m.paidOnly);
    expect(m.paidOnly).toContain('Upgrade to VIP or Premium');
    expect(sharingLimitProblem('vip', 2)).toBeNull();
    expect(sharingLimitProblem('premium', 5)).toBeNull();
    expect(sharingLimitProblem('owner', 5)).toBeNull();
  });
});

describe('settling a cycle’s share (issue 26: I paid → the payer confirms; the payer may settle directly)', () => {
  it('a member says I paid, the payer confirms', () => {
    expect(settlementProblem('owed', 'paid', 'member')).toBeNull();
    expect(settlementProblem('paid', 'confirmed', 'payer')).toBeNull();
  });

  it('the payer marks an owed share settled directly', () => {
    expect(settlementProblem('owed', 'confirmed', 'payer')).toBeNull();
  });

  it('a member cannot confirm, the payer cannot say the member paid, a settled share stays settled', () => {
    expect(settlementProblem('owed', 'confirmed', 'member')).toBe(m.onlyPayerConfirms);
    expect(settlementProblem('paid', 'confirmed', 'member')).toBe(m.onlyPayerConfirms);
    expect(settlementProblem('owed', 'paid', 'payer')).toBe(m.onlyMemberPays);
    expect(settlementProblem('confirmed', 'paid', 'member')).toBe(m.alreadySettled);
  });

  it('repeating the current state changes nothing and is allowed (a retried request)', () => {
    expect(settlementProblem('paid', 'paid', 'member')).toBeNull();
    expect(settlementProblem('confirmed', 'confirmed', 'payer')).toBeNull();
  });
});

describe('the sharing contract’s bodies (issue 26 API)', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('an invitation takes a username or e-mail and a share', () => {
    const ok = inviteMemberBody.safeParse({ usernameOrEmail: '  sam@example.com ', share: { mode: 'percent', value: 25 } });
    expect(ok.success && ok.data).toEqual({ usernameOrEmail: 'sam@example.com', share: { mode: 'percent', value: 25 } });
    expect(inviteMemberBody.safeParse({ usernameOrEmail: 'sam', share: { mode: 'equal' } }).success).toBe(true);
  });

  it('names what is wrong with an invitation', () => {
    expect(messageOf(inviteMemberBody.safeParse({ usernameOrEmail: ' ', share: { mode: 'equal' } }))).toBe(
      sharingRouteMessages.usernameOrEmailRequired,
    );
    expect(messageOf(inviteMemberBody.safeParse({ usernameOrEmail: 'sam', share: { mode: 'half' } }))).toBe(m.modeInvalid);
    expect(messageOf(inviteMemberBody.safeParse({ usernameOrEmail: 'sam', share: { mode: 'equal', value: 2 } }))).toBe(m.equalTakesNoValue);
    expect(messageOf(inviteMemberBody.safeParse({ usernameOrEmail: 'sam', share: { mode: 'percent', value: 101 } }))).toBe(
      m.percentInvalid,
    );
    expect(messageOf(inviteMemberBody.safeParse({ usernameOrEmail: 'sam', share: { mode: 'fixed' } }))).toBe(m.fixedInvalid);
    expect(messageOf(inviteMemberBody.safeParse({ usernameOrEmail: 'sam' }))).toBe(sharingRouteMessages.shareRequired);
  });

  it('a settlement is paid or confirmed for one renewal date', () => {
    const body = { userId: '0b6f3c1e-1111-4222-8333-444455556666', dueDate: '2026-12-01', status: 'paid' };
    expect(settlementBody.safeParse(body).success).toBe(true);
    expect(messageOf(settlementBody.safeParse({ ...body, status: 'owed' }))).toBe(sharingRouteMessages.statusInvalid);
    expect(messageOf(settlementBody.safeParse({ ...body, dueDate: '2026-02-30' }))).toBe(sharingRouteMessages.dueDateInvalid);
  });
});
