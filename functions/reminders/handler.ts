import { channelMessages, channelRoutes } from '../../shared/api/channels.js';
import { pushRoutes } from '../../shared/api/push.js';
import { type AccountReminderRules, reminderRuleMessages, reminderRuleRoutes } from '../../shared/api/reminders.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { brandThumbnailPath } from '../../shared/domain/logos/brand-names.js';
import { effectiveMembership } from '../../shared/domain/membership.js';
import { hasReminderChannels, TEST_SEND_TIMEOUT_MS } from '../../shared/domain/reminders/channels.js';
import { DEFAULT_REMINDER_HOUR, hasCustomReminderRules } from '../../shared/domain/reminders/rules.js';
import { createTokenApiHandler } from '../lib/auth/token-writes.js';
import { now } from '../lib/chassis/clock.js';
import { publicUrl } from '../lib/chassis/config.js';
import { HttpError, notFound, tooManyRequests } from '../lib/chassis/errors.js';
import { membershipOf } from '../lib/membership/membership.js';
import { currentRates } from '../lib/rates/stored-rates.js';
import { channelView, createChannel, deleteChannel, listChannels, readChannel, updateChannel } from '../lib/reminders/channels/channels.js';
import { newDeliveryId, sendToChannel } from '../lib/reminders/channels/senders.js';
import { vapidKeys } from '../lib/reminders/channels/vapid.js';
import { listDeliveries, recordDelivery } from '../lib/reminders/deliveries.js';
import { reindexUserReminders } from '../lib/reminders/reminder-index.js';
import {
  channelIdsOf,
  reminderRulesInForce,
  requireOwnChannels,
  saveAccountReminderRules,
  withDistinctChannels,
} from '../lib/reminders/reminder-rules.js';
import { CHANNEL_TESTS_BY_CHANNEL, CHANNEL_TESTS_BY_USER, takeSlots } from '../lib/throttles/throttle.js';
import type { UserItem } from '../lib/users/user-item.js';
import { getUser } from '../lib/users/users.js';

/** Channels are VIP's and Premium's (issue 25 §2): a member is told how to get them. */
function requireChannels(user: UserItem): void {
  if (!hasReminderChannels(effectiveMembership(membershipOf(user), now()).role)) throw new HttpError(403, channelMessages.paidOnly);
}

const TEST_DAYS_BEFORE = 3;

/** The account's reminders as GET and PUT /api/reminders/rules answer them, for the membership in effect now. */
function accountReminders(user: UserItem, channels: { id: string; enabled: boolean }[]): AccountReminderRules {
  const role = effectiveMembership(membershipOf(user), now()).role;
  const owner = { ...user, role };
  const { source, rules } = reminderRulesInForce(owner, null, channels);
  return {
    rules,
    source: source === 'account' ? 'account' : 'default',
    editable: hasCustomReminderRules(role),
    hour: user.reminderHour ?? DEFAULT_REMINDER_HOUR,
    timeZone: user.timeZone ?? 'UTC',
  };
}

/**
 * The reminders area (issue 25 §1, §2, §4): where and when a user's reminders go — the account's
 * reminder rules, the reminder channels, 'Send test', and the deliveries log (everybody's: e-mail
 * reminders are logged too), which an admin reads for any user; and the key a browser subscribes to
 * Web Push with, for its 'webpush' channel. The hourly planner and the queue's sender beside it are
 * functions of their own (planner.ts, sender.ts).
 */
export const handler = createTokenApiHandler(
  {
    ...channelRoutes,
    ...pushRoutes,
    getReminderRules: reminderRuleRoutes.getReminderRules,
    saveReminderRules: reminderRuleRoutes.saveReminderRules,
  },
  {
    listChannels: async ({ user }) => {
      requireChannels(user);
      return (await listChannels(user.id)).map((channel) => channelView(channel));
    },

    createChannel: async ({ user, body, log }) => {
      requireChannels(user);
      const channel = await createChannel(user.id, body);
      log.info('channel created', { channelId: channel.id, type: channel.type });
      // The one time a webhook's signing secret is answered unasked: the receiver needs it.
      return channelView(channel, { revealSecret: true });
    },

    updateChannel: async ({ user, params, body }) => {
      requireChannels(user);
      return channelView(await updateChannel(user.id, params.id, body));
    },

    deleteChannel: async ({ user, params }) => {
      requireChannels(user);
      await deleteChannel(user.id, params.id);
      return { message: channelMessages.deleted };
    },

    channelSecret: async ({ user, params }) => {
      requireChannels(user);
      const channel = await readChannel(user.id, params.id);
      if (channel.type !== 'webhook') throw notFound(channelMessages.notFound);
      return { secret: channel.config.secret };
    },

    testChannel: async ({ user, params, log }) => {
      requireChannels(user);
      const channel = await readChannel(user.id, params.id);
      // Each test is a request to an address the user chose: counted per channel and per user (issue 34 §3).
      const slots = await takeSlots([
        [CHANNEL_TESTS_BY_CHANNEL, channel.id],
        [CHANNEL_TESTS_BY_USER, user.id],
      ]);
      if (!slots.taken) throw tooManyRequests(channelMessages.tooManyTests, slots.retryAfterSeconds);
      const sample = {
        id: 'test',
        name: 'Netflix Premium',
        amount: 22.99,
        currency: 'USD',
        billingCycle: 'monthly' as const,
        dueDate: addDays(todayIn(user.timeZone, now()), TEST_DAYS_BEFORE),
        category: 'streaming',
        autoRenew: true,
      };
      const answer = await sendToChannel(
        channel,
        {
          event: 'renewal',
          kind: 'test',
          daysBefore: TEST_DAYS_BEFORE,
          subscription: sample,
          recipient: { displayName: user.displayName || user.username, currency: user.currencyPreference ?? 'USD' },
          rates: await currentRates(),
          sentAt: now().toISOString(),
          deliveryId: newDeliveryId(),
          // The sample's logo, as a reminder of it would show it (issue 36 §5).
          thumbnail: publicUrl(brandThumbnailPath('netflix')),
        },
        { timeoutMs: TEST_SEND_TIMEOUT_MS },
      );
      await recordDelivery(user.id, {
        subscriptionId: sample.id,
        subscriptionName: sample.name,
        event: 'renewal',
        daysBefore: TEST_DAYS_BEFORE,
        channel: { type: channel.type, name: channel.name },
        status: answer.ok ? 'sent' : 'failed',
        attempt: 1,
        error: answer.error,
        test: true,
      });
      log.info('channel test', { channelId: channel.id, type: channel.type, status: answer.status, ok: answer.ok });
      return { ok: answer.ok, status: answer.status, body: answer.body, error: answer.error, durationMs: answer.durationMs };
    },

    pushKey: async ({ user }) => {
      requireChannels(user);
      return { publicKey: (await vapidKeys()).publicKey };
    },

    getReminderRules: async ({ user }) => accountReminders(user, await channelIdsOf(user.id)),

    saveReminderRules: async ({ user, body, log }) => {
      if (!hasCustomReminderRules(effectiveMembership(membershipOf(user), now()).role)) {
        throw new HttpError(403, reminderRuleMessages.paidOnly);
      }
      const channels = await channelIdsOf(user.id);
      const rules = body.rules && withDistinctChannels(body.rules);
      if (rules) requireOwnChannels(rules, channels);
      const updated = await saveAccountReminderRules(user.id, rules);
      // The reminders of every subscription that follows the account's rules move to the new ones (issue 25 §1).
      const indexed = await reindexUserReminders(user.id);
      log.info('account reminder rules saved', { rules: rules?.length ?? null, subscriptionsIndexed: indexed });
      return accountReminders(updated, channels);
    },

    listDeliveries: async ({ user, query }) => listDeliveries(user.id, query.cursor),

    userDeliveries: async ({ params, query }) => {
      if (!(await getUser(params.id))) throw notFound('User not found');
      return listDeliveries(params.id, query.cursor);
    },
  },
);
