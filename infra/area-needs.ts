import { type Area, routesOfArea } from '../shared/api/index.js';
import type { TableAccess } from './grants.js';

/** What an API area's function needs. */
interface AreaNeeds {
  /** Megabytes; bcrypt hashing is CPU-bound and Lambda's CPU grows with memory. */
  memorySize: number;
  /**
   * Exactly the DynamoDB actions its bundle uses (test/infra/permissions.test.ts derives them from the
   * bundle and compares). Every area with signed-in routes reads the session and the user
   * (BatchGetItem) and settles the membership (a transaction of Updates: UpdateItem).
   */
  table: TableAccess;
  sendsEmail: boolean;
  /** Signs session tokens even though its routes are public (login). */
  signsSessions: boolean;
  /** Encrypts and decrypts two-factor secrets, so it reads the two-factor key. */
  twoFactorKey: boolean;
  /** Sends Web Push messages or answers the VAPID public key, so it reads the VAPID key and gets SUPPORT_EMAIL (the VAPID subject). */
  vapidKey: boolean;
  /** Forwards mail to the support address, so it gets SUPPORT_EMAIL. */
  supportEmail: boolean;
  /** Answers the landing counters, so it gets LANDING_COUNTERS_MIN_USERS. */
  landingCounters: boolean;
  /** Signs in with the single sign-on provider (issue 38 §2), so it gets OIDC_* and reads the client secret. */
  singleSignOn: boolean;
  /** Takes passwords at sign-in or sign-up, so it gets PASSWORD_SIGN_IN (issue 38 §2). */
  passwordSignIn: boolean;
}

const DEFAULT_NEEDS: Omit<AreaNeeds, 'table'> = {
  memorySize: 512,
  sendsEmail: false,
  signsSessions: false,
  twoFactorKey: false,
  vapidKey: false,
  supportEmail: false,
  landingCounters: false,
  singleSignOn: false,
  passwordSignIn: false,
};

/**
 * Per-area needs, keyed by area name: the table access is always listed, the rest only where it
 * differs from DEFAULT_NEEDS. Adding an area is adding its entry here; an area of the contract
 * without one stops synthesis. Listing an area that has no routes yet is harmless.
 */
const AREA_NEEDS: Record<string, Partial<AreaNeeds> & Pick<AreaNeeds, 'table'>> = {
  // Passwords (bcrypt), verification and reset e-mails, login, settings.
  auth: {
    memorySize: 1024,
    sendsEmail: true,
    signsSessions: true,
    passwordSignIn: true,
    // Query: the newest activity entry, into which a repeated settings change folds.
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        // The account's tombstone checked in its transactions (issue 34 §4, functions/lib/users/account-closing.ts).
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:Query',
      ],
    },
  },
  // Passkeys (issue 38 §1): the user's passkeys (Query) and each one's add, rename and removal with the profile's
  // count (a transaction: PutItem, DeleteItem, UpdateItem), a ceremony's ticket used once (a conditional PutItem);
  // the password confirmed first (bcrypt), the notices mailed, and a passkey's sign-in starts a session.
  passkeys: {
    memorySize: 1024,
    sendsEmail: true,
    signsSessions: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // Single sign-on (issue 38 §2): a flow kept and taken once (PutItem, DeleteItem), an identity's account (GetItem,
  // BatchGetItem), a link and its identity in a transaction with the account's check (PutItem, ConditionCheckItem),
  // unlinking (DeleteItem), the user's links and passkeys (Query); a new account made (the user's items, its guards
  // and the counters: PutItem, UpdateItem); the password of an account to link (bcrypt); sessions signed.
  sso: {
    memorySize: 1024,
    signsSessions: true,
    singleSignOn: true,
    passwordSignIn: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // The session check, polled by every visible tab: one BatchGetItem (user and session), and on the
  // rare read where a membership change fell due, the settling write.
  session: {
    memorySize: 256,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'] },
  },
  // Avatar uploads handed out (infra/avatars.ts grants their put), the data export and account deletion (bcrypt confirms it).
  account: {
    memorySize: 1024,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
      ],
      queriedIndexes: ['gsi1'],
    },
  },
  // Completes a two-factor login, so it signs the session token; bcrypt confirms disabling.
  // Two-factor sign-in; turning it off mails a security notice to the verified address (issue 21).
  twofa: {
    memorySize: 1024,
    sendsEmail: true,
    signsSessions: true,
    twoFactorKey: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:ConditionCheckItem',
      ],
    },
  },
  // Membership changes (transactions of updates) and their schedules (infra/membership.ts); a change into or
  // out of the paid tiers indexes the user's reminders again (a Query of their subscriptions, Puts and
  // Deletes of index entries).
  membership: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        // The account's tombstone checked in its transactions (issue 34 §4, functions/lib/users/account-closing.ts).
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // Issue 26: who shares a subscription changes in transactions (UpdateItem, PutItem, DeleteItem) and a
  // member's list reads the payers' subscriptions (BatchGetItem). An invitation's mail goes on the reminder
  // queue for the sender to send (issue 34 §2; infra/application-stack.ts grants the SendMessage), not SES. A logo's upload
  // is handed out as an avatar's is (issue 36 §4; infra/avatars.ts grants its put).
  subscriptions: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        // The account's tombstone checked in its transactions (issue 34 §4, functions/lib/users/account-closing.ts).
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // The endpoint for AI assistants (issue 37 §4): its tools read the user's subscriptions and those shared with them
  // (Query, BatchGetItem), the rates (Query), and write through the subscriptions area's create, update, cancel and
  // payment routes, served in this function (the same actions as there); an access token's lookup, throttle and use.
  mcp: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // Import (issue 24 §6): reads the user's subscriptions, creates them in transactions with the profile's
  // count, updates re-imported ones, records the activity entry. Parsing a 1 MB file wants more CPU.
  import: {
    memorySize: 1024,
    // DeleteItem: an update that ends a trial or notice period removes its reminder event entry in the same transaction.
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        // The account's tombstone checked in its transactions (issue 34 §4, functions/lib/users/account-closing.ts).
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // Creates users (bcrypt); sends reset-link and preview e-mails.
  admin: {
    memorySize: 1024,
    sendsEmail: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        // The account's tombstone checked in its transactions (issue 34 §4, functions/lib/users/account-closing.ts).
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
      ],
      queriedIndexes: ['gsi1'],
    },
  },
  // Forwards contact messages by e-mail (GetItem: the suppression check before sending), stores each
  // and removes one it could not forward, and counts the senders' throttle windows.
  contact: {
    sendsEmail: true,
    supportEmail: true,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] },
  },
  // Premium budgets (issue 24 §5): the budget item, the user's subscriptions (Query) to project the
  // month, and one alert marker per budget and month (a conditional PutItem) before its e-mail. An access token's
  // write is logged in the activity (issue 37 §2), the account's tombstone checked (ConditionCheckItem).
  budgets: {
    sendsEmail: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:ConditionCheckItem',
      ],
    },
  },
  // The calendar feed (issue 25 §3): turning it on, anew or off is one transaction on the profile and the
  // lookup entries (UpdateItem, PutItem, DeleteItem); the feed reads the entry and the profile (GetItem)
  // and the user's subscriptions (Query).
  calendar: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
  // The landing counters: the one counters item, never a Scan, which would read every user's password hash.
  // The signed-in user's figures in a currency (issue 24 §1): the session and the user (BatchGetItem), the
  // membership settled (UpdateItem), the user's subscriptions and the newest day of rates (Query).
  // An access token's lookup (GetItem), throttle and last use (UpdateItem) too: stats only reads, so no write of a token is logged here.
  stats: {
    landingCounters: true,
    table: { actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem', 'dynamodb:Query'] },
  },
  // The reminders area: the account's reminder rules (issue 25 §1), reminder channels and the deliveries log
  // (issue 25 §2): the user's channel items (Query, PutItem for a
  // create or an edit, DeleteItem), the deliveries (Query); 'Send test' calls out through the outbound guard.
  // The VAPID key: the browser subscribes with its public half (GET /api/push/key), a Web Push test is signed with it.
  reminders: {
    vapidKey: true,
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        // An access token's write logged in the activity (issue 37 §2), the account's tombstone checked.
        'dynamodb:ConditionCheckItem',
      ],
    },
  },
  // Reads and writes the announcement items; no e-mail, no avatars, nothing signed.
  announcements: {
    table: {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ],
    },
  },
};

export function areaNeeds(area: string): AreaNeeds {
  const listed = AREA_NEEDS[area];
  if (!listed) throw new Error(`The API area "${area}" has no entry in AREA_NEEDS (infra/area-needs.ts): list its table access there`);
  return { ...DEFAULT_NEEDS, ...listed };
}

/** An area verifies or issues session tokens, so it reads the signing key. */
export function readsSessionKey(area: Area): boolean {
  return areaNeeds(area).signsSessions || routesOfArea(area).some(([, route]) => route.access !== 'public' || route.optionalSignIn);
}
