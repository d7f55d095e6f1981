import { reminderRuleMessages, routes } from '@shared/api';
import { authMessages } from '@shared/api/auth-messages';
import type { ReminderRule } from '@shared/domain/reminders/rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferred, failure, on } from '../../testing/api';
import { aChannel, aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { ReminderRulesCard } from './ReminderRulesCard';
import { SubscriptionReminders } from './SubscriptionReminders';

const standard: ReminderRule[] = [
  { event: 'renewal', offset: 3, unit: 'days', channels: ['email'] },
  { event: 'renewal', offset: 1, unit: 'days', channels: ['email'] },
];
const vip = aUser({ role: 'vip', subscriptionType: 'vip', timeZone: 'UTC', reminderHour: 8 });
const accountRules = (over: Partial<{ rules: ReminderRule[]; source: 'default' | 'account'; editable: boolean }> = {}) => ({
  rules: standard,
  source: 'default' as const,
  editable: true,
  hour: 8,
  timeZone: 'UTC',
  ...over,
});

describe('Settings → Reminders', () => {
  test('a member reads the standard reminders as sentences, with the way to upgrade and no editor', async () => {
    const { api } = renderApp(<ReminderRulesCard />, { api: [on(routes.getReminderRules, accountRules({ editable: false }))] });
    const section = await screen.findByRole('region', { name: 'Your reminders' });
    await within(section).findByRole('list');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 days before renewal by E-mail', '1 day before renewal by E-mail']);
    expect(within(section).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/upgrade');
    expect(within(section).queryByRole('button', { name: 'Save reminders' })).toBeNull();
    // A member has no channels: none are asked for.
    expect(api.callsTo(routes.listChannels)).toHaveLength(0);
  });

  test('a spinner while the rules load; a failure says so', async () => {
    const answer = deferred<ReturnType<typeof accountRules>>();
    renderApp(<ReminderRulesCard />, { api: [on(routes.getReminderRules, () => answer.promise)] });
    expect(await screen.findByText('Loading your reminders')).toBeTruthy();
    answer.resolve(accountRules({ editable: false }));
    expect(await screen.findByText('3 days before renewal by E-mail')).toBeTruthy();
  });

  test('rules that fail to load show the failure', async () => {
    renderApp(<ReminderRulesCard />, { api: [on(routes.getReminderRules, failure(500, ''))] });
    expect((await screen.findByRole('alert')).textContent).toBe('Your reminders could not be loaded. Please try again.');
  });

  test("VIP on the standard reminders: the same list a subscription's details show, then what the editor starts from (issue 35 §2.7)", async () => {
    const member: ReminderRule[] = (['renewal', 'trialEnd', 'cancelBy'] as const).flatMap((event) =>
      [10, 3].map((offset) => ({ event, offset, unit: 'days' as const, channels: ['email'] })),
    );
    renderApp(<ReminderRulesCard />, {
      signedIn: vip,
      api: [on(routes.getReminderRules, accountRules({ rules: member })), on(routes.listChannels, [])],
    });
    const section = await screen.findByRole('region', { name: 'Your reminders' });
    const editor = await within(section).findByRole('form', { name: 'Your reminders' });
    const standardList = within(section)
      .getAllByRole('list')
      .find((list) => !editor.contains(list));
    expect(within(standardList as HTMLElement).getAllByRole('listitem')).toHaveLength(6);
    expect(within(section).getByText(/Save up to 5 of your own instead\. The editor starts from 4 of them/)).toBeTruthy();
    expect(within(editor).getAllByRole('group', { name: /^Reminder \d$/ })).toHaveLength(4);
  });

  test('VIP: the editor offers E-mail and each channel; a rule is added, changed and saved as the contract’s body', async () => {
    const saved = accountRules({ source: 'account' });
    const { user, api } = renderApp(<ReminderRulesCard />, {
      signedIn: vip,
      api: [on(routes.getReminderRules, accountRules()), on(routes.listChannels, [aChannel()]), on(routes.saveReminderRules, saved)],
    });
    const editor = await screen.findByRole('form', { name: 'Your reminders' });
    expect(within(editor).getAllByRole('group', { name: /^Reminder \d$/ })).toHaveLength(2);
    await user.click(within(editor).getByRole('button', { name: 'Add reminder' }));
    const third = within(editor).getByRole('group', { name: 'Reminder 3' });
    expect(document.activeElement).toBe(within(third).getByLabelText('Event'));
    await user.selectOptions(within(third).getByLabelText('Event'), 'trialEnd');
    await user.selectOptions(within(third).getByLabelText('Unit'), 'hours');
    const howLong = within(third).getByLabelText('How long');
    await user.clear(howLong);
    await user.type(howLong, '12');
    await user.click(within(third).getByRole('checkbox', { name: 'Phone (ntfy)' }));
    await user.click(within(third).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(editor).getByRole('button', { name: 'Remove reminder 1' }));
    await user.click(within(editor).getByRole('button', { name: 'Save reminders' }));

    expect(await screen.findByText(reminderRuleMessages.saved)).toBeTruthy();
    expect(api.callsTo(routes.saveReminderRules)[0].body).toEqual({
      rules: [
        { event: 'renewal', offset: 1, unit: 'days', channels: ['email'] },
        { event: 'trialEnd', offset: 12, unit: 'hours', channels: ['ch-phone'] },
      ],
    });
  });

  test('hours are offered for a trial’s end only, and at most 5 reminders', async () => {
    const { user } = renderApp(<ReminderRulesCard />, {
      signedIn: vip,
      api: [on(routes.getReminderRules, accountRules()), on(routes.listChannels, [])],
    });
    const editor = await screen.findByRole('form', { name: 'Your reminders' });
    const first = within(editor).getByRole('group', { name: 'Reminder 1' });
    const unitNames = () =>
      within(within(first).getByLabelText('Unit'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(unitNames()).toEqual(['days before', 'weeks before']);
    await user.selectOptions(within(first).getByLabelText('Event'), 'trialEnd');
    expect(unitNames()).toEqual(['hours before', 'days before', 'weeks before']);

    const add = within(editor).getByRole('button', { name: 'Add reminder' });
    for (let n = 0; n < 3; n++) await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(within(editor).getByText('At most 5 reminders.')).toBeTruthy();
  });

  test('the server’s refusal is shown above the buttons, word for word, and focused', async () => {
    const { user } = renderApp(<ReminderRulesCard />, {
      signedIn: vip,
      api: [
        on(routes.getReminderRules, accountRules()),
        on(routes.listChannels, []),
        on(routes.saveReminderRules, failure(400, reminderRuleMessages.daysOffsetRange)),
      ],
    });
    const editor = await screen.findByRole('form', { name: 'Your reminders' });
    const howLong = within(within(editor).getByRole('group', { name: 'Reminder 1' })).getByLabelText('How long');
    await user.clear(howLong);
    await user.type(howLong, '400');
    await user.click(within(editor).getByRole('button', { name: 'Save reminders' }));
    const refusal = await within(editor).findByText(reminderRuleMessages.daysOffsetRange);
    expect(document.activeElement).toBe(refusal);
  });

  test('removing every rule says there are none; Reset to defaults sends null and says so', async () => {
    const { user, api } = renderApp(<ReminderRulesCard />, {
      signedIn: vip,
      api: [
        on(routes.getReminderRules, accountRules({ source: 'account' })),
        on(routes.listChannels, []),
        on(routes.saveReminderRules, accountRules()),
      ],
    });
    const editor = await screen.findByRole('form', { name: 'Your reminders' });
    await user.click(within(editor).getByRole('button', { name: 'Remove reminder 1' }));
    await user.click(within(editor).getByRole('button', { name: 'Remove reminder 1' }));
    expect(within(editor).getByText('No reminders: add one, or go back to the defaults.')).toBeTruthy();
    expect(document.activeElement).toBe(within(editor).getByRole('button', { name: 'Add reminder' }));
    await user.click(within(editor).getByRole('button', { name: 'Reset to defaults' }));
    expect(await screen.findByText(reminderRuleMessages.reset)).toBeTruthy();
    expect(api.callsTo(routes.saveReminderRules)[0].body).toEqual({ rules: null });
  });

  test('the reminder time is saved with the settings route and confirmed; a refusal is shown', async () => {
    const { user, api } = renderApp(<ReminderRulesCard />, {
      signedIn: vip,
      api: [
        on(routes.getReminderRules, accountRules()),
        on(routes.listChannels, []),
        on(routes.updateSettings, { message: authMessages.settingsUpdated, user: { ...vip, reminderHour: 7 } }, 1),
        on(routes.updateSettings, failure(400, 'Time zone must be an IANA time zone such as Europe/Berlin')),
      ],
    });
    const form = await screen.findByRole('form', { name: 'Reminder time' });
    await user.selectOptions(within(form).getByLabelText('Send reminders at'), '7');
    await user.click(within(form).getByRole('button', { name: 'Save time' }));
    expect(await within(form).findByText(authMessages.settingsUpdated)).toBeTruthy();
    expect(api.callsTo(routes.updateSettings)[0].body).toEqual({ reminderHour: 7, timeZone: 'UTC' });
    await user.click(within(form).getByRole('button', { name: 'Save time' }));
    expect(await within(form).findByText('Time zone must be an IANA time zone such as Europe/Berlin')).toBeTruthy();
  });
});

describe('a subscription’s reminders (details dialog)', () => {
  const subscriptionId = '00000000-0000-4000-8000-000000000099';

  test('a member sees the account’s reminders it follows and the way to upgrade', async () => {
    renderApp(<SubscriptionReminders subscriptionId={subscriptionId} name="Netflix" />, {
      api: [on(routes.getSubscriptionReminders, { rules: standard, source: 'default', editable: false })],
    });
    expect(await screen.findByText("Follows your account's reminders (the standard ones):")).toBeTruthy();
    expect(screen.getByText('3 days before renewal by E-mail')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Customize' })).toBeNull();
  });

  test('a failure to load says so', async () => {
    renderApp(<SubscriptionReminders subscriptionId={subscriptionId} name="Netflix" />, {
      api: [on(routes.getSubscriptionReminders, failure(404, 'Subscription not found'))],
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Subscription not found');
  });

  test('VIP: Customize opens the editor for this subscription, Save sends its rules; Use account reminders sends null', async () => {
    const own = {
      rules: [{ event: 'renewal', offset: 2, unit: 'weeks', channels: ['email'] }] as ReminderRule[],
      source: 'subscription' as const,
    };
    const { user, api } = renderApp(<SubscriptionReminders subscriptionId={subscriptionId} name="Netflix" />, {
      signedIn: vip,
      api: [
        on(routes.getSubscriptionReminders, { rules: standard, source: 'account', editable: true }),
        on(routes.listChannels, []),
        on(routes.saveSubscriptionReminders, { ...own, editable: true }, 1),
        on(routes.saveSubscriptionReminders, { rules: standard, source: 'account', editable: true }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Customize' }));
    const editor = screen.getByRole('form', { name: 'Reminders for Netflix' });
    expect(document.activeElement).toBe(within(editor).getAllByLabelText('Event')[0]);
    await user.click(within(editor).getByRole('button', { name: 'Remove reminder 2' }));
    const first = within(editor).getByRole('group', { name: 'Reminder 1' });
    await user.selectOptions(within(first).getByLabelText('Unit'), 'weeks');
    await user.clear(within(first).getByLabelText('How long'));
    await user.type(within(first).getByLabelText('How long'), '2');
    await user.click(within(editor).getByRole('button', { name: 'Save reminders' }));

    expect(await screen.findByText('Its own reminders:')).toBeTruthy();
    expect(screen.getByText('2 weeks before renewal by E-mail')).toBeTruthy();
    expect(api.callsTo(routes.saveSubscriptionReminders)[0]).toMatchObject({ params: { id: subscriptionId }, body: { rules: own.rules } });

    await user.click(screen.getByRole('button', { name: 'Use account reminders' }));
    expect(await screen.findByText("Follows your account's reminders:")).toBeTruthy();
    expect(api.callsTo(routes.saveSubscriptionReminders)[1].body).toEqual({ rules: null });
  });
});
