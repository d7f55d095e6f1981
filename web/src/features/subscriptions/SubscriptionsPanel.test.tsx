import { routes } from '@shared/api';
import { FIXED_RATES } from '@shared/domain/currency';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '../../testing/api';
import { aSubscription } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SubscriptionsPanel } from './SubscriptionsPanel';

const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return date.toLocaleDateString('en-CA');
};

describe('the dashboard’s list (issue 35 §2.12)', () => {
  test('sorted by due date: active subscriptions by their next due date, the canceled ones after them', async () => {
    const subs = [
      aSubscription({ name: 'Old gym', dueDate: day(-200), status: 'canceled' }),
      aSubscription({ name: 'Netflix', dueDate: day(3) }),
      aSubscription({ name: 'Magazine', dueDate: day(-40), status: 'canceled' }),
      aSubscription({ name: 'Cloud', dueDate: day(25) }),
    ];
    renderApp(<SubscriptionsPanel />, {
      api: [on(routes.listSubscriptions, subs), on(routes.rates, FIXED_RATES), on(routes.listInvitations, { invitations: [] })],
    });
    await screen.findByRole('heading', { name: 'Netflix', level: 3 });
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Netflix', 'Cloud', 'Old gym', 'Magazine']);
  });
});
