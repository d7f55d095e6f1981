import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RateTable } from '../../../../shared/domain/currency.js';
import { type ChannelConfigs, type ChannelType, gotifyMessageUrl, ntfyTopicUrl } from '../../../../shared/domain/reminders/channels.js';
import type { ReminderEvent, ReminderKind } from '../../../../shared/domain/reminders/events.js';
import { type ReminderRule, ruleKey } from '../../../../shared/domain/reminders/rules.js';
import { publicUrl } from '../../chassis/config.js';
import { type OutboundAnswer, type OutboundRequest, sendOutbound } from '../../outbound/outbound.js';
import { reminderWording } from '../reminder-email.js';
import { type StoredChannel, updateChannel } from './channels.js';
import { vapidKeys, vapidSubject } from './vapid.js';
import { pushAnswer, pushRequest, subscriptionKeysProblem } from './web-push.js';

/**
 * One reminder as the channels tell it (issue 25 §2), in the reminder e-mail's words
 * (functions/lib/reminders/reminder-email.ts: reminderWording).
 */
export interface ChannelNotification {
  event: ReminderEvent;
  /** 'test' for 'Send test': the words start with '[Test] '. A rule's reminder has `leadTime` instead. */
  kind?: ReminderKind | 'test';
  daysBefore: number;
  /** The rule's lead time (issue 25 §1), said in words. */
  leadTime?: Pick<ReminderRule, 'offset' | 'unit'>;
  subscription: Parameters<typeof reminderWording>[0]['subscription'] & { id: string };
  recipient: { displayName: string; currency: string };
  rates?: RateTable;
  /** When it is sent (ISO 8601). */
  sentAt: string;
  /** The subscription's logo as an image on our origin, absolute (issue 36 §5): Discord's and Slack's thumbnail. */
  thumbnail?: string;
  /**
   * The delivery's id (issue 34 §15): the same on every attempt of one reminder on one channel, so a receiver
   * can deduplicate a retry or a replay on it; a new one for each 'Send test'.
   */
  deliveryId: string;
}

/** A new delivery id: 'dlv_' and 22 base64url characters (128 bits). */
export const newDeliveryId = () => `dlv_${randomBytes(16).toString('base64url')}`;

/** The delivery id of one reminder on one channel, from its marker's key: every attempt of it has the same. */
export const deliveryIdOf = (marker: { pk: string; sk: string }) =>
  `dlv_${createHash('sha256').update(`${marker.pk}\n${marker.sk}`).digest('base64url').slice(0, 22)}`;

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
    leadTime: notification.leadTime,
    rates: notification.rates,
  });
  const test = notification.kind === 'test' ? '[Test] ' : '';
  return { ...words, subject: `${test}${words.subject}`, title: `${test}${words.title}`, dashboard: publicUrl('/dashboard') };
}

const json = (value: unknown) => JSON.stringify(value);
const jsonHeaders = { 'content-type': 'application/json' };

type RequestBuilders = {
  [T in Exclude<ChannelType, 'webpush'>]: (config: ChannelConfigs[T], notification: ChannelNotification) => OutboundRequest;
};

/** Telegram's Bot API and Pushover's message API: the hosts their channels post to. */
const TELEGRAM_API = 'https://api.telegram.org';
const PUSHOVER_MESSAGES_URL = 'https://api.pushover.net/1/messages.json';

/** Text for Telegram's HTML parse mode: its three characters escaped (and quotes, for an attribute). */
const html = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The lead and the details as plain lines: Gotify's and Pushover's message. */
const plainMessage = (words: ReturnType<typeof wordsOf>) =>
  [words.lead, '', ...words.details.map(([name, value]) => `${name}: ${value}`)].join('\n');

/** The HTTP request of each webhook-like type for a notification. */
export const CHANNEL_REQUESTS: RequestBuilders = {
  /** ntfy: the lead as the message, the title, tags and the dashboard as the click action (https://docs.ntfy.sh/publish/). */
  ntfy: (config, notification) => {
    const words = wordsOf(notification);
    return {
      url: ntfyTopicUrl(config),
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
      id: notification.deliveryId,
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
            ...(notification.thumbnail ? { thumbnail: { url: notification.thumbnail } } : {}),
          },
        ],
      }),
    };
  },
  /** Telegram's sendMessage (https://core.telegram.org/bots/api#sendmessage): HTML parse mode, every text escaped. */
  telegram: (config, notification) => {
    const words = wordsOf(notification);
    const text = [
      `<b>${html(words.title)}</b>`,
      html(words.lead),
      '',
      ...words.details.map(([name, value]) => `<b>${html(name)}:</b> ${html(value)}`),
      '',
      `<a href="${html(words.dashboard)}">Open your dashboard</a>`,
    ].join('\n');
    return {
      url: `${TELEGRAM_API}/bot${config.botToken}/sendMessage`,
      headers: jsonHeaders,
      body: json({ chat_id: config.chatId, text, parse_mode: 'HTML', link_preview_options: { is_disabled: true } }),
    };
  },
  /** Gotify's message (https://gotify.net/api-docs): the app token as X-Gotify-Key; a click opens the dashboard. */
  gotify: (config, notification) => {
    const words = wordsOf(notification);
    return {
      url: gotifyMessageUrl(config),
      headers: { ...jsonHeaders, 'x-gotify-key': config.appToken },
      body: json({
        title: words.title,
        message: plainMessage(words),
        priority: 5,
        extras: { 'client::notification': { click: { url: words.dashboard } } },
      }),
    };
  },
  /** Pushover's message (https://pushover.net/api): the application's token and the user's key in the body. */
  pushover: (config, notification) => {
    const words = wordsOf(notification);
    return {
      url: PUSHOVER_MESSAGES_URL,
      headers: jsonHeaders,
      body: json({
        token: config.appToken,
        user: config.userKey,
        title: words.title,
        message: plainMessage(words),
        url: words.dashboard,
        url_title: 'Open your dashboard',
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
          {
            type: 'section',
            text: { type: 'mrkdwn', text: words.lead },
            ...(notification.thumbnail
              ? { accessory: { type: 'image', image_url: notification.thumbnail, alt_text: `${notification.subscription.name} logo` } }
              : {}),
          },
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
  options?: SendOptions,
) => Promise<OutboundAnswer>;

/** How a send may differ: 'Send test' waits less than a reminder's delivery (issue 34 §3). */
export interface SendOptions {
  timeoutMs?: number;
}

/**
 * How long a push service keeps a message for a device that is off, and how soon it wakes the device
 * (RFC 8030 §5.2, §5.3): a reminder is still worth a day later and wakes nobody in a hurry; 'Send test'
 * is wanted now or not at all.
 */
export const PUSH_DELIVERY = {
  reminder: { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  test: { ttlSeconds: 10 * 60, urgency: 'high' },
} as const;

/** What a push service's 404 or 410 means, in the deliveries log and 'Send test'. */
export const PUSH_GONE_ERROR =
  'This browser no longer accepts notifications (it unsubscribed, or its permission was withdrawn): the channel is turned off. Enable notifications on that device again.';

/**
 * Web Push: the reminder's title and first line, encrypted for the browser's subscription and signed with
 * the product's VAPID key (functions/lib/reminders/channels/web-push.ts), through the same guard as every channel. The service
 * worker (web/public/sw.js) shows it, one notification per reminder (its tag), opening the dashboard.
 */
export const sendWebPush: ChannelSender<'webpush'> = async (config, notification, options) => {
  const started = Date.now();
  const keysProblem = subscriptionKeysProblem(config);
  if (keysProblem)
    return { ok: false, status: null, body: '', error: `Invalid subscription: ${keysProblem}`, permanent: true, durationMs: 0 };
  const words = wordsOf(notification);
  const { subscription } = notification;
  const request = pushRequest(
    config,
    {
      title: words.title,
      body: words.lead,
      tag:
        notification.kind === 'test'
          ? 'test'
          : `${subscription.id}:${notification.leadTime ? ruleKey({ event: notification.event, ...notification.leadTime }) : `${notification.event}:${notification.kind}`}`,
      url: words.dashboard,
    },
    await vapidKeys(),
    { ...(notification.kind === 'test' ? PUSH_DELIVERY.test : PUSH_DELIVERY.reminder), subject: vapidSubject(), now: new Date(started) },
  );
  const answer = await sendOutbound({ url: request.url, headers: request.headers, body: request.body }, options);
  if (answer.status !== null && pushAnswer(answer.status) === 'gone') return { ...answer, error: PUSH_GONE_ERROR, permanent: true };
  return answer;
};

const overHttp =
  <T extends keyof RequestBuilders>(type: T): ChannelSender<T> =>
  (config, notification, options) =>
    sendOutbound(CHANNEL_REQUESTS[type](config, notification), options);

/**
 * The sender of each channel type: where every delivery and 'Send test' dispatch
 * (functions/reminders/sender.ts, functions/reminders/handler.ts). A new type is one entry here.
 */
export const CHANNEL_SENDERS: { [T in ChannelType]: ChannelSender<T> } = {
  ntfy: overHttp('ntfy'),
  webhook: overHttp('webhook'),
  discord: overHttp('discord'),
  slack: overHttp('slack'),
  telegram: overHttp('telegram'),
  gotify: overHttp('gotify'),
  pushover: overHttp('pushover'),
  webpush: sendWebPush,
};

/**
 * Sends a notification on a channel, through its type's sender; never throws. A browser whose push
 * subscription is gone (404, 410) never comes back under it: its channel is turned off here, for
 * reminders and 'Send test' alike, and the answer's error says so.
 */
export async function sendToChannel(
  channel: StoredChannel,
  notification: ChannelNotification,
  options: SendOptions = {},
): Promise<OutboundAnswer> {
  let answer: OutboundAnswer;
  try {
    answer = await (CHANNEL_SENDERS[channel.type] as ChannelSender<ChannelType>)(channel.config as never, notification, options);
  } catch (error) {
    // A send that throws (settings stored before a rule refused them, say) is a failed delivery, never a 500
    // or a message retried for ever (issue 34 §7): no retry can fix it.
    return { ok: false, status: null, body: '', error: `Could not send: ${(error as Error).message}`, permanent: true, durationMs: 0 };
  }
  if (channel.type === 'webpush' && answer.error === PUSH_GONE_ERROR && channel.enabled) {
    await updateChannel(channel.userId, channel.id, { enabled: false }).catch(() => undefined);
  }
  return answer;
}
