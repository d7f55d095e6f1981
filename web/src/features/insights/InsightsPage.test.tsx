import { routes } from '@shared/api';
import { CUSTOM_CATEGORIES_STORAGE_KEY, customCategoryValue as categoryValue } from '@shared/domain/categories';
import { FIXED_RATES } from '@shared/domain/currency';
import { screen } from '@testing-library/react';
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
