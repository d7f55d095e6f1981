import { routes } from '@shared/api';
import { type Budgets, budgetMessages } from '@shared/api/budgets';
import { FIXED_RATES } from '@shared/domain/currency';
import { type BudgetCheck, monthLabel, monthOf, shiftMonth } from '@shared/domain/insights';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { failure, on } from '../../testing/api';
import { aSubscription, aUser } from '../../testing/fixtures';
import { type AppRenderOptions, renderApp } from '../../testing/render';
import { BudgetsCard } from './BudgetsCard';
import { BudgetWarning } from './BudgetWarning';

const premium = aUser({ role: 'premium', subscriptionType: 'premium' });
const categories = [
  { value: 'streaming', label: 'Streaming' },
  { value: 'music', label: 'Music' },
];
const none: Budgets = { monthly: null, currency: 'USD', categories: [] };

function renderCard(budgets: Budgets, checks: BudgetCheck[] = [], api: AppRenderOptions['api'] = []) {
  return renderApp(<BudgetsCard budgets={budgets} checks={checks} categories={categories} monthLabel="December 2026" />, {
    signedIn: premium,
    api,
  });
}

describe('Insights → Budgets', () => {
  test('no budgets yet: empty fields, no standing, and the way to add a category budget', async () => {
    renderCard(none);
    expect((await screen.findByLabelText('Monthly budget (all subscriptions)')).getAttribute('value')).toBe('');
    expect(screen.getByText('No category budgets yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Budgets in December 2026' })).toBeNull();
  });

  test('this month’s standing of each budget, a passed one said so', async () => {
    renderCard({ monthly: 40, currency: 'USD', categories: [{ category: 'streaming', monthly: 10 }] }, [
      { key: 'overall', name: 'Monthly budget', limit: 40, projected: 25.5, currency: 'USD', passed: false },
      { key: 'category:streaming', name: 'Streaming budget', limit: 10, projected: 15.98, currency: 'USD', passed: true },
    ]);
    const standing = await screen.findByRole('list', { name: 'Budgets in December 2026' });
    expect(
      within(standing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Monthly budget$25.50 of $40.00', 'Streaming budget$15.98 of $10.00 — passed']);
    expect(within(standing).getByRole('meter', { name: 'Streaming budget used' })).toBeTruthy();
  });

  test('a later month past a budget is named under this month’s standing', async () => {
    renderApp(
      <BudgetsCard
        budgets={{ monthly: 600, currency: 'USD', categories: [] }}
        checks={[{ key: 'overall', name: 'Monthly budget', limit: 600, projected: 528.39, currency: 'USD', passed: false }]}
        categories={categories}
        monthLabel="November 2026"
        ahead={{
          monthLabel: 'December 2026',
          passed: [{ key: 'overall', name: 'Monthly budget', limit: 600, projected: 711, currency: 'USD', passed: true }],
        }}
      />,
      { signedIn: premium },
    );
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toContain('Over budget in December 2026');
    expect(warning.textContent).toContain('Monthly budget: $711.00 projected, $600.00 budgeted.');
    expect(screen.getByRole('list', { name: 'Budgets in November 2026' }).textContent).toContain('$528.39 of $600.00');
  });

  test('category budgets: each category once, removable; saving sends the contract’s body and confirms', async () => {
    const saved: Budgets = { monthly: 50, currency: 'EUR', categories: [{ category: 'music', monthly: 12.5 }] };
    const { user, api } = renderCard(none, [], [on(routes.saveBudgets, saved)]);
    await user.type(await screen.findByLabelText('Monthly budget (all subscriptions)'), '50');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    const add = screen.getByRole('button', { name: 'Add a category budget' });
    await user.click(add);
    await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(screen.getByLabelText('Category 2'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Music']);
    await user.click(screen.getByRole('button', { name: 'Remove the budget of category 1' }));
    await user.type(screen.getByLabelText('Monthly budget for category 1'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save budgets' }));

    expect(await screen.findByText(budgetMessages.saved)).toBeTruthy();
    expect(api.callsTo(routes.saveBudgets)[0].body).toEqual(saved);
  });

  test('a refused budget shows the server’s message word for word', async () => {
    const { user } = renderCard(none, [], [on(routes.saveBudgets, failure(400, budgetMessages.monthlyDecimals))]);
    await user.type(await screen.findByLabelText('Monthly budget (all subscriptions)'), '10.555');
    await user.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect((await screen.findByRole('alert')).textContent).toContain(budgetMessages.monthlyDecimals);
  });

  test('an empty category budget is refused with the contract’s message', async () => {
    const { user } = renderCard(none, [], [on(routes.saveBudgets, failure(400, budgetMessages.monthlyInvalid))]);
    await user.click(await screen.findByRole('button', { name: 'Add a category budget' }));
    await user.click(screen.getByRole('button', { name: 'Save budgets' }));
    expect((await screen.findByRole('alert')).textContent).toContain(budgetMessages.monthlyInvalid);
  });
});

describe('the dashboard’s budget warning', () => {
  const today = new Date().toLocaleDateString('en-CA');

  test('Premium over a budget this month: the warning names it, with the way to the budgets', async () => {
    renderApp(<BudgetWarning />, {
      signedIn: premium,
      api: [
        on(routes.listSubscriptions, [aSubscription({ name: 'Netflix', amount: 50, dueDate: today, category: 'streaming' })]),
        on(routes.getBudgets, { monthly: 20, currency: 'USD', categories: [] }),
        on(routes.rates, FIXED_RATES),
        on(routes.listAllPayments, { payments: [] }),
      ],
    });
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toMatch(/^Over budget in \w+/);
    expect(warning.textContent).toContain('Monthly budget: $50.00 projected, $20.00 budgeted.');
    expect(within(warning).getByRole('link', { name: 'Review budgets' }).getAttribute('href')).toBe('/insights');
  });

  test('within budget this month, over it next month: the warning names next month (issue 35 §2.3)', async () => {
    const next = shiftMonth(monthOf(today), 1);
    renderApp(<BudgetWarning />, {
      signedIn: premium,
      api: [
        on(routes.listSubscriptions, [
          aSubscription({ name: 'Domains', amount: 50, dueDate: `${next}-15`, billingCycle: 'yearly', category: 'other' }),
        ]),
        on(routes.getBudgets, { monthly: 20, currency: 'USD', categories: [] }),
        on(routes.rates, FIXED_RATES),
        on(routes.listAllPayments, { payments: [] }),
      ],
    });
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toContain(`Over budget in ${monthLabel(next, 'long')}`);
    expect(warning.textContent).toContain('Monthly budget: $50.00 projected, $20.00 budgeted.');
  });

  test('a renewal recorded paid counts the amount charged, one recorded skipped nothing (issue 35 §1)', async () => {
    const next = shiftMonth(monthOf(today), 1);
    const domains = aSubscription({ name: 'Domains', amount: 50, dueDate: `${next}-15`, billingCycle: 'yearly', category: 'other' });
    const recorded = (status: 'paid' | 'skipped', amount: number) => ({
      payments: [
        { subscriptionId: domains.id, dueDate: `${next}-15`, status, amount, currency: 'USD', recordedAt: `${today}T08:00:00.000Z` },
      ],
    });
    const paid = renderApp(<BudgetWarning />, {
      signedIn: premium,
      api: [
        on(routes.listSubscriptions, [domains]),
        on(routes.getBudgets, { monthly: 20, currency: 'USD', categories: [] }),
        on(routes.rates, FIXED_RATES),
        on(routes.listAllPayments, recorded('paid', 30)),
      ],
    });
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toContain(`Over budget in ${monthLabel(next, 'long')}`);
    expect(warning.textContent).toContain('Monthly budget: $30.00 projected, $20.00 budgeted.');
    paid.unmount();

    const skipped = renderApp(<BudgetWarning />, {
      signedIn: premium,
      api: [
        on(routes.listSubscriptions, [domains]),
        on(routes.getBudgets, { monthly: 20, currency: 'USD', categories: [] }),
        on(routes.rates, FIXED_RATES),
        on(routes.listAllPayments, recorded('skipped', 50)),
      ],
    });
    await vi.waitFor(() => expect(skipped.api.callsTo(routes.listAllPayments)).toHaveLength(1));
    await vi.waitFor(() => expect(skipped.api.callsTo(routes.getBudgets)).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('within budget, nothing shows; a member asks for no budgets', async () => {
    const { api, unmount } = renderApp(<BudgetWarning />, {
      signedIn: premium,
      api: [
        on(routes.listSubscriptions, [aSubscription({ amount: 5, dueDate: today })]),
        on(routes.getBudgets, { monthly: 20, currency: 'USD', categories: [] }),
        on(routes.rates, FIXED_RATES),
        on(routes.listAllPayments, { payments: [] }),
      ],
    });
    await vi.waitFor(() => expect(api.callsTo(routes.getBudgets)).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    const member = renderApp(<BudgetWarning />, { api: [on(routes.rates, FIXED_RATES)] });
    expect(screen.queryByRole('status')).toBeNull();
    expect(member.api.callsTo(routes.getBudgets)).toHaveLength(0);
  });
});
