import { routes } from '@shared/api';
import type { PaymentList } from '@shared/api/payments';
import { paymentMessages } from '@shared/api/payments';
import { type SubscriptionMembers, sharingRoutes } from '@shared/api/sharing';
import type { Subscription } from '@shared/api/subscription';
import { FIXED_RATES } from '@shared/domain/currency';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { deferred, failure, on, type Stub } from '../../testing/api';
import { aSubscription } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SubscriptionDetailsModal } from './SubscriptionDetailsModal';

const TODAY = '2026-12-20';

function paymentList(payments: PaymentList['payments']): PaymentList {
  const paid = payments.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amount, 0);
  return {
    payments,
    lifetimeSpend: { amount: paid, currency: 'USD' },
    lifetimeSpendInDisplayCurrency: { amount: paid, currency: 'USD' },
  } as PaymentList;
}

function noMembers(sub: Subscription): SubscriptionMembers {
  return {
    subscriptionId: sub.id,
    currency: sub.currency,
    amount: sub.amount,
    payer: { userId: '11111111-1111-4111-8111-111111111111', username: 'alice', amount: sub.amount },
    members: [],
    invitations: [],
    cycles: [],
    isPayer: true,
  };
}

/** A monthly 9.99 subscription since 15 Sep, its price raised from 7.99 on 15 Nov, next due 15 Jan. */
function netflix(overrides: Partial<Subscription> = {}): Subscription {
  return aSubscription({
    name: 'Netflix',
    amount: 9.99,
    dueDate: '2027-01-15',
    createdAt: '2026-09-15T00:00:00.000Z',
    priceHistory: [
      { amount: 7.99, currency: 'USD', effectiveFrom: '2026-09-15' },
      { amount: 9.99, currency: 'USD', effectiveFrom: '2026-11-15' },
    ],
    ...overrides,
  });
}

/** The dialog as the dashboard opens it, in US dollars on TODAY. */
function detailsDialog(sub: Subscription, onLeave: (sub: Subscription) => void, onClose: () => void) {
  return (
    <SubscriptionDetailsModal
      subscription={sub}
      currency="USD"
      today={TODAY}
      custom={[]}
      categoryColor="var(--category-0)"
      onLeave={onLeave}
      onClose={onClose}
    />
  );
}

function renderDetails(sub: Subscription, payments: Stub, more: Stub[] = []) {
  const onLeave = vi.fn();
  const onClose = vi.fn();
  const view = renderApp(detailsDialog(sub, onLeave, onClose), {
    api: [
      ...more,
      payments,
      on(routes.rates, FIXED_RATES),
      on(sharingRoutes.listMembers, noMembers(sub)),
      on(routes.getSubscriptionReminders, { rules: [], source: 'default', editable: false }),
    ],
  });
  return { ...view, onLeave, onClose };
}

describe('the details dialog', () => {
  test('shows the price as billed, the facts and the price history newest first, the current price marked', async () => {
    const sub = netflix({ noticeDays: 7, cancelBy: '2027-01-08', autoRenew: false });
    renderDetails(sub, on(routes.listPayments, paymentList([])));
    const dialog = await screen.findByRole('dialog', { name: 'Netflix' });
    expect(within(dialog).getByText('Streaming · Monthly')).toBeTruthy();
    const summary = within(dialog).getByRole('region', { name: 'Price and lifetime spend' });
    expect(summary.textContent).toContain('$9.99');

    const facts = [...dialog.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Next renewal: Jan 15, 2027', 'Notice period: 7 days', 'Cancel by: Jan 8, 2027', 'Auto-renew: Off']);

    const history = within(within(dialog).getByRole('region', { name: 'Price history' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual(['From Nov 15, 2026$9.99Current', 'From Sep 15, 2026$7.99']);
  });

  test('the cancel-by date that still matters today, and a date the user gave as given (issue 35 §2.5)', async () => {
    // Due 15 Jan with 30 days' notice, on 20 Dec: 16 Dec has passed; 16 Jan is the last day for 15 Feb.
    const notice = netflix({ noticeDays: 30, cancelBy: '2026-12-16' });
    const first = renderDetails(notice, on(routes.listPayments, paymentList([])));
    const facts = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Netflix' });
      return [...dialog.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    };
    expect(await facts()).toContain('Cancel by: Jan 16, 2027');
    first.unmount();
    renderDetails(netflix({ cancelByDate: '2026-12-01' }), on(routes.listPayments, paymentList([])));
    expect(await facts()).toContain('Cancel-by date passed: Dec 1, 2026');
  });

  test('the website is a Manage link in a new tab that says whose and where (issue 36 §2)', async () => {
    renderDetails(netflix({ url: 'https://www.netflix.com/account' }), on(routes.listPayments, paymentList([])));
    const dialog = await screen.findByRole('dialog', { name: 'Netflix' });
    const manage = within(dialog).getByRole('link', { name: 'Manage Netflix at netflix.com, in a new tab' });
    expect(manage.textContent).toBe('Manage');
    expect(manage.getAttribute('href')).toBe('https://www.netflix.com/account');
    expect(manage.getAttribute('target')).toBe('_blank');
    expect(manage.getAttribute('rel')).toBe('noopener noreferrer');
    expect(manage.closest('div')?.querySelector('dt')?.textContent).toBe('Website');
  });

  test('payments: a spinner while they load, then the empty list and every renewal up to today to mark', async () => {
    const answer = deferred<PaymentList>();
    renderDetails(
      netflix(),
      on(routes.listPayments, () => answer.promise),
    );
    expect((await screen.findByText('Loading payments')).closest('[role="status"]')).toBeTruthy();
    answer.resolve(paymentList([]));

    expect(await screen.findByText('No payments recorded yet. Renewing, or marking a renewal paid, records one.')).toBeTruthy();
    const toMark = within(screen.getByRole('region', { name: 'Renewals to mark' })).getAllByRole('listitem');
    expect(toMark.map((row) => row.textContent?.split('expected')[0])).toEqual([
      'Dec 15, 2026$9.99 ',
      'Nov 15, 2026$9.99 ',
      'Oct 15, 2026$7.99 ',
      'Sep 15, 2026$7.99 ',
    ]);
    // Nothing marked yet: the renewals since it was first tracked count the price in force then (issue 35 §2).
    expect(screen.getByTestId('lifetime-spend').textContent).toBe('$35.96');
    expect(screen.getByText('0 paid renewals · 4 not marked, at the price then')).toBeTruthy();
  });

  test('a price change from a later day: the price as billed and Current are today’s price, the later one Upcoming (issue 35 §4)', async () => {
    const sub = netflix({
      amount: 19.99,
      priceHistory: [
        { amount: 17.99, currency: 'USD', effectiveFrom: '2026-09-15' },
        { amount: 19.99, currency: 'USD', effectiveFrom: '2027-01-05' },
      ],
    });
    renderDetails(sub, on(routes.listPayments, paymentList([])));
    const dialog = await screen.findByRole('dialog', { name: 'Netflix' });
    const billed = within(dialog).getByText('Price as billed').nextElementSibling;
    expect(billed?.textContent?.startsWith('$17.99')).toBe(true);
    expect(billed?.nextElementSibling?.textContent).toBe('Since Sep 15, 2026 · $19.99 from 5 Jan 2027');
    const history = within(within(dialog).getByRole('region', { name: 'Price history' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual(['From Jan 5, 2027$19.99Upcoming', 'From Sep 15, 2026$17.99Current']);
  });

  test('payments that fail to load say so', async () => {
    renderDetails(netflix(), on(routes.listPayments, failure(500, '')));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load payments');
  });

  test('the recorded payments, paid and skipped, with the lifetime spend; a fully marked history says so', async () => {
    const payments = paymentList([
      { dueDate: '2026-12-15', status: 'paid', amount: 9.99, currency: 'USD', recordedAt: '2026-12-15T00:00:00.000Z' },
      { dueDate: '2026-11-15', status: 'skipped', amount: 9.99, currency: 'USD', recordedAt: '2026-11-15T00:00:00.000Z' },
      { dueDate: '2026-10-15', status: 'paid', amount: 7.99, currency: 'USD', recordedAt: '2026-10-15T00:00:00.000Z' },
      { dueDate: '2026-09-15', status: 'paid', amount: 8.5, currency: 'USD', recordedAt: '2026-09-15T00:00:00.000Z' },
    ]);
    renderDetails(netflix(), on(routes.listPayments, payments));
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Dec 15, 2026Paid$9.99', 'Nov 15, 2026Skippednot paid: $9.99', 'Oct 15, 2026Paid$7.99', 'Sep 15, 2026Paid$8.50']);
    expect(screen.getByTestId('lifetime-spend').textContent).toBe('$26.48');
    expect(screen.getByText('3 paid renewals')).toBeTruthy();
    expect(screen.getByText('Every renewal up to today is marked.')).toBeTruthy();
  });

  test('marking a renewal paid sends the amount charged and says so; an amount that is not one is refused first', async () => {
    const payment = {
      dueDate: '2026-12-15',
      status: 'paid',
      amount: 10.5,
      currency: 'USD',
      recordedAt: '2026-12-20T00:00:00.000Z',
    } as const;
    let recorded = false;
    const { user, api } = renderDetails(
      netflix(),
      on(routes.listPayments, () => paymentList(recorded ? [payment] : [])),
      [
        on(routes.recordPayment, () => {
          recorded = true;
          return payment;
        }),
      ],
    );
    const amount = await screen.findByLabelText('Amount charged on Dec 15, 2026 (USD)');
    await user.type(amount, '10.5.0');
    await user.click(screen.getByRole('button', { name: 'Mark paid: renewal of Dec 15, 2026' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the amount charged, such as 12.50');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(routes.recordPayment)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10.5');
    await user.click(screen.getByRole('button', { name: 'Mark paid: renewal of Dec 15, 2026' }));
    expect(await screen.findByText('Renewal of Dec 15, 2026 marked paid')).toBeTruthy();
    expect(api.callsTo(routes.recordPayment)[0].body).toEqual({ dueDate: '2026-12-15', status: 'paid', amount: '10.5', currency: 'USD' });
    await vi.waitFor(() => expect(screen.queryByLabelText('Amount charged on Dec 15, 2026 (USD)')).toBeNull());
  });

  test('skipping a renewal that the server refuses shows the server’s message', async () => {
    const { user, api } = renderDetails(netflix(), on(routes.listPayments, paymentList([])), [
      on(routes.recordPayment, failure(400, paymentMessages.notARenewal)),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Skip: renewal of Nov 15, 2026' }));
    expect(await screen.findByText(paymentMessages.notARenewal)).toBeTruthy();
    expect(api.callsTo(routes.recordPayment)[0].body).toEqual({ dueDate: '2026-11-15', status: 'skipped' });
  });

  test('a subscription someone else pays shows the share instead of payments, and Leave', async () => {
    const sub = netflix({ shared: { payerId: '22222222-2222-4222-8222-222222222222', payerName: 'bob', myShare: 3.33, memberCount: 3 } });
    const members: SubscriptionMembers = {
      ...noMembers(sub),
      payer: { userId: '22222222-2222-4222-8222-222222222222', username: 'bob', amount: 3.33 },
      members: [
        {
          userId: '11111111-1111-4111-8111-111111111111',
          username: 'alice',
          share: { mode: 'equal' },
          amount: 3.33,
          joinedAt: '2026-12-01T00:00:00.000Z',
        },
      ],
      isPayer: false,
    };
    const onLeave = vi.fn();
    const { user, api } = renderApp(
      detailsDialog(sub, onLeave, () => undefined),
      { api: [on(routes.rates, FIXED_RATES), on(sharingRoutes.listMembers, members)] },
    );
    const summary = await screen.findByRole('region', { name: 'Price and your share' });
    expect(summary.textContent).toContain('Your share$3.33');
    expect(summary.textContent).toContain('Shared by bob · 3 people');
    expect(await screen.findByText((_, element) => element?.textContent === 'Paid by bob · Your share $3.33')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reminders' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onLeave).toHaveBeenCalledWith(sub);
    expect(api.callsTo(routes.listPayments)).toHaveLength(0);
  });
});
