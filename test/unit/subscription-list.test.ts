import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  ENDING_SOON_DAYS,
  emptyStateText,
  filterSubscriptions,
  isEndingSoon,
  isTrialing,
  matchesSearch,
  matchesStatus,
  PAGE_SIZE,
  pageAfterDelete,
  paginate,
  SORT_KEYS,
  STATUS_FILTERS,
  sortSubscriptions,
  totalPages,
} from '../../shared/domain/subscription-list.js';
import { compareText } from '../../shared/domain/text.js';
import { sub } from './subscription-fixtures.js';

const TODAY = '2026-11-22';
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe("issue 24 §3's filters: 'Trials' and 'Ending soon'", () => {
  const list = [
    sub({ name: 'Trial', trialEndsAt: '2026-11-25' }),
    sub({ name: 'Trial ends today', trialEndsAt: TODAY }),
    sub({ name: 'Trial over', trialEndsAt: '2026-11-21' }),
    sub({ name: 'Canceled trial', trialEndsAt: '2026-11-25', status: 'canceled' }),
    sub({ name: 'Ends in 30 days', endsAt: '2026-12-22' }),
    sub({ name: 'Ends in 31 days', endsAt: '2026-12-23' }),
    sub({ name: 'Cancel by in 10 days', cancelBy: '2026-12-02', noticeDays: 28 }),
    sub({ name: 'Cancel by passed', cancelBy: '2026-11-20', noticeDays: 10 }),
    sub({ name: 'Canceled ending', endsAt: '2026-12-01', status: 'canceled' }),
    sub({ name: 'Plain' }),
  ];

  it("'Trials': active, in a free trial that ends today or later (the cards with a trial badge)", () => {
    expect(names(filterSubscriptions(list, { trials: true }, TODAY))).toEqual(['Trial', 'Trial ends today']);
    expect(isTrialing(sub({ trialEndsAt: '2026-11-23' }), TODAY)).toBe(true);
    expect(isTrialing(sub(), TODAY)).toBe(false);
  });

  it("'Ending soon': active, its end date or cancel-by day from today to 30 days ahead", () => {
    expect(ENDING_SOON_DAYS).toBe(30);
    expect(names(filterSubscriptions(list, { endingSoon: true }, TODAY))).toEqual(['Ends in 30 days', 'Cancel by in 10 days']);
    expect(isEndingSoon(sub({ endsAt: TODAY }), TODAY)).toBe(true);
    expect(isEndingSoon(sub({ cancelBy: TODAY }), TODAY)).toBe(true);
  });

  it('combine with the other filters', () => {
    expect(names(filterSubscriptions(list, { trials: true, endingSoon: true }, TODAY))).toEqual([]);
    expect(names(filterSubscriptions(list, { trials: true, search: 'today' }, TODAY))).toEqual(['Trial ends today']);
  });
});

describe('filters (SPEC §3 "Filters", §5 "Search and date rules", §9 "Lists")', () => {
  const list = [
    sub({ name: 'Netflix', description: 'Family plan', category: 'streaming', dueDate: '2026-11-25' }),
    sub({ name: 'Spotify', description: 'music for the gym', category: 'music', dueDate: '2026-12-20' }),
    sub({ name: 'iCloud', description: '', category: 'cloud', dueDate: '2026-11-22', status: 'canceled' }),
    sub({ name: 'Old Netflix', description: '', category: 'streaming', dueDate: '2026-11-23', status: 'deleted' }),
    sub({ name: 'Gym', description: 'Netflix of fitness', category: 'fitness', dueDate: '2026-11-10' }),
  ];

  it('options: status all/active/canceled/deleted, defaults all', () => {
    expect(STATUS_FILTERS).toEqual(['all', 'active', 'canceled', 'deleted']);
    expect(DEFAULT_FILTERS).toEqual({ search: '', category: 'all', dueSoon: false, trials: false, endingSoon: false, status: 'all' });
    expect(names(filterSubscriptions(list, DEFAULT_FILTERS, TODAY))).toEqual(['Netflix', 'Spotify', 'iCloud', 'Gym']);
  });

  it('search matches name or description, case-insensitively (SPEC §5)', () => {
    expect(names(filterSubscriptions(list, { search: 'netflix' }, TODAY))).toEqual(['Netflix', 'Gym']);
    expect(names(filterSubscriptions(list, { search: 'GYM' }, TODAY))).toEqual(['Spotify', 'Gym']);
    expect(names(filterSubscriptions(list, { search: '  family ' }, TODAY))).toEqual(['Netflix']);
    expect(names(filterSubscriptions(list, { search: 'nothing like it' }, TODAY))).toEqual([]);
  });

  it('matchesSearch treats an empty search as a match and tolerates a missing description', () => {
    expect(matchesSearch({ name: 'A', description: '' }, '')).toBe(true);
    expect(matchesSearch({ name: 'A', description: undefined as unknown as string }, 'x')).toBe(false);
  });

  it('category filter: all or one category value', () => {
    expect(names(filterSubscriptions(list, { category: 'streaming' }, TODAY))).toEqual(['Netflix']);
    expect(names(filterSubscriptions(list, { category: 'fitness' }, TODAY))).toEqual(['Gym']);
    expect(names(filterSubscriptions(list, { category: 'all' }, TODAY))).toHaveLength(4);
    expect(names(filterSubscriptions(list, { category: '' }, TODAY))).toHaveLength(4);
  });

  it('category filter compares canonically ("Cloud Storage" is cloud)', () => {
    expect(names(filterSubscriptions(list, { category: 'Cloud Storage', status: 'canceled' }, TODAY))).toEqual(['iCloud']);
  });

  it('due-soon flag keeps active subscriptions due in 0 to 10 days (SPEC §5)', () => {
    expect(names(filterSubscriptions(list, { dueSoon: true }, TODAY))).toEqual(['Netflix']);
  });

  it('status "all" shows active and canceled; deleted ones only under "deleted" (trash reading)', () => {
    expect(names(filterSubscriptions(list, { status: 'all' }, TODAY))).not.toContain('Old Netflix');
    expect(names(filterSubscriptions(list, { status: 'active' }, TODAY))).toEqual(['Netflix', 'Spotify', 'Gym']);
    expect(names(filterSubscriptions(list, { status: 'canceled' }, TODAY))).toEqual(['iCloud']);
    expect(names(filterSubscriptions(list, { status: 'deleted' }, TODAY))).toEqual(['Old Netflix']);
    expect(names(filterSubscriptions(list, { status: 'deleted', search: 'netflix' }, TODAY))).toEqual(['Old Netflix']);
  });

  it('matchesStatus reads an unknown filter as all', () => {
    expect(matchesStatus('active', 'bogus')).toBe(true);
    expect(matchesStatus('deleted', undefined)).toBe(false);
  });

  it('filters combine and never mutate the input', () => {
    const copy = [...list];
    expect(names(filterSubscriptions(list, { search: 'net', category: 'streaming', dueSoon: true, status: 'active' }, TODAY))).toEqual([
      'Netflix',
    ]);
    expect(list).toEqual(copy);
  });
});

describe('sorting (SPEC §3 "Sort keys: dueDate (default), name, amount (descending), category")', () => {
  const list = [
    sub({ name: 'beta', amount: 5, category: 'software', dueDate: '2026-12-01' }),
    sub({ name: 'Alpha', amount: 20, category: 'streaming', dueDate: '2026-12-01' }),
    sub({ name: 'gamma', amount: 120, billingCycle: 'yearly', category: 'cloud', dueDate: '2026-11-25' }),
    sub({ name: 'Delta', amount: 5, category: 'music', dueDate: '2027-01-05' }),
  ];

  it('keys and default', () => {
    expect(SORT_KEYS).toEqual(['dueDate', 'name', 'amount', 'category']);
    expect(DEFAULT_SORT).toBe('dueDate');
  });

  it('dueDate ascending by default, ties by name', () => {
    expect(names(sortSubscriptions(list))).toEqual(['gamma', 'Alpha', 'beta', 'Delta']);
    expect(names(sortSubscriptions(list, 'dueDate'))).toEqual(['gamma', 'Alpha', 'beta', 'Delta']);
  });

  it('dueDate orders across years and puts unreadable dates last', () => {
    const l = [sub({ name: 'x', dueDate: 'bad' }), sub({ name: 'y', dueDate: '2027-01-01' }), sub({ name: 'z', dueDate: '2026-12-31' })];
    expect(names(sortSubscriptions(l, 'dueDate'))).toEqual(['z', 'y', 'x']);
  });

  it('dueDate lists active subscriptions by their next due date first, canceled ones after them (issue 35 §2.12)', () => {
    const l = [
      sub({ name: 'Canceled long ago', dueDate: '2026-03-01', status: 'canceled' }),
      sub({ name: 'Due this week', dueDate: '2026-11-25' }),
      sub({ name: 'Canceled last month', dueDate: '2026-10-15', status: 'canceled' }),
      sub({ name: 'Past due', dueDate: '2026-11-20' }),
      sub({ name: 'Due next month', dueDate: '2026-12-20' }),
      sub({ name: 'In the trash', dueDate: '2026-01-01', status: 'deleted' }),
    ];
    expect(names(sortSubscriptions(l))).toEqual([
      'Past due',
      'Due this week',
      'Due next month',
      'In the trash',
      'Canceled long ago',
      'Canceled last month',
    ]);
    // The other keys do not group by status.
    expect(names(sortSubscriptions(l, 'name'))[0]).toBe('Canceled last month');
  });

  it('name A–Z ignoring case', () => {
    expect(names(sortSubscriptions(list, 'name'))).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
  });

  it('name sorts numbers naturally', () => {
    const l = [sub({ name: 'Plan 10' }), sub({ name: 'Plan 2' })];
    expect(names(sortSubscriptions(l, 'name'))).toEqual(['Plan 2', 'Plan 10']);
  });

  it('amount descending by monthly cost, ties by name', () => {
    // Alpha 20/month, gamma 120/year = 10/month, beta and Delta 5/month.
    expect(names(sortSubscriptions(list, 'amount'))).toEqual(['Alpha', 'gamma', 'beta', 'Delta']);
  });

  it('amount: equal monthly cost falls back to the per-cycle amount', () => {
    const l = [sub({ name: 'm', amount: 10 }), sub({ name: 'y', amount: 120, billingCycle: 'yearly' })];
    expect(names(sortSubscriptions(l, 'amount'))).toEqual(['y', 'm']);
  });

  it('category A–Z by label, ties by name', () => {
    const l = [...list, sub({ name: 'aardvark', category: 'streaming' })];
    // Cloud Storage, Music, Software, Streaming (aardvark, Alpha)
    expect(names(sortSubscriptions(l, 'category'))).toEqual(['gamma', 'Delta', 'beta', 'aardvark', 'Alpha']);
  });

  it('category sorts custom categories by their label', () => {
    const l = [sub({ name: 'a', category: 'zzz' }), sub({ name: 'b', category: 'aaa' }), sub({ name: 'c', category: 'music' })];
    const custom = [
      { value: 'zzz', label: 'Alpha things' },
      { value: 'aaa', label: 'Zulu things' },
    ];
    expect(names(sortSubscriptions(l, 'category', custom))).toEqual(['a', 'c', 'b']);
  });

  it('an unknown key sorts by dueDate; the input is not mutated', () => {
    const copy = [...list];
    expect(names(sortSubscriptions(list, 'bogus'))).toEqual(['gamma', 'Alpha', 'beta', 'Delta']);
    expect(list).toEqual(copy);
  });

  it('is stable for full ties', () => {
    const l = [sub({ name: 'Same', id: 'first' }), sub({ name: 'same', id: 'second' })];
    expect(sortSubscriptions(l, 'name').map((s) => s.id)).toEqual(['first', 'second']);
  });

  it('compareText ignores case and accents', () => {
    expect(compareText('apple', 'APPLE')).toBe(0);
    expect(compareText('école', 'ecole')).toBe(0);
    expect(compareText('a', 'B')).toBeLessThan(0);
  });
});

describe('paging (SPEC §2 "8 per page", §9 Paging, §4 page after delete)', () => {
  const items = Array.from({ length: 17 }, (_, i) => i + 1);

  it('8 per page with Page X of Y', () => {
    expect(PAGE_SIZE).toBe(8);
    expect(paginate(items, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6, 7, 8], page: 1, totalPages: 3, totalItems: 17 });
    expect(paginate(items, 2).items).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect(paginate(items, 3).items).toEqual([17]);
  });

  it('exactly 8 items is one page; 9 is two', () => {
    expect(paginate(items.slice(0, 8), 1).totalPages).toBe(1);
    expect(paginate(items.slice(0, 9), 2)).toEqual({ items: [9], page: 2, totalPages: 2, totalItems: 9 });
  });

  it('no items is still page 1 of 1', () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, totalPages: 1, totalItems: 0 });
    expect(paginate([], 5).page).toBe(1);
  });

  it('clamps the page into range', () => {
    expect(paginate(items, 99).page).toBe(3);
    expect(paginate(items, 99).items).toEqual([17]);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, -3).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate(items, 2.7).page).toBe(2);
  });

  it('takes another page size (3 announcements per sidebar page, SPEC §9)', () => {
    expect(paginate([1, 2, 3, 4], 2, 3)).toEqual({ items: [4], page: 2, totalPages: 2, totalItems: 4 });
  });

  it('totalPages is at least 1', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(8)).toBe(1);
    expect(totalPages(16)).toBe(2);
    expect(totalPages(17)).toBe(3);
    expect(totalPages(4, 3)).toBe(2);
  });

  it('deleting the last item on a page beyond page 1 goes back one page (SPEC §4)', () => {
    expect(pageAfterDelete(3, 16)).toBe(2);
    expect(pageAfterDelete(2, 8)).toBe(1);
  });

  it('deleting with items left on the page stays put', () => {
    expect(pageAfterDelete(3, 17)).toBe(3);
    expect(pageAfterDelete(2, 15)).toBe(2);
  });

  it('page 1 stays page 1 even when the list empties', () => {
    expect(pageAfterDelete(1, 0)).toBe(1);
    expect(pageAfterDelete(1, 7)).toBe(1);
  });

  it('with another page size', () => {
    expect(pageAfterDelete(2, 3, 3)).toBe(1);
  });
});

describe('empty state (SPEC §2 "Empty state")', () => {
  it('invites a first subscription when the user has none', () => {
    expect(emptyStateText(0)).toEqual({
      title: 'No subscriptions found',
      hint: 'Get started by adding your first subscription!',
    });
  });

  it('suggests adjusting filters otherwise', () => {
    expect(emptyStateText(3)).toEqual({ title: 'No subscriptions found', hint: 'Try adjusting your filters' });
  });
});
