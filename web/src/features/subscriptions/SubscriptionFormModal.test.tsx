import { routes } from '@shared/api';
import type { Subscription } from '@shared/api/subscription';
import type { SubscriptionInput } from '@shared/api/subscriptions';
import { subscriptionLimitMessage, subscriptionMessages } from '@shared/api/subscriptions';
import { addCustomCategory, categoryMessages } from '@shared/domain/categories';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { failure, on } from '../../testing/api';
import { aSubscription, aUser } from '../../testing/fixtures';
import { expectFieldError, expectFieldValid } from '../../testing/queries';
import { renderApp } from '../../testing/render';
import { SubscriptionFormModal } from './SubscriptionFormModal';

function save(input: SubscriptionInput, id?: string) {
  return id ? api(routes.updateSubscription, { params: { id }, body: input }) : api(routes.createSubscription, { body: input });
}

function renderForm(subscription: Subscription | null, options: Parameters<typeof renderApp>[1] = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const onAddCategory = vi.fn((label: string) => addCustomCategory([], label));
  const view = renderApp(
    <SubscriptionFormModal
      subscription={subscription}
      defaultCurrency="EUR"
      custom={[]}
      onAddCategory={onAddCategory}
      onSave={save}
      onSaved={onSaved}
      onClose={onClose}
    />,
    options,
  );
  return { ...view, onSaved, onClose, onAddCategory };
}

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/^Name/), 'Spotify');
  await user.type(screen.getByLabelText(/^Amount/), '10.99');
  await user.type(screen.getByLabelText(/^Due date/), '2026-12-01');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'music');
}

describe('the subscription form', () => {
  test('adding: an empty form shows each required field’s message from the contract and sends nothing', async () => {
    const { user, api } = renderForm(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add Subscription' });
    expect(within(dialog).getByText('Track a new recurring payment.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add Subscription' }));

    expectFieldError(screen.getByLabelText(/^Name/), subscriptionMessages.nameRequired);
    expectFieldError(screen.getByLabelText(/^Amount/), subscriptionMessages.amountRequired);
    expectFieldError(screen.getByLabelText(/^Due date/), subscriptionMessages.dueDateRequired);
    expectFieldError(screen.getByLabelText(/^Category/), subscriptionMessages.categoryRequired);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    expect(api.callsTo(routes.createSubscription)).toHaveLength(0);
  });

  test('a new subscription starts in the display currency, and the amount’s label follows the currency chosen', async () => {
    const { user } = renderForm(null);
    expect(await screen.findByLabelText('Amount (EUR)')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    expect(screen.getByLabelText('Amount (GBP)')).toBeTruthy();
  });

  test('amount: negative, too many decimals and too large each show their message; typing clears it', async () => {
    const { user } = renderForm(null);
    const amount = await screen.findByLabelText(/^Amount/);
    const submit = screen.getByRole('button', { name: 'Add Subscription' });
    for (const [typed, message] of [
      ['-5', subscriptionMessages.amountNegative],
      ['1.234', subscriptionMessages.amountDecimals],
      ['1000001', subscriptionMessages.amountTooLarge],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(submit);
      expectFieldError(amount, message);
    }
    await user.type(amount, '1');
    expectFieldValid(amount);
  });

  test('the renewal interval and the end date: each out-of-range value shows its message; one in the optional section opens it', async () => {
    const { user } = renderForm(null);
    await fillValidForm(user);
    const toggle = screen.getByRole('button', { name: /Trial, end date and notice/ });
    const interval = screen.getByLabelText(/^Renews every/);
    await user.clear(interval);
    await user.type(interval, '53');
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    expectFieldError(interval, subscriptionMessages.cycleIntervalInvalid);

    await user.clear(interval);
    await user.type(interval, '2');
    await user.click(toggle);
    await user.type(screen.getByLabelText(/^Ends on/), '2026-11-01');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    expectFieldValid(interval);
    expectFieldError(screen.getByLabelText(/^Ends on/), subscriptionMessages.endsBeforeDue);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.clear(screen.getByLabelText(/^Ends on/));
    const notice = screen.getByLabelText(/^Notice period/);
    await user.type(notice, '366');
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    expectFieldError(notice, subscriptionMessages.noticeDaysInvalid);
  });

  test('the cycle reads on from “Renews every”: singular for 1, plural above', async () => {
    const { user } = renderForm(null);
    const cycle = await screen.findByLabelText('Billing cycle');
    expect(within(cycle).getByRole('option', { name: 'month' })).toBeTruthy();
    const interval = screen.getByLabelText(/^Renews every/);
    await user.clear(interval);
    await user.type(interval, '3');
    expect(within(cycle).getByRole('option', { name: 'months' })).toBeTruthy();
  });

  test('a valid form is sent as the contract’s body, and the saved subscription handed on as created', async () => {
    const created = aSubscription({ name: 'Spotify', amount: 10.99, currency: 'EUR' });
    const { user, api, onSaved } = renderForm(null, { api: [on(routes.createSubscription, created)] });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(created, true));
    expect(api.callsTo(routes.createSubscription)[0].body).toMatchObject({
      name: 'Spotify',
      amount: 10.99,
      currency: 'EUR',
      dueDate: '2026-12-01',
      category: 'music',
      billingCycle: 'monthly',
      cycleInterval: 1,
    });
  });

  test('a server 400 is shown at its field, word for word', async () => {
    const { user } = renderForm(null, { api: [on(routes.createSubscription, failure(400, subscriptionMessages.endsBeforeDue))] });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    const endsOn = await screen.findByLabelText(/^Ends on/);
    await vi.waitFor(() => expectFieldError(endsOn, subscriptionMessages.endsBeforeDue));
    expect(screen.getByRole('button', { name: /Trial, end date and notice/ }).getAttribute('aria-expanded')).toBe('true');
  });

  test('the plan’s limit (403) shows its message with a link to the plans; a failure without a message says “Failed to save subscription”', async () => {
    const message = subscriptionLimitMessage('member');
    const { user, api } = renderForm(null, {
      signedIn: aUser({ role: 'member' }),
      api: [on(routes.createSubscription, failure(403, message), 1), on(routes.createSubscription, failure(500, ''))],
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Subscription limit reached');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/upgrade');

    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to save subscription'));
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
    expect(api.callsTo(routes.createSubscription)).toHaveLength(2);
  });

  test('a custom category: an empty name is refused, a named one is added and chosen', async () => {
    const { user, onAddCategory } = renderForm(null);
    await user.click(await screen.findByRole('button', { name: 'Add custom category' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expectFieldError(screen.getByLabelText('New category'), categoryMessages.nameRequired);
    await user.type(screen.getByLabelText('New category'), 'Fitness{Enter}');
    expect(onAddCategory).toHaveBeenLastCalledWith('Fitness');
    expect((screen.getByLabelText(/^Category/) as HTMLSelectElement).value).toBe('fitness');
  });

  test('editing: the fields start with the subscription’s values, and an unchanged price saves without asking', async () => {
    const netflix = aSubscription({ name: 'Netflix', amount: 15.49, noticeDays: 7 });
    const { user, api, onSaved } = renderForm(netflix, { api: [on(routes.updateSubscription, netflix)] });
    expect(await screen.findByRole('dialog', { name: 'Edit Subscription' })).toBeTruthy();
    expect(screen.getByText('Update the details of Netflix.')).toBeTruthy();
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('15.49');
    expect((screen.getByLabelText(/^Notice period/) as HTMLInputElement).value).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(netflix, false));
    expect(api.callsTo(routes.updateSubscription)[0].params).toEqual({ id: netflix.id });
  });

  test('editing keeps a cancel-by date the user gave, and it can be changed in the form (issue 35 §2.5)', async () => {
    const fitx = aSubscription({ name: 'FitX', cancelByDate: '2027-06-30' });
    const kept = renderForm(fitx, { api: [on(routes.updateSubscription, fitx)] });
    expect(await screen.findByRole('dialog', { name: 'Edit Subscription' })).toBeTruthy();
    // The optional section starts open: it has a value.
    expect((screen.getByLabelText(/^Cancel by \(date\)/) as HTMLInputElement).value).toBe('2027-06-30');
    await kept.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(kept.onSaved).toHaveBeenCalled());
    expect(kept.api.callsTo(routes.updateSubscription)[0].body).toMatchObject({ cancelByDate: '2027-06-30' });
    kept.unmount();

    const changed = renderForm(fitx, { api: [on(routes.updateSubscription, fitx)] });
    const field = (await screen.findByLabelText(/^Cancel by \(date\)/)) as HTMLInputElement;
    await changed.user.clear(field);
    await changed.user.type(field, '2027-05-31');
    await changed.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(changed.onSaved).toHaveBeenCalled());
    expect(changed.api.callsTo(routes.updateSubscription)[0].body).toMatchObject({ cancelByDate: '2027-05-31' });
  });

  test('the website: refused with the contract’s message at its field, else sent with its https:// (issue 36 §2)', async () => {
    const { user, api } = renderForm(null, { api: [on(routes.createSubscription, aSubscription({ name: 'Spotify' }))] });
    await screen.findByRole('dialog', { name: 'Add Subscription' });
    await fillValidForm(user);
    const website = screen.getByLabelText(/^Website/);
    await user.type(website, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    expectFieldError(website, subscriptionMessages.urlInvalid);
    expect(document.activeElement).toBe(website);
    expect(api.callsTo(routes.createSubscription)).toHaveLength(0);

    await user.clear(website);
    await user.type(website, 'spotify.com');
    expectFieldValid(website);
    await user.click(screen.getByRole('button', { name: 'Add Subscription' }));
    await vi.waitFor(() => expect(api.callsTo(routes.createSubscription)).toHaveLength(1));
    expect(api.callsTo(routes.createSubscription)[0].body).toMatchObject({ url: 'https://spotify.com/' });
  });

  test('editing shows the website kept, and sends it back unchanged', async () => {
    const netflix = aSubscription({ name: 'Netflix', url: 'https://www.netflix.com/' });
    const { user, api, onSaved } = renderForm(netflix, { api: [on(routes.updateSubscription, netflix)] });
    expect(((await screen.findByLabelText(/^Website/)) as HTMLInputElement).value).toBe('https://www.netflix.com/');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo(routes.updateSubscription)[0].body).toMatchObject({ url: 'https://www.netflix.com/' });
  });

  test('editing the price asks whether it is a change from a date or a correction; each is sent as such', async () => {
    const netflix = aSubscription({ name: 'Netflix', amount: 15.49, currency: 'USD', dueDate: '2026-12-15' });
    const { user, api } = renderForm(netflix, { api: [on(routes.updateSubscription, netflix)] });
    const amount = await screen.findByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, '17.99');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const prompt = await screen.findByRole('dialog', { name: 'A new price?' });
    expect(within(prompt).getByText('Netflix goes from $15.49 to $17.99.')).toBeTruthy();
    const date = within(prompt).getByLabelText(/^New price from/) as HTMLInputElement;
    expect(date.value).toBe('2026-12-15');
    await user.clear(date);
    await user.click(within(prompt).getByRole('button', { name: 'Save Changes' }));
    expectFieldError(date, subscriptionMessages.effectiveFromInvalid);
    expect(api.callsTo(routes.updateSubscription)).toHaveLength(0);

    await user.type(date, '2027-01-15');
    await user.click(within(prompt).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(api.callsTo(routes.updateSubscription)).toHaveLength(1));
    expect(api.callsTo(routes.updateSubscription)[0].body).toMatchObject({ amount: 17.99, effectiveFrom: '2027-01-15' });
  });

  test('a price correction is sent without a date; the server’s refusal of a date comes back to the question', async () => {
    const netflix = aSubscription({ name: 'Netflix', amount: 15.49 });
    const { user, api } = renderForm(netflix, {
      api: [
        on(routes.updateSubscription, failure(400, subscriptionMessages.effectiveFromInvalid), 1),
        on(routes.updateSubscription, netflix),
      ],
    });
    const amount = await screen.findByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, '12');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    let prompt = await screen.findByRole('dialog', { name: 'A new price?' });
    await user.click(within(prompt).getByRole('button', { name: 'Save Changes' }));
    prompt = await screen.findByRole('dialog', { name: 'A new price?' });
    await vi.waitFor(() => expectFieldError(within(prompt).getByLabelText(/^New price from/), subscriptionMessages.effectiveFromInvalid));

    await user.click(within(prompt).getByRole('radio', { name: /Correct the price/ }));
    await user.click(within(prompt).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(api.callsTo(routes.updateSubscription)).toHaveLength(2));
    expect(api.callsTo(routes.updateSubscription)[1].body).not.toHaveProperty('effectiveFrom');
  });

  test('Cancel closes the form', async () => {
    const { user, onClose } = renderForm(null);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
