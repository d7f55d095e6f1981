import { now } from './clock.js';
import { config } from './config.js';

/** The single table's item keys (DESIGN §4); the README documents the final layout. */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  usernameGuard: (username: string) => ({ pk: `USERNAME#${username.trim().toLowerCase()}`, sk: 'USERNAME' }),
  emailGuard: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
  session: (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` }),
  subscription: (userId: string, subscriptionId: string) => ({ pk: `USER#${userId}`, sk: `SUB#${subscriptionId}` }),
  activity: (userId: string, createdAt: string, activityId: string) => ({ pk: `USER#${userId}`, sk: `ACT#${createdAt}#${activityId}` }),
  token: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  /** A calendar feed's lookup entry (issue 25 §3): the SHA-256 of its secret → the user; the profile holds the same hash. */
  calendarFeed: (secretHash: string) => ({ pk: `CALFEED#${secretHash}`, sk: 'CALFEED' }),
  throttle: (scope: string, key: string) => ({ pk: `THROTTLE#${scope}#${key}`, sk: 'THROTTLE' }),
  stats: () => ({ pk: 'STATS', sk: 'GLOBAL' }),
  /** The admin search's compact entry of a user: `USERDIR` / `<createdAt>#<id>` (the user's gsi1sk). */
  userDirectory: (createdAt: string, userId: string) => ({ pk: USER_DIRECTORY, sk: `${createdAt}#${userId}` }),
  /** A message sent with the contact form, kept for CONTACT_MESSAGE_DAYS. */
  contactMessage: (messageId: string) => ({ pk: `CONTACT#${messageId}`, sk: 'MESSAGE' }),
  /** Premium's monthly budgets (issue 24 §5): one item per user. */
  budgets: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BUDGETS' }),
  /** The marker of the one e-mail of a budget ('overall' or `category:<key>`) and month (YYYY-MM). */
  budgetAlert: (userId: string, month: string, budget: string) => ({ pk: `USER#${userId}`, sk: `BUDGETALERT#${month}#${budget}` }),
  /** A reminder channel of the user (issue 25 §2): ntfy, a webhook, Discord, Slack. */
  channel: (userId: string, channelId: string) => ({ pk: `USER#${userId}`, sk: `${CHANNEL_PREFIX}${channelId}` }),
  /** One reminder delivery's outcome (issue 25 §2), kept DELIVERY_LOG_DAYS: newest last in the partition. */
  delivery: (userId: string, at: string, deliveryId: string) => ({ pk: `USER#${userId}`, sk: `${DELIVERY_PREFIX}${at}#${deliveryId}` }),
  /** A member's entry of a subscription someone else pays and shares with them (issue 26): on the member's partition. */
  sharedMembership: (memberId: string, payerId: string, subscriptionId: string) => ({
    pk: `USER#${memberId}`,
    sk: `${SHARED_PREFIX}${payerId}#${subscriptionId}`,
  }),
  /** An invitation to share a subscription, as the invited account sees it (issue 26). */
  invitation: (inviteeId: string, invitationId: string) => ({ pk: `${INVITE_PARTITION_PREFIX}${inviteeId}`, sk: `INVITE#${invitationId}` }),
  /** An invitation to an address without an account (issue 26), turned into an account's when one verifies the address. */
  emailInvitation: (email: string, invitationId: string) => ({
    pk: `${INVITE_EMAIL_PARTITION_PREFIX}${email.trim().toLowerCase()}`,
    sk: `INVITE#${invitationId}`,
  }),
  /** The payer's copy of an open invitation (issue 26): lists and withdraws it. */
  invitedCopy: (payerId: string, subscriptionId: string, invitationId: string) => ({
    pk: `USER#${payerId}`,
    sk: `${INVITED_PREFIX}${subscriptionId}#${invitationId}`,
  }),
  /** One member's share of one renewal of a shared subscription (issue 26): on the payer's partition. */
  settlement: (payerId: string, subscriptionId: string, dueDate: string, memberId: string) => ({
    pk: `USER#${payerId}`,
    sk: `${SETTLEMENT_PREFIX}${subscriptionId}#${dueDate}#${memberId}`,
  }),
  ownerBootstrap: () => ({ pk: 'BOOTSTRAP', sk: 'OWNER' }),
  /** An address SES reported as a permanent bounce or a complaint: no more optional mail to it (functions/lib/email/email.ts). */
  suppressedEmail: (email: string) => ({ pk: `SUPPRESSED#${email.trim().toLowerCase()}`, sk: 'SUPPRESSED' }),
  /** One day's exchange rates (issue 24 §1), per USD: the newest day is the first of RATES_PARTITION, newest first. */
  ratesDay: (date: string) => ({ pk: RATES_PARTITION, sk: `${RATES_DAY_PREFIX}${date}` }),
} as const;

/** The partition of the stored days of exchange rates (functions/lib/rates/daily-rates.ts). */
export const RATES_PARTITION = 'RATES';
export const RATES_DAY_PREFIX = 'DAY#';

export const USER_PREFIX = 'USER#';
export const CHANNEL_PREFIX = 'CHANNEL#';
export const DELIVERY_PREFIX = 'DELIVERY#';
/** The partition of the admin search's directory: one small item per user, newest last. */
export const USER_DIRECTORY = 'USERDIR';
export const SUBSCRIPTION_PREFIX = 'SUB#';
/** Issue 26: membership items (member's partition), the payer's open invitations and settlements (payer's partition). */
export const SHARED_PREFIX = 'SHARED#';
export const INVITED_PREFIX = 'INVITED#';
export const SETTLEMENT_PREFIX = 'SETTLE#';
export const INVITE_PARTITION_PREFIX = 'INVITE#';
export const INVITE_EMAIL_PARTITION_PREFIX = 'INVITE-EMAIL#';
/** gsi1 partition of all users, sorted by creation (the admin list). */
export const USERS_PARTITION = 'USERS';
/** gsi1 partition of the reminder index's entries whose next reminder goes out in an hour ('YYYY-MM-DDTHH', UTC; issue 25 §1). */
export const reminderPartition = (hour: string) => `REMINDAT#${hour}`;

export function tableName(): string {
  return config().TABLE_NAME;
}

export const nowIso = () => now().toISOString();
export const epochSeconds = (date = now()) => Math.floor(date.getTime() / 1000);

/**
 * The table's definition for the local stack's CreateTable; the CDK stack declares the same
 * keys, indexes and TTL attribute in infra/data.ts.
 */
export const TABLE_DEFINITION = {
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'gsi1pk', AttributeType: 'S' },
    { AttributeName: 'gsi1sk', AttributeType: 'S' },
    { AttributeName: 'gsi2pk', AttributeType: 'S' },
    { AttributeName: 'gsi2sk', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' },
    { AttributeName: 'sk', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'gsi1',
      KeySchema: [
        { AttributeName: 'gsi1pk', KeyType: 'HASH' },
        { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
    {
      IndexName: 'gsi2',
      KeySchema: [
        { AttributeName: 'gsi2pk', KeyType: 'HASH' },
        { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
  BillingMode: 'PAY_PER_REQUEST',
} as const;

export const TTL_ATTRIBUTE = 'expiresAt';
