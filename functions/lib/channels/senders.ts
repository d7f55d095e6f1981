import { createHmac } from 'node:crypto';
import type { ChannelConfigs, ChannelType } from '../../../shared/domain/channels.js';
import type { RateTable } from '../../../shared/domain/currency.js';
import type { ReminderEvent, ReminderKind } from '../../../shared/domain/reminders.js';
import { publicUrl } from '../chassis/config.js';
import { reminderWording } from '../reminders/reminder-email.js';
import type { StoredChannel } from './channels.js';
import { type OutboundAnswer, type OutboundRequest, sendOutbound } from './outbound.js';

/**
 * One reminder as the channels tell it (issue 25 §2), in the reminder e-mail's words
 * (functions/lib/reminders/reminder-email.ts: reminderWording).
 */
export interface ChannelNotification {
  event: ReminderEvent;
  /** 'test' for 'Send test': the words start with '[Test] '. */
  kind: ReminderKind | 'test';
  daysBefore: number;
  subscription: Parameters<typeof reminderWording>[0]['subscription'] & { id: string };
  recipient: { displayName: string; currency: string };
  rates?: RateTable;
  /** When it is sent (ISO 8601). */
  sentAt: string;
}

/** The webhook's signature header: `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the channel's secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A webhook receiver's window: a timestamp older or newer than this is a replay (README 'Reminder channels'). */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

function wordsOf(notification: ChannelNotification) {
  const words = reminderWording({
    displayName: notification.recipient.displayName,
    currency: notification.recipient.currency,
    subscription: notification.subscription,
    event: notification.event,
    daysBefore: notification.daysBefore,
    kind: notification.kind,
    rates: notification.rates,
  });
  const test = notification.kind === 'test' ? '[Test] ' : '';
  return { ...words, subject: `${test}${words.subject}`, title: `${test}${words.title}`, dashboard: publicUrl('/dashboard') };
}

const json = (value: unknown) => JSON.stringify(value);
const jsonHeaders = { 'content-type': 'application/json' };

type RequestBuilders = {
  [T in 'ntfy' | 'webhook' | 'discord' | 'slack']: (config: ChannelConfigs[T], notification: ChannelNotification) => OutboundRequest;
};

/** The HTTP request of each webhook-like type for a notification. */
export const CHANNEL_REQUESTS: RequestBuilders = {
  /** ntfy: the lead as the message, the title, tags and the dashboard as the click action (https://docs.ntfy.sh/publish/). */
  ntfy: (config, notification) => {
    const words = wordsOf(notification);
    return {
      url: `${config.serverUrl}/${config.topic}`,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        // HTTP headers carry ISO-8859-1: ntfy decodes RFC 2047 encoded words.
        title: `=?UTF-8?B?${Buffer.from(words.title).toString('base64')}?=`,
        tags: notification.event === 'renewal' ? 'calendar' : notification.event === 'trialEnd' ? 'hourglass' : 'warning',
        click: words.dashboard,
        ...(config.accessToken ? { authorization: `Bearer ${config.accessToken}` } : {}),
      },
      body: words.lead,
    };
  },
  /** A signed JSON POST: the event, the subscription and the reminder (README 'Reminder channels'). */
  webhook: (config, notification) => {
    const words = wordsOf(notification);
    const { subscription } = notification;
    const body = json({
      event: notification.kind === 'test' ? 'reminder.test' : 'reminder',
      subscription: {
        id: subscription.id,
        name: subscription.name,
        amount: subscription.amount,
        currency: subscription.currency ?? 'USD',
        billingCycle: subscription.billingCycle,
        cycleInterval: subscription.cycleInterval ?? 1,
        dueDate: subscription.dueDate,
        category: subscription.category,
        autoRenew: subscription.autoRenew,
        trialEndsAt: subscription.trialEndsAt ?? null,
        cancelBy: subscription.cancelBy ?? null,
      },
      reminder: {
        event: notification.event,
        daysBefore: notification.daysBefore,
        title: words.title,
        text: words.lead,
        url: words.dashboard,
      },
      sentAt: notification.sentAt,
    });
    const timestamp = String(Math.floor(Date.parse(notification.sentAt) / 1000));
    return {
      url: config.url,
      headers: {
        ...jsonHeaders,
        'x-subtracker-timestamp': timestamp,
        'x-subtracker-signature': webhookSignature(config.secret, timestamp, body),
      },
      body,
    };
  },
  /** Discord's execute-webhook body: a line of content and an embed with the details. */
  discord: (config, notification) => {
    const words = wordsOf(notification);
    return {
      url: config.url,
      headers: jsonHeaders,
      body: json({
        content: words.subject,
        embeds: [
          {
            title: words.title,
            description: words.lead,
            url: words.dashboard,
            fields: words.details.map(([name, value]) => ({ name, value, inline: true })),
          },
        ],
      }),
    };
  },
  /** Slack's incoming-webhook body: the text (for notifications) and blocks. */
  slack: (config, notification) => {
    const words = wordsOf(notification);
    return {
      url: config.url,
      headers: jsonHeaders,
      body: json({
        text: words.subject,
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: words.title.slice(0, 150) } },
          { type: 'section', text: { type: 'mrkdwn', text: words.lead } },
          { type: 'section', fields: words.details.map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${value}` })) },
          {
            type: 'actions',
            elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open your dashboard' }, url: words.dashboard }],
          },
        ],
      }),
    };
  },
};

/** Sends a notification with one type's settings: its provider's answer or why none came; never throws. */
export type ChannelSender<T extends ChannelType> = (
  config: ChannelConfigs[T],
  notification: ChannelNotification,
) => Promise<OutboundAnswer>;

const overHttp =
  <T extends keyof RequestBuilders>(type: T): ChannelSender<T> =>
  (config, notification) =>
    sendOutbound(CHANNEL_REQUESTS[type](config, notification));

/**
 * The sender of each channel type: where every delivery and 'Send test' dispatch
 * (functions/reminders/sender.ts, functions/channels/handler.ts). A new type is one entry here.
 */
export const CHANNEL_SENDERS: { [T in ChannelType]: ChannelSender<T> } = {
  ntfy: overHttp('ntfy'),
  webhook: overHttp('webhook'),
  discord: overHttp('discord'),
  slack: overHttp('slack'),
};

/** Sends a notification on a channel, through its type's sender; never throws. */
export function sendToChannel(channel: StoredChannel, notification: ChannelNotification): Promise<OutboundAnswer> {
  return (CHANNEL_SENDERS[channel.type] as ChannelSender<ChannelType>)(channel.config as never, notification);
}
