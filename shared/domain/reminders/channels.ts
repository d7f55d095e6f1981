import { normalizeRole } from '../roles.js';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../text.js';

/**
 * Reminder channels (issue 25 §2): where a VIP or Premium user's reminders go besides the e-mail. Each
 * type is one entry of CHANNEL_TYPES and one of CHANNEL_CONFIG_RULES here, and one sender in
 * functions/lib/reminders/channels/senders.ts.
 */
export const CHANNEL_TYPES = ['ntfy', 'webhook', 'discord', 'slack', 'telegram', 'gotify', 'pushover', 'webpush'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = {
  ntfy: 'ntfy',
  webhook: 'Webhook',
  discord: 'Discord',
  slack: 'Slack',
  telegram: 'Telegram',
  gotify: 'Gotify',
  pushover: 'Pushover',
  webpush: 'Browser notifications',
};

/** Most channels one user keeps. */
export const MAX_CHANNELS = 10;
/** 'Send test's one channel makes in 15 minutes, and one user in an hour (issue 34 §3: no request amplifier). */
export const TEST_SENDS_PER_CHANNEL = 5;
export const TEST_SENDS_PER_USER = 20;
/** How long 'Send test' waits for the provider's answer: less than a reminder's delivery (5 s). */
export const TEST_SEND_TIMEOUT_MS = 3000;
export const CHANNEL_NAME_MAX_LENGTH = 60;
export const DEFAULT_NTFY_SERVER = 'https://ntfy.sh';
/** The deliveries log's reach, days (issue 25 §2: 'the last 90 days of deliveries'). */
export const DELIVERY_LOG_DAYS = 90;

/** VIP and Premium, and the staff, who hold every paid feature; members see what channels are and how to get them. */
export function hasReminderChannels(role: unknown): boolean {
  return normalizeRole(role) !== 'member';
}

export const channelMessages = {
  paidOnly:
    'Reminder channels are a VIP and Premium feature. Upgrade to VIP or Premium to get reminders as browser notifications or on ntfy, Discord, Slack, Telegram, Gotify, Pushover or a webhook.',
  typeInvalid: 'Type must be ntfy, webhook, discord, slack, telegram, gotify, pushover or webpush',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CHANNEL_NAME_MAX_LENGTH} characters`,
  enabledInvalid: 'Enabled must be true or false',
  configInvalid: 'Config must be an object',
  serverUrlInvalid: 'Server URL must be an http(s) URL such as https://ntfy.sh',
  topicInvalid: 'Topic must be 1 to 64 letters, digits, underscores or hyphens',
  accessTokenInvalid:
    'Access token must be at most 200 characters: letters, digits and ASCII punctuation only, without spaces or accented letters',
  webhookUrlInvalid: 'Webhook URL must be an http(s) URL',
  discordUrlInvalid: 'Discord webhook URL must look like https://discord.com/api/webhooks/…',
  slackUrlInvalid: 'Slack webhook URL must look like https://hooks.slack.com/services/…',
  telegramBotTokenInvalid: 'Bot token must be the token BotFather gave your bot, such as 123456789:AAE…',
  telegramChatIdInvalid: "Chat id must be a chat's number (a group's starts with -) or a public channel's @name",
  gotifyServerUrlInvalid: 'Server URL must be an http(s) URL such as https://gotify.example.com',
  gotifyTokenInvalid: "App token must be a Gotify application's token: letters, digits, '.', '_' or '-'",
  pushoverUserKeyInvalid: 'User key must be the 30 letters and digits on your Pushover dashboard',
  pushoverTokenInvalid: 'API token must be the 30 letters and digits of your Pushover application',
  pushEndpointInvalid: "Endpoint must be the push service's URL from the browser's subscription",
  pushKeysInvalid: "Keys must be the browser subscription's p256dh (65 bytes) and auth (16 bytes), base64url",
  tooMany: `You can have at most ${MAX_CHANNELS} channels. Delete one to add another.`,
  tooManyTests: `Too many test sends: at most ${TEST_SENDS_PER_CHANNEL} a channel in 15 minutes and ${TEST_SENDS_PER_USER} an hour. Please try again later.`,
  notFound: 'Channel not found',
  deleted: 'Channel deleted',
  invalidCursor: 'Invalid cursor: reload the list',
} as const;

const m = channelMessages;
const URL_MAX_LENGTH = 500;
/** What a setting sent as an HTTP header's value may hold: visible ASCII, no space (RFC 9110 §5.5, stricter). */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** A channel's stored settings, by type. Secrets (token, signing secret, webhook URLs) are never logged. */
export interface ChannelConfigs {
  ntfy: { serverUrl: string; topic: string; accessToken: string | null };
  webhook: { url: string; secret: string };
  discord: { url: string };
  slack: { url: string };
  /** A Telegram bot's token (BotFather's) and the chat it writes to: a user's, a group's or a channel's. */
  telegram: { botToken: string; chatId: string };
  /** A Gotify server (behind a path prefix, perhaps) and an application's token on it. */
  gotify: { serverUrl: string; appToken: string };
  /** A Pushover user (or group) key and the user's application's API token. */
  pushover: { userKey: string; appToken: string };
  /** A browser's push subscription (PushSubscription.toJSON()): where to send, and the keys to encrypt for. */
  webpush: { endpoint: string; p256dh: string; auth: string };
}
export type ChannelConfig = ChannelConfigs[ChannelType];

function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > URL_MAX_LENGTH || hasForbiddenCharacters(value)) return null;
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/**
 * A subscription key of `bytes` bytes in unpadded base64url, as browsers give it, or null. (That p256dh is
 * a point of P-256 is checked when it is used: functions/lib/reminders/channels/web-push.ts.)
 */
function pushKey(value: unknown, bytes: number): string | null {
  const key = text(value)?.replace(/=+$/, '');
  return key && key.length === Math.ceil((bytes * 4) / 3) && /^[A-Za-z0-9_-]+$/.test(key) ? key : null;
}

/**
 * A self-hosted server as stored (ntfy's, Gotify's): its origin and the path prefix it sits behind, if any, without
 * a trailing slash ('https://host/ntfy/' → 'https://host/ntfy'; issue 35 §2.13: a self-hosted server often sits
 * behind a reverse proxy's path). A fragment says nothing to a server and is dropped, as it always was.
 */
function serverUrl(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Where a Gotify channel posts: `/message` under the server's URL, path prefix included. */
export const gotifyMessageUrl = (config: Pick<ChannelConfigs['gotify'], 'serverUrl'>) => `${config.serverUrl.replace(/\/+$/, '')}/message`;

/** Where an ntfy channel publishes: the topic under the server's URL, path prefix included (the one place that joins them). */
export function ntfyTopicUrl(config: Pick<ChannelConfigs['ntfy'], 'serverUrl' | 'topic'>): string {
  return `${config.serverUrl.replace(/\/+$/, '')}/${config.topic}`;
}

/** What a create or an edit gives as `config`: the fields of its type; a secret left out keeps the stored one. */
type ConfigInput = Record<string, unknown>;
type ConfigRule<T extends ChannelType> = (input: ConfigInput, stored: ChannelConfigs[T] | undefined) => ChannelConfigs[T] | string;

/**
 * Each type's settings from the request's `config` (and, on an edit, the stored ones): the settings, or
 * the message of the first problem. `newSecret` makes a webhook's signing secret (the server makes it).
 */
export function channelConfigRules(newSecret: () => string): { [T in ChannelType]: ConfigRule<T> } {
  const hookUrl = (host: RegExp, path: RegExp, message: string) => (input: ConfigInput, stored: { url: string } | undefined) => {
    if (input.url === undefined && stored) return { url: stored.url };
    const url = httpUrl(input.url);
    if (url?.protocol !== 'https:' || !host.test(url.hostname) || !path.test(url.pathname)) return message;
    return { url: url.toString() };
  };
  /** A secret setting: the one given when it passes `valid`, else `message`; left out on an edit, the stored one. */
  const secret = (
    input: ConfigInput,
    key: string,
    stored: string | undefined,
    valid: RegExp,
    message: string,
  ): string | { problem: string } => {
    if (input[key] === undefined && stored !== undefined) return stored;
    const value = text(input[key]);
    return value && valid.test(value) ? value : { problem: message };
  };
  return {
    ntfy: (input, stored) => {
      const server = input.serverUrl === undefined || input.serverUrl === '' ? DEFAULT_NTFY_SERVER : input.serverUrl;
      const url = httpUrl(server);
      if (!url || url.search) return m.serverUrlInvalid;
      const topic = text(input.topic);
      if (!topic || !/^[A-Za-z0-9_-]{1,64}$/.test(topic)) return m.topicInvalid;
      let accessToken = stored?.accessToken ?? null;
      if (input.accessToken === null || input.accessToken === '') accessToken = null;
      else if (input.accessToken !== undefined) {
        const token = text(input.accessToken);
        // It goes into the Authorization header, which carries visible ASCII only (issue 34 §7).
        if (!token || token.length > 200 || !VISIBLE_ASCII.test(token)) return m.accessTokenInvalid;
        accessToken = token;
      }
      return { serverUrl: serverUrl(url), topic, accessToken };
    },
    webhook: (input, stored) => {
      if (input.url === undefined && stored) return stored;
      const url = httpUrl(input.url);
      if (!url) return m.webhookUrlInvalid;
      return { url: url.toString(), secret: stored?.secret ?? newSecret() };
    },
    discord: hookUrl(
      /^(discord\.com|discordapp\.com|ptb\.discord\.com|canary\.discord\.com)$/,
      /^\/api\/webhooks\/\d+\/[\w-]+\/?$/,
      m.discordUrlInvalid,
    ),
    slack: hookUrl(/^hooks\.slack\.com$/, /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/?$/, m.slackUrlInvalid),
    telegram: (input, stored) => {
      const botToken = secret(input, 'botToken', stored?.botToken, /^\d{5,16}:[A-Za-z0-9_-]{30,64}$/, m.telegramBotTokenInvalid);
      if (typeof botToken !== 'string') return botToken.problem;
      const chatId = input.chatId === undefined && stored ? stored.chatId : text(input.chatId);
      if (!chatId || !/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chatId)) return m.telegramChatIdInvalid;
      return { botToken, chatId };
    },
    gotify: (input, stored) => {
      const url = input.serverUrl === undefined && stored ? httpUrl(stored.serverUrl) : httpUrl(input.serverUrl);
      if (!url || url.search) return m.gotifyServerUrlInvalid;
      // It goes into the X-Gotify-Key header: visible ASCII only (issue 34 §7), as Gotify makes them.
      const appToken = secret(input, 'appToken', stored?.appToken, /^[A-Za-z0-9._-]{1,200}$/, m.gotifyTokenInvalid);
      if (typeof appToken !== 'string') return appToken.problem;
      return { serverUrl: serverUrl(url), appToken };
    },
    pushover: (input, stored) => {
      const userKey = secret(input, 'userKey', stored?.userKey, /^[A-Za-z0-9]{30}$/, m.pushoverUserKeyInvalid);
      if (typeof userKey !== 'string') return userKey.problem;
      const appToken = secret(input, 'appToken', stored?.appToken, /^[A-Za-z0-9]{30}$/, m.pushoverTokenInvalid);
      if (typeof appToken !== 'string') return appToken.problem;
      return { userKey, appToken };
    },
    webpush: (input, stored) => {
      // An edit without a new subscription keeps the stored one (a rename, turning it off or on).
      if (input.endpoint === undefined && stored) return stored;
      const endpoint = httpUrl(input.endpoint);
      if (!endpoint) return m.pushEndpointInvalid;
      const p256dh = pushKey(input.p256dh, 65);
      const auth = pushKey(input.auth, 16);
      if (!p256dh || !auth || !p256dh.startsWith('B')) return m.pushKeysInvalid;
      return { endpoint: endpoint.toString(), p256dh, auth };
    },
  };
}

/** The first problem of a channel's name, or null. */
export function channelNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return m.nameRequired;
  if (name.trim().length > CHANNEL_NAME_MAX_LENGTH) return m.nameTooLong;
  if (hasForbiddenCharacters(name)) return forbiddenCharactersMessage('Name');
  return null;
}

/** A secret shown in a list: its last four characters only ('••••abcd'). */
export const maskSecret = (secret: string) => `••••${secret.slice(-4)}`;

/** A webhook URL that is itself a secret (Discord's, Slack's): its origin and the masked rest. */
export function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}/${maskSecret(url.pathname + url.search)}`;
  } catch {
    return maskSecret(value);
  }
}

/**
 * The retry schedule of a channel delivery after a passing failure (a timeout, a 5xx, a 429, the network),
 * seconds before attempt n + 1: 1 min, 5 min, 15 min, then no more (attempt 4 is the last).
 */
export const CHANNEL_RETRY_DELAYS_SECONDS = [60, 300, 900] as const;
export const CHANNEL_MAX_ATTEMPTS = CHANNEL_RETRY_DELAYS_SECONDS.length + 1;

/** Seconds to wait before retrying after failed attempt `attempt` (1-based), or null when it was the last. */
export function channelRetryDelay(attempt: number): number | null {
  return attempt >= 1 && attempt < CHANNEL_MAX_ATTEMPTS ? CHANNEL_RETRY_DELAYS_SECONDS[attempt - 1] : null;
}
