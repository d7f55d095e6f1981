import { routes } from '@shared/api';
import type { Subscription } from '@shared/api/subscription';
import { addCustomCategory } from '@shared/domain/categories';
import { FIXED_RATES } from '@shared/domain/currency';
import { localToday } from '@shared/domain/dates';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferred, failure, on } from '../../testing/api';
import { aSubscription } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SubscriptionList } from './SubscriptionList';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { useSubscriptions } from './useSubscriptions';

/** A calendar date `offset` days from the viewer's today. */
const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toLocaleDateString('en-CA');
};

/** The list as the dashboard shows it once the subscriptions have loaded, in US dollars. */
function List() {
  const data = useSubscriptions();
  if (data.loading) return null;
  return (
    <SubscriptionList
      data={data}
      currency="USD"
      rates={FIXED_RATES}
      onCurrencyChange={() => undefined}
      today={localToday()}
      custom={[]}
      onAddCategory={(label) => addCustomCategory([], label)}
    />
  );
}

/** `count` active subscriptions, 'Sub 1' due tomorrow, 'Sub 2' the day after…: the due-date sort shows them in that order. */
function activeSubs(count: number): Subscription[] {
  return Array.from({ length: count }, (_, index) => aSubscription({ name: `Sub ${index + 1}`, dueDate: day(index + 1) }));
}

/** Answers a status change with the subscription as the server leaves it. */
function answering(subs: Subscription[], change: Partial<Subscription>) {
  return ({ params }: { params: Record<string, string> }) => ({ ...(subs.find((sub) => sub.id === params.id) as Subscription), ...change });
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Subscriptions' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const count = () => screen.getByRole('heading', { name: 'Your Subscriptions' }).parentElement?.querySelector('[aria-live]')?.textContent;

describe('the subscription list', () => {
  test('loading: the dashboard shows a spinner in the list’s place until the subscriptions answer', async () => {
    const answer = deferred<Subscription[]>();
    renderApp(<SubscriptionsPanel />, {
      api: [
        on(routes.listSubscriptions, () => answer.promise),
        on(routes.rates, FIXED_RATES),
        on(routes.listInvitations, { invitations: [] }),
      ],
    });
    expect(await screen.findByText('Loading subscriptions')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Subscriptions' })).toBeNull();
    answer.resolve([aSubscription({ name: 'Netflix' })]);
    expect(await screen.findByRole('heading', { name: 'Netflix', level: 3 })).toBeTruthy();
    expect(screen.queryByText('Loading subscriptions')).toBeNull();
  });

  test('empty: no subscriptions yet, with the first one to add or a file to import', async () => {
    const { user } = renderApp(<List />, { api: [on(routes.listSubscriptions, [])] });
    expect(await screen.findByText('No subscriptions found')).toBeTruthy();
    expect(screen.getByText('Get started by adding your first subscription!')).toBeTruthy();
    expect(count()).toBe('No subscriptions yet');
    expect(screen.getByRole('button', { name: 'Import from a file' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Subscription pages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add your first subscription' }));
    expect(await screen.findByRole('dialog', { name: 'Add Subscription' })).toBeTruthy();
  });

  test('a list that failed to load shows as empty (SPEC §8), not as an error page', async () => {
    renderApp(<List />, { api: [on(routes.listSubscriptions, failure(500, 'Internal server error'))] });
    expect(await screen.findByText('No subscriptions found')).toBeTruthy();
    expect(count()).toBe('No subscriptions yet');
  });

  test('a refused action says why in a toast, and the card stays as it was', async () => {
    const subs = [aSubscription({ name: 'Gym', dueDate: day(-2) })];
    const { user } = renderApp(<List />, {
      api: [on(routes.listSubscriptions, subs), on(routes.renewSubscription, failure(409, 'This subscription is not active'))],
    });
    await user.click(await screen.findByRole('button', { name: 'Renew Gym' }));
    expect(await screen.findByText('This subscription is not active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew Gym' })).toBeTruthy();
  });

  test('a card with a website links to it as Manage; one without has no link (issue 36 §2)', async () => {
    const subs = [
      aSubscription({ name: 'Netflix', dueDate: day(1), url: 'https://www.netflix.com/' }),
      aSubscription({ name: 'Gym', dueDate: day(2) }),
    ];
    renderApp(<List />, { api: [on(routes.listSubscriptions, subs)] });
    const manage = await screen.findByRole('link', { name: 'Manage Netflix at netflix.com, in a new tab' });
    expect(manage.getAttribute('href')).toBe('https://www.netflix.com/');
    expect(manage.closest('article')?.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { name: 'Netflix', level: 3 }).getAttribute('id'),
    );
    expect(screen.getAllByRole('link', { name: /^Manage / })).toHaveLength(1);
  });

  test('each card shows its logo beside its name, else its monogram; neither is read out with the name (issue 36 §1)', async () => {
    const subs = [
      aSubscription({ name: 'Netflix', dueDate: day(1), logo: { kind: 'brand', src: '/logos/brands/netflix.svg' } }),
      aSubscription({ name: 'my gym', dueDate: day(2) }),
    ];
    renderApp(<List />, { api: [on(routes.listSubscriptions, subs)] });
    const netflix = (await screen.findByRole('article', { name: 'Netflix' })) as HTMLElement;
    const logo = netflix.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/logos/brands/netflix.svg');
    expect(logo?.getAttribute('alt')).toBe('');
    expect(logo?.getAttribute('loading')).toBe('lazy');
    const gym = screen.getByRole('article', { name: 'my gym' });
    expect(gym.querySelector('img')).toBeNull();
    expect(within(gym).getByText('M').getAttribute('aria-hidden')).toBe('true');
    expect(within(gym).getByRole('heading', { level: 3 }).textContent).toBe('my gym');
  });

  test('paging: 8 cards a page, the count says which, Next and Previous move between pages', async () => {
    const { user } = renderApp(<List />, { api: [on(routes.listSubscriptions, activeSubs(9))] });
    await screen.findByRole('heading', { name: 'Sub 1', level: 3 });
    expect(cardNames()).toEqual(['Sub 1', 'Sub 2', 'Sub 3', 'Sub 4', 'Sub 5', 'Sub 6', 'Sub 7', 'Sub 8']);
    expect(count()).toBe('Showing 1–8 of 9');
    const pages = screen.getByRole('navigation', { name: 'Subscription pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(cardNames()).toEqual(['Sub 9']);
    expect(count()).toBe('Showing 9–9 of 9');
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(cardNames()).toHaveLength(8);
  });

  test('sorting: by due date (canceled last) by default, by name or by amount when chosen', async () => {
    const subs = [
      aSubscription({ name: 'Cloud', dueDate: day(20), amount: 2 }),
      aSubscription({ name: 'Old gym', dueDate: day(-30), status: 'canceled', amount: 30 }),
      aSubscription({ name: 'Apple', dueDate: day(5), amount: 15 }),
    ];
    const { user } = renderApp(<List />, { api: [on(routes.listSubscriptions, subs)] });
    await screen.findByRole('heading', { name: 'Cloud', level: 3 });
    expect(cardNames()).toEqual(['Apple', 'Cloud', 'Old gym']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    expect(cardNames()).toEqual(['Apple', 'Cloud', 'Old gym']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'amount');
    expect(cardNames()).toEqual(['Old gym', 'Apple', 'Cloud']);
  });

  test('search and filters: no match says so and offers to clear them; the status filter shows the trash', async () => {
    const subs = [
      aSubscription({ name: 'Netflix' }),
      aSubscription({ name: 'Spotify', category: 'music' }),
      aSubscription({ name: 'Old box', status: 'deleted', deletedAt: new Date().toISOString() }),
    ];
    const { user } = renderApp(<List />, { api: [on(routes.listSubscriptions, subs)] });
    await screen.findByRole('heading', { name: 'Netflix', level: 3 });
    expect(count()).toBe('2 subscriptions');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'spot');
    await waitFor(() => expect(cardNames()).toEqual(['Spotify']));
    expect(count()).toBe('1 subscription');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('Try adjusting your filters')).toBeTruthy();
    expect(count()).toBe('No matches');
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(cardNames()).toEqual(['Netflix', 'Spotify']));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'deleted');
    expect(cardNames()).toEqual(['Old box']);
    expect(screen.getByRole('button', { name: 'Filters 1 active' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recover Old box' })).toBeTruthy();
  });

  test('the last card of page 2 moved to the trash: the list goes back to page 1', async () => {
    const subs = activeSubs(9);
    const { user } = renderApp(<List />, {
      api: [
        on(routes.listSubscriptions, subs),
        on(routes.deleteSubscription, answering(subs, { status: 'deleted', deletedAt: new Date().toISOString() })),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Delete Sub 9' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Move to trash?' })).getByRole('button', { name: 'Move to Trash' }));
    expect(await screen.findByText('Sub 9 moved to the trash')).toBeTruthy();
    await waitFor(() => expect(count()).toBe('8 subscriptions'));
    expect(screen.queryByRole('navigation', { name: 'Subscription pages' })).toBeNull();
  });
});

describe('the dashboard’s list as the browser tests once drove it (moved from test/e2e/subscriptions.spec.ts)', () => {
  const rowNames = async () => {
    await screen.findByRole('list', { name: 'Subscriptions' });
    return cardNames();
  };
  const pages = () => screen.getByRole('navigation', { name: 'Subscription pages' });
  const button = (name: string) => within(pages()).getByRole('button', { name }) as HTMLButtonElement;

  test('searches name or description in any case, filters by category, due soon and status, and sorts by name, amount per month and category', async () => {
    const subs = [
      aSubscription({ name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: day(3), description: 'Family plan' }),
      aSubscription({ name: 'Spotify', amount: 10.99, category: 'music', dueDate: day(12), description: 'Duo' }),
      aSubscription({
        name: 'Adobe Creative Cloud',
        amount: 59.99,
        category: 'software',
        dueDate: day(30),
        description: 'Photography bundle',
      }),
      aSubscription({ name: 'iCloud', amount: 2.99, category: 'cloud', dueDate: day(8) }),
      aSubscription({ name: 'Notion', amount: 96, category: 'productivity', dueDate: day(60), billingCycle: 'yearly' }),
      aSubscription({ name: 'Old Gym', amount: 20, category: 'other', dueDate: day(20), status: 'canceled' }),
    ];
    const { user } = renderApp(<List />, { api: [on(routes.listSubscriptions, subs)] });
    await screen.findByRole('heading', { name: 'Netflix', level: 3 });
    // Default sort: due date, the canceled one after the active ones (issue 35 §2.12).
    expect(cardNames()).toEqual(['Netflix', 'iCloud', 'Spotify', 'Adobe Creative Cloud', 'Notion', 'Old Gym']);

    // Search: name or description, ignoring case (SPEC §5).
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'FAMILY');
    await waitFor(() => expect(cardNames()).toEqual(['Netflix']));
    await user.clear(search);
    await user.type(search, 'photo');
    await waitFor(() => expect(cardNames()).toEqual(['Adobe Creative Cloud']));
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No subscriptions found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters')).toBeTruthy();
    await user.clear(search);
    await waitFor(() => expect(cardNames()).toHaveLength(6));

    // Filters: category, due soon (active, 0 to 10 days), status.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Category'), 'music');
    expect(await rowNames()).toEqual(['Spotify']);
    await user.selectOptions(within(filters).getByLabelText('Category'), 'all');
    await user.click(within(filters).getByLabelText('Due soon'));
    expect(await rowNames()).toEqual(['Netflix', 'iCloud']);
    await user.click(within(filters).getByLabelText('Due soon'));
    await user.selectOptions(within(filters).getByLabelText('Status'), 'canceled');
    expect(await rowNames()).toEqual(['Old Gym']);
    expect(screen.getByRole('article', { name: 'Old Gym' }).textContent).toContain('Canceled');
    await user.selectOptions(within(filters).getByLabelText('Status'), 'active');
    expect(await rowNames()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await rowNames()).toHaveLength(6);

    // Sort: name, amount high to low (per month: Notion's $96 a year is $8), category label.
    const sort = screen.getByLabelText('Sort by');
    await user.selectOptions(sort, 'name');
    expect(cardNames()).toEqual(['Adobe Creative Cloud', 'iCloud', 'Netflix', 'Notion', 'Old Gym', 'Spotify']);
    await user.selectOptions(sort, 'amount');
    expect(cardNames()).toEqual(['Adobe Creative Cloud', 'Old Gym', 'Netflix', 'Spotify', 'Notion', 'iCloud']);
    await user.selectOptions(sort, 'category');
    expect(cardNames()).toEqual(['iCloud', 'Spotify', 'Old Gym', 'Notion', 'Adobe Creative Cloud', 'Netflix']);
  });

  test('pages through 20 subscriptions, 8 per page; a new sort or a filter goes back to page 1, and so do saving and trashing the last card of a page', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `Plan ${String(i + 1).padStart(2, '0')}`);
    const subs = names.map((name, i) =>
      aSubscription({ name, amount: 5 + i, category: i < 9 ? 'music' : 'streaming', dueDate: day(11 + i) }),
    );
    const { user } = renderApp(<List />, {
      api: [
        on(routes.listSubscriptions, subs),
        on(routes.updateSubscription, ({ params }) => subs.find((sub) => sub.id === params.id) as Subscription),
        on(routes.deleteSubscription, answering(subs, { status: 'deleted', deletedAt: new Date().toISOString() })),
      ],
    });
    await screen.findByRole('heading', { name: 'Plan 01', level: 3 });
    expect(pages().textContent).toContain('Page 1 of 3');
    expect(cardNames()).toEqual(names.slice(0, 8));
    expect(button('Previous').disabled).toBe(true);
    await user.click(button('Next'));
    expect(pages().textContent).toContain('Page 2 of 3');
    expect(cardNames()).toEqual(names.slice(8, 16));
    await user.click(button('Next'));
    expect(pages().textContent).toContain('Page 3 of 3');
    expect(cardNames()).toEqual(names.slice(16));
    expect(button('Next').disabled).toBe(true);

    // Changing the sort returns to page 1.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'amount');
    expect(pages().textContent).toContain('Page 1 of 3');
    expect(cardNames()).toEqual(names.slice(12).reverse());

    // Nine music plans: two pages. Saving returns to page 1 (SPEC §4).
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(within(screen.getByRole('group', { name: 'Filters' })).getByLabelText('Category'), 'music');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'dueDate');
    expect(pages().textContent).toContain('Page 1 of 2');
    await user.click(button('Next'));
    expect(pages().textContent).toContain('Page 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Edit Plan 09' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Plan 09 updated');
    await waitFor(() => expect(pages().textContent).toContain('Page 1 of 2'));

    // Trashing the only card of page 2 goes back to page 1.
    await user.click(button('Next'));
    expect(cardNames()).toEqual(['Plan 09']);
    await user.click(screen.getByRole('button', { name: 'Delete Plan 09' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Move to trash?' })).getByRole('button', { name: 'Move to Trash' }));
    expect(await screen.findByText('Plan 09 moved to the trash')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Subscription pages' })).toBeNull());
    expect(cardNames()).toEqual(names.slice(0, 8));
  });
});

describe('where the keyboard focus goes after a change moves a card', () => {
  test('canceled, the card goes to the end of the list (page 2): the focus goes to the card now in its place', async () => {
    const subs = activeSubs(9);
    const { user } = renderApp(<List />, {
      api: [on(routes.listSubscriptions, subs), on(routes.cancelSubscription, answering(subs, { status: 'canceled' }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription Sub 1' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await screen.findByText('Sub 1 canceled');
    await waitFor(() => expect(cardNames()[0]).toBe('Sub 2'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Sub 2' })));
  });

  test('reactivated, the card leaves page 2 for page 1: the focus goes to the card now in its place, not to the page', async () => {
    const subs = activeSubs(9).map((sub) => (sub.name === 'Sub 1' ? { ...sub, status: 'canceled' as const } : sub));
    const { user } = renderApp(<List />, {
      api: [on(routes.listSubscriptions, subs), on(routes.reactivateSubscription, answering(subs, { status: 'active' }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(cardNames()).toEqual(['Sub 1']);
    await user.click(screen.getByRole('button', { name: 'Reactivate Sub 1' }));
    await screen.findByText('Sub 1 reactivated');
    await waitFor(() => expect(cardNames()).toEqual(['Sub 9']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Sub 9' })));
  });

  test('renewed, the card moves on to page 2 and page 1 stays full: the focus goes to the card now in its place', async () => {
    const subs = activeSubs(9).map((sub) => (sub.name === 'Sub 1' ? { ...sub, dueDate: day(-1) } : sub));
    const { user } = renderApp(<List />, {
      api: [on(routes.listSubscriptions, subs), on(routes.renewSubscription, answering(subs, { dueDate: day(40) }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Renew Sub 1' }));
    await screen.findByText(/^Sub 1 renewed/);
    await waitFor(() => expect(cardNames()[0]).toBe('Sub 2'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Sub 2' })));
  });

  test('edited to a later due date, the card moves on to page 2: the focus goes to the card now in its place', async () => {
    const subs = activeSubs(9);
    const { user } = renderApp(<List />, {
      api: [
        on(routes.listSubscriptions, subs),
        on(routes.updateSubscription, ({ params }) => ({
          ...(subs.find((sub) => sub.id === params.id) as Subscription),
          dueDate: day(40),
        })),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Sub 1' }));
    const dueDate = await screen.findByLabelText(/^Due date/);
    await user.clear(dueDate);
    await user.type(dueDate, day(40));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Sub 1 updated');
    await waitFor(() => expect(cardNames()[0]).toBe('Sub 2'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Sub 2' })));
  });

  test('recovered out of the trash view, the last card leaves the list: the focus goes to the list’s heading', async () => {
    const subs = [aSubscription({ name: 'Old box', status: 'deleted', deletedAt: new Date().toISOString() })];
    const { user } = renderApp(<List />, {
      api: [on(routes.listSubscriptions, subs), on(routes.recoverSubscription, answering(subs, { status: 'active', deletedAt: null }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'deleted');
    await user.click(screen.getByRole('button', { name: 'Recover Old box' }));
    await screen.findByText('Old box recovered');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your Subscriptions' })));
  });
});
