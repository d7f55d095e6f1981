import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { authMessages } from '../../../shared/api/auth-messages.js';
import { TEST_SENDS_PER_CHANNEL, TEST_SENDS_PER_USER } from '../../../shared/domain/reminders/channels.js';
import { dynamo } from '../chassis/aws.js';
import { throttleKeyOfAddress } from '../chassis/client-address.js';
import { config } from '../chassis/config.js';
import { isConditionFailure, tooManyRequests } from '../chassis/errors.js';
import { epochSeconds, tableName } from '../chassis/table.js';
import { throttleKeys } from './keys.js';

/**
 * Fixed-window counters with a TTL (DESIGN §4 'login throttle'). A window is identified by its start,
 * so a counter item expires on its own after the window.
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Login: 5 passwords compared per username and client address in 15 minutes. */
export const LOGIN_BY_ACCOUNT_AND_ADDRESS: ThrottleRule = { scope: 'login', limit: 5, windowSeconds: 15 * 60 };
/**
 * Wrong passwords per account in an hour, from any client addresses (password spraying): past 20, a right
 * password alone no longer signs in — a sign-in link to the verified address must confirm it (issue 21).
 * Counted for every username asked, whether or not it exists, so unknown names answer the same.
 */
export const LOGIN_FAILURES_BY_ACCOUNT: ThrottleRule = { scope: 'login-failures', limit: 20, windowSeconds: 60 * 60 };
/** Login: 50 passwords compared per client address in 15 minutes, whatever the usernames. */
export const LOGIN_BY_ADDRESS: ThrottleRule = { scope: 'login-address', limit: 50, windowSeconds: 15 * 60 };
/**
 * Two-factor codes: 10 checked per account in 15 minutes, across all its sign-in tickets (each of
 * which allows 5) and the code asked to disable two-factor sign-in or replace the backup codes.
 */
export const TWO_FACTOR_CODES: ThrottleRule = { scope: '2fa-codes', limit: 10, windowSeconds: 15 * 60 };
/** Codes one two-factor sign-in ticket allows (DESIGN §5). */
export const TICKET_ATTEMPTS = 5;
/** A login lockout is written to the account's activity log once per window, however many attempts it refuses. */
export const LOCKOUT_RECORDS: ThrottleRule = { scope: 'lockout-log', limit: 1, windowSeconds: 15 * 60 };
/** Reset and verification mails: at most 3 per account in 15 minutes. */
export const EMAIL_SENDS: ThrottleRule = { scope: 'mail', limit: 3, windowSeconds: 15 * 60 };
/**
 * Sign-ups and requests that mail someone, per client address: 30 an hour whatever the accounts
 * and addresses — a household or an office behind one address stays well within it, a script does
 * not (docs/decisions/0022-mail-throttles.md).
 */
export const MAIL_REQUESTS_BY_CLIENT: ThrottleRule = { scope: 'mail-client', limit: 30, windowSeconds: 60 * 60 };
/** Mails one e-mail address receives on anyone's request, whichever route or account: 5 an hour… */
export const MAILS_TO_ADDRESS_HOURLY: ThrottleRule = { scope: 'mail-to', limit: 5, windowSeconds: 60 * 60 };
/** …and 10 a day, so nobody can mail-bomb a stranger through the product. */
export const MAILS_TO_ADDRESS_DAILY: ThrottleRule = { scope: 'mail-to-day', limit: 10, windowSeconds: 24 * 60 * 60 };

/**
 * Invitations to share a subscription one payer sends in a day, whoever to (issue 26: no spam cannon);
 * each invitation mail also counts against its recipient's address (MAILS_TO_ADDRESS_*).
 */
export const INVITATIONS_BY_PAYER: ThrottleRule = { scope: 'invitations', limit: 20, windowSeconds: 24 * 60 * 60 };

/**
 * 'Send test' of reminder channels (issue 34 §3): each one is a request to an address the user chose, so
 * they are counted per channel and per user, as mails are per address and per account.
 */
export const CHANNEL_TESTS_BY_CHANNEL: ThrottleRule = { scope: 'channel-test', limit: TEST_SENDS_PER_CHANNEL, windowSeconds: 15 * 60 };
/** A personal access token's requests (issue 37 §2): a script's pace, not a flood. */
export const ACCESS_TOKEN_REQUESTS: ThrottleRule = { scope: 'access-token', limit: 120, windowSeconds: 60 };
export const CHANNEL_TESTS_BY_USER: ThrottleRule = { scope: 'channel-test-user', limit: TEST_SENDS_PER_USER, windowSeconds: 60 * 60 };

/** One key's counter in the current window of a rule. */
export interface ThrottleWindow {
  key: { pk: string; sk: string };
  endsAt: number;
}

function currentWindow(rule: ThrottleRule, key: string): ThrottleWindow {
  const start = Math.floor(epochSeconds() / rule.windowSeconds) * rule.windowSeconds;
  return { key: throttleKeys.throttle(rule.scope, `${key.toLowerCase()}#${start}`), endsAt: start + rule.windowSeconds };
}

/** Whole seconds until the window ends, at least 1: the `Retry-After` of a refused attempt. */
const secondsLeft = (window: ThrottleWindow) => Math.max(1, window.endsAt - epochSeconds());

/**
 * Takes one of the rule's slots in the key's current window with one conditional ADD, refused once the
 * limit is reached: of any number of concurrent callers, across Lambda instances, at most `limit` get one.
 */
export async function takeSlot(rule: ThrottleRule, key: string): Promise<{ taken: boolean; window: ThrottleWindow }> {
  const window = currentWindow(rule, key);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: window.key,
        UpdateExpression: 'ADD #count :one SET expiresAt = :endsAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':endsAt': window.endsAt, ':limit': rule.limit },
      }),
    );
    return { taken: true, window };
  } catch (error) {
    if (isConditionFailure(error)) return { taken: false, window };
    throw error;
  }
}

/** Gives one taken slot back to its window; a window DynamoDB has already removed stays removed. */
async function giveBack(window: ThrottleWindow): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: window.key,
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export type Slots = { taken: true; giveBack: () => Promise<void> } | { taken: false; refusedBy: ThrottleRule[]; retryAfterSeconds: number };

/**
 * Takes one slot of each rule for its key, all or none: when any rule refuses, the slots the others
 * granted are given back. `giveBack` returns them all, for a request that ended up sending nothing.
 */
export async function takeSlots(slots: ReadonlyArray<readonly [ThrottleRule, string]>): Promise<Slots> {
  const results = await Promise.all(slots.map(([rule, key]) => takeSlot(rule, key)));
  const giveBackTaken = async () => {
    await Promise.all(results.filter((slot) => slot.taken).map((slot) => giveBack(slot.window)));
  };
  const refused = results.filter((slot) => !slot.taken);
  if (refused.length === 0) return { taken: true, giveBack: giveBackTaken };
  await giveBackTaken();
  return {
    taken: false,
    refusedBy: slots.filter((_, index) => !results[index].taken).map(([rule]) => rule),
    retryAfterSeconds: Math.max(...refused.map((slot) => secondsLeft(slot.window))),
  };
}

/**
 * The key every mail to an address counts under: lower case, without a `+tag` in its local part,
 * which most providers deliver to the same mailbox.
 */
export function recipientKey(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return `${local}${address.slice(at)}`.toLowerCase();
}

/** The slots one mail to an address takes (MAILS_TO_ADDRESS_HOURLY and _DAILY), for takeSlots with any others. */
export const mailToAddress = (address: string) =>
  [
    [MAILS_TO_ADDRESS_HOURLY, recipientKey(address)],
    [MAILS_TO_ADDRESS_DAILY, recipientKey(address)],
  ] as const;

/**
 * Counts a sign-up or a request that mails someone against its client address (MAIL_REQUESTS_BY_CLIENT)
 * before anything else is done, refusing it with 429 and Retry-After at the limit. Addresses in
 * THROTTLE_EXEMPT_ADDRESSES (the local test stacks' loopback) are not counted.
 */
export async function requireMailRequest(clientAddress: string): Promise<void> {
  if (config().THROTTLE_EXEMPT_ADDRESSES.includes(clientAddress)) return;
  const slot = await takeSlot(MAIL_REQUESTS_BY_CLIENT, throttleKeyOfAddress(clientAddress));
  if (!slot.taken) throw tooManyRequests(authMessages.tooManyRequestsFromAddress, secondsLeft(slot.window));
}

/** Frees every slot of a window. */
async function clearWindow(window: ThrottleWindow): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: window.key }));
}

const accountAndAddress = (username: string, address: string) => `${username}#${throttleKeyOfAddress(address)}`;

export type LoginAttempt = { allowed: true; succeeded: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a login attempt before its password is compared, in both rules at once. A refused attempt
 * gives back the slot the other rule granted, so each counter counts passwords actually compared. On
 * the right password, `succeeded` clears the username-and-address window (knowing the password, there
 * is nothing left to guess) and gives back the address slot without clearing it: the address window is
 * shared by every username, and signing in to one's own account must not reset it.
 */
export async function beginLoginAttempt(username: string, address: string): Promise<LoginAttempt> {
  const [byAddress, byAccount] = await Promise.all([
    takeSlot(LOGIN_BY_ADDRESS, throttleKeyOfAddress(address)),
    takeSlot(LOGIN_BY_ACCOUNT_AND_ADDRESS, accountAndAddress(username, address)),
  ]);
  if (byAddress.taken && byAccount.taken) {
    return {
      allowed: true,
      succeeded: async () => {
        await Promise.all([giveBack(byAddress.window), clearWindow(byAccount.window)]);
      },
    };
  }
  await Promise.all([byAddress, byAccount].filter((slot) => slot.taken).map((slot) => giveBack(slot.window)));
  const refused = [byAddress, byAccount].filter((slot) => !slot.taken);
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((slot) => secondsLeft(slot.window))) };
}

/** Counts a wrong password against the account (LOGIN_FAILURES_BY_ACCOUNT): a plain ADD, no limit to refuse at. */
export async function recordLoginFailure(username: string): Promise<void> {
  const window = currentWindow(LOGIN_FAILURES_BY_ACCOUNT, username);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: window.key,
      UpdateExpression: 'ADD #count :one SET expiresAt = :endsAt',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':endsAt': window.endsAt },
    }),
  );
}

/** True when the account has had LOGIN_FAILURES_BY_ACCOUNT's 20 wrong passwords in the current hour. */
export async function isUnderPasswordAttack(username: string): Promise<boolean> {
  const window = currentWindow(LOGIN_FAILURES_BY_ACCOUNT, username);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: window.key, ConsistentRead: true }));
  return ((Item?.count as number | undefined) ?? 0) >= LOGIN_FAILURES_BY_ACCOUNT.limit;
}

/** After a password reset, the account's attempts from the resetting address start over. */
export const clearLoginAttempts = (username: string, address: string) =>
  clearWindow(currentWindow(LOGIN_BY_ACCOUNT_AND_ADDRESS, accountAndAddress(username, address)));

export type CodeAttempt = { allowed: true; succeeded: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a two-factor code of the account before it is checked (TWO_FACTOR_CODES), so concurrent
 * guesses cannot pass the limit; a right code clears the window, as a right password does at login.
 */
export async function beginCodeAttempt(userId: string): Promise<CodeAttempt> {
  const slot = await takeSlot(TWO_FACTOR_CODES, userId);
  if (!slot.taken) return { allowed: false, retryAfterSeconds: secondsLeft(slot.window) };
  return { allowed: true, succeeded: () => clearWindow(slot.window) };
}

const ticketKey = (ticketId: string) => throttleKeys.throttle('2fa-ticket', ticketId);

/**
 * Takes one of a sign-in ticket's TICKET_ATTEMPTS with a conditional ADD on a counter item keyed by
 * the ticket's id, which DynamoDB removes once the ticket has expired. Refused once they are used
 * up or the ticket completed a sign-in.
 */
export async function takeTicketAttempt(ticketId: string, ticketExpiresAt: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ticketKey(ticketId),
        UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
        ConditionExpression: '(attribute_not_exists(#count) OR #count < :limit) AND attribute_not_exists(signedIn)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':expiresAt': ticketExpiresAt, ':limit': TICKET_ATTEMPTS },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Ends a ticket that completed a sign-in; false when another request completed one with it first. */
export async function endTicket(ticketId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ticketKey(ticketId),
        UpdateExpression: 'SET signedIn = :true',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(signedIn)',
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
