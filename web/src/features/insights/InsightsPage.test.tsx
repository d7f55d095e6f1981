import { routes } from '@shared/api';
import { CUSTOM_CATEGORIES_STORAGE_KEY, customCategoryValue as categoryValue } from '@shared/domain/categories';
import { FIXED_RATES } from '@shared/domain/currency';
import { monthLabel, monthOf, shiftMonth } from '@shared/domain/insights';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { on } from '../../testing/api';
import { aSubscription, aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { InsightsPage } from './InsightsPage';

const vip = aUser({ role: 'vip', subscriptionType: 'vip' });
const today = new Date().toLocaleDateString('en-CA');
const labels = ['Health & Wellbeing', 'Cloud Services', ...Array.from({ length: 16 }, (_, i) => `Hobby ${String.fromCharCode(65 + i)}`)];

afterEach(() => window.localStorage.clear());

describe('Insights → Spend by category (issue 35 §2.11)', () => {
  test('the legend names each category as the dashboard does, 18 of them each in its own colour', async () => {
    window.localStorage.setItem(
      CUSTOM_CATEGORIES_STORAGE_KEY,
      JSON.stringify(labels.map((label) => ({ value: categoryValue(label), label }))),
    );
    const subs = labels.map((label, i) =>
      aSubscription({ name: `Service ${i}`, amount: 10 + i, dueDate: today, category: categoryValue(label) }),
    );
    renderApp(<InsightsPage />, {
      signedIn: vip,
      api: [on(routes.listSubscriptions, subs), on(routes.rates, FIXED_RATES), on(routes.listAllPayments, { payments: [] })],
    });
    await screen.findByRole('heading', { name: 'Spend by category' });
    const legend = await screen.findByText('Health & Wellbeing', { selector: 'li' });
    const items = [...(legend.parentElement as HTMLElement).querySelectorAll('li')];
    expect(new Set(items.map((item) => item.textContent))).toEqual(new Set(labels));
    expect(items).toHaveLength(labels.length);
    expect(items.map((item) => item.textContent)).not.toContain('Health&wellbeing');
    const colours = items.map((item) => (item.querySelector('span') as HTMLElement).style.background);
    expect(colours.every((colour) => /^var\(--category-\d+\)$/.test(colour))).toBe(true);
    expect(new Set(colours).size).toBe(18);
  });
});

describe('Insights → Monthly spend reads what was paid (issue 35 §1)', () => {
  test('a past month counts a renewal skipped as nothing and one paid at the amount charged', async () => {
    const month = (offset: number) => shiftMonth(monthOf(today), offset);
    const started = `${month(-6)}-15`;
    const gym = aSubscription({
      name: 'Gym',
      amount: 10,
      dueDate: `${month(1)}-15`,
      category: 'fitness',
      createdAt: `${started}T00:00:00.000Z`,
      priceHistory: [{ amount: 10, currency: 'USD', effectiveFrom: started }],
    });
    const payment = (offset: number, status: 'paid' | 'skipped', amount: number) => ({
      subscriptionId: gym.id,
      dueDate: `${month(offset)}-15`,
      status,
      amount,
      currency: 'USD',
      recordedAt: `${month(offset)}-15T08:00:00.000Z`,
    });
    renderApp(<InsightsPage />, {
      signedIn: vip,
      api: [
        on(routes.listSubscriptions, [gym]),
        on(routes.rates, FIXED_RATES),
        on(routes.listAllPayments, { payments: [payment(-2, 'skipped', 10), payment(-1, 'paid', 12.5)] }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Spend per month, in USD', hidden: true });
    const spendIn = (offset: number) =>
      within(table).getByText(monthLabel(month(offset), 'long'), { selector: 'th' }).nextElementSibling?.textContent;
    expect(spendIn(-3)).toBe('$10.00');
    expect(spendIn(-2)).toBe('$0.00');
    expect(spendIn(-1)).toBe('$12.50');
  });
});

describe('Insights → Lifetime spend (issue 36 §5)', () => {
  test('each row shows the subscription’s logo, or its monogram, beside its name, which alone is read out', async () => {
    const subs = [
      aSubscription({ name: 'Netflix', amount: 15, dueDate: today, logo: { kind: 'brand', src: '/logos/brands/netflix.svg' } }),
      aSubscription({ name: 'gym', amount: 30, dueDate: today, category: 'fitness' }),
    ];
    renderApp(<InsightsPage />, {
      signedIn: vip,
      api: [on(routes.listSubscriptions, subs), on(routes.rates, FIXED_RATES), on(routes.listAllPayments, { payments: [] })],
    });
    const table = await screen.findByRole('table', { name: 'Lifetime spend per subscription, in USD' });
    const netflix = within(table).getByRole('rowheader', { name: /^Netflix/ });
    expect(netflix.querySelector('img')?.getAttribute('src')).toBe('/logos/brands/netflix.svg');
    expect(netflix.querySelector('img')?.getAttribute('alt')).toBe('');
    const gym = within(table).getByRole('rowheader', { name: /^gym/ });
    expect(gym.querySelector('img')).toBeNull();
    expect(within(gym).getByText('G').getAttribute('aria-hidden')).toBe('true');
  });

  test('the price changes show each subscription’s logo too', async () => {
    const raised = aSubscription({
      name: 'Netflix',
      amount: 18,
      dueDate: today,
      logo: { kind: 'website', src: '/logos/sites/netflix.com' },
      priceHistory: [
        { amount: 15, currency: 'USD', effectiveFrom: '2026-01-15' },
        { amount: 18, currency: 'USD', effectiveFrom: '2026-06-15' },
      ],
    });
    renderApp(<InsightsPage />, {
      signedIn: vip,
      api: [on(routes.listSubscriptions, [raised]), on(routes.rates, FIXED_RATES), on(routes.listAllPayments, { payments: [] })],
    });
    const change = (await screen.findByText(/^Netflix: \$15\.00 → \$18\.00/)).closest('li');
    expect(change?.querySelector('img')?.getAttribute('src')).toBe('/logos/sites/netflix.com');
    expect(change?.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
