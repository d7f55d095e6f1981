import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RatesRun } from '../functions/lib/rates/daily-rates.js';
import { isProfileRemoval } from '../infra/avatar-events.js';
import { AREAS, type Area } from '../shared/api/index.js';
import type { LambdaHandler } from './api-gateway.js';
import { AVATAR_UPLOADS_PATH } from './avatars.js';
import { type Emulators, ensureTable, LOCAL_ACCESS_KEY } from './emulators.js';
import { type InProcessSchedules, inProcessSchedules } from './membership-schedules.js';
import { type InProcessReminderQueue, inProcessReminderQueue, type ReminderConsumer } from './reminder-queue.js';
import { type DeliverSesNotification, snsEventOf } from './ses-notifications.js';
import { pollTableStream, type TableStream } from './table-stream.js';

/**
 * The real Lambda functions in this process: the environment the CDK stack gives them (pointed at
 * the emulators), the table and the first owner they expect, and every area's handler loaded.
 */

export const TABLE_NAME = 'subscription-tracker';
export const AVATARS_BUCKET = 'avatars';
/** The support address of the local stack (the cloud's is the `supportEmail` context key). */
export const LOCAL_SUPPORT_EMAIL = 'support@example.com';

export type RunReminders = (event: { date?: string; at?: string }) => Promise<unknown>;
/** One daily rates run fetching from `source` (the cloud's run fetches from ECB_RATES_URL): what it stored, or why nothing. */
export type RunDailyRates = (source: string) => Promise<RatesRun>;

/**
 * The local reminder queue's timing: a claim outlives the longest send (three SES attempts of at most
 * 13 s, functions/lib/chassis/aws.ts) and a redelivery comes after a claim has timed out, as in the cloud
 * (infra/reminders.ts).
 */
/**
 * A delay of one second lasts 2 ms here: a channel's retries after 1, 5 and 15 minutes come after
 * 0.12, 0.6 and 1.8 s, so a run with a failing channel ends in seconds (docs/decisions/0090-reminder-channels.md).
 */
export const LOCAL_REMINDER_QUEUE = {
  claimTimeoutSeconds: 45,
  visibilityTimeoutMs: 60_000,
  maxReceiveCount: 5,
  concurrency: 8,
  delayMsPerSecond: 2,
};

export interface LocalFunctions {
  handlers: Map<Area, LambdaHandler>;
  /**
   * One reminder run as of an instant (`at`) or for a date (08:00 UTC that day), or now: the planner, then
   * the in-process queue drained through the sender; the plan's summary with what became of its messages.
   */
  runReminders: RunReminders;
  reminderQueue: InProcessReminderQueue;
  /** The membership expiry schedules, run in this process (local/membership-schedules.ts). */
  membershipSchedules: InProcessSchedules;
  /** An SES bounce or complaint event, delivered to the e-mail feedback function as SNS would. */
  deliverSesNotification: DeliverSesNotification;
  /**
   * The daily rates run, started by a test or a person (`POST /_local/rates?source=<url>`): the local stack
   * has no schedule for it, as it fetches nothing from the internet by itself; its totals use the fixed
   * rates until a run stores a day.
   */
  runDailyRates: RunDailyRates;
  /**
   * The table's stream, read for its two consumers as their event source mappings do in the cloud (table-stream.ts):
   * profile removals to the avatar function, subscriptions written to the logo function.
   */
  tableStreams: TableStream[];
}

export interface FunctionsSetup {
  emulators: Emulators;
  publicUrl: string;
  jwtSecret: string;
  /** Encrypts the two-factor secrets; the cloud reads it from Secrets Manager (TWO_FACTOR_KEY_ARN). */
  twoFactorKey: string;
  /** The seed of the Web Push VAPID key pair; the cloud reads it from Secrets Manager (VAPID_KEY_ARN). */
  vapidKey: string;
  owner: { username: string; password: string; email: string };
  quiet: boolean;
  /** The site's origin when it is not the API's (the LocalStack shape). */
  corsAllowedOrigin: string | undefined;
  /** Client addresses the per-address sign-up and mail limit does not count (LocalStackOptions). */
  throttleExemptAddresses: readonly string[];
  /** bcrypt's cost for new password hashes; production's unless given (LocalStackOptions). */
  bcryptCost: number | undefined;
  /** Accounts before the landing counters show (LocalStackOptions); the environment's or the default unless given. */
  landingCountersMinUsers: number | undefined;
}

function configureEnvironment(setup: FunctionsSetup): void {
  const { emulators } = setup;
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_ACCESS_KEY.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_ACCESS_KEY.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: emulators.dynamoDb.endpoint,
    AWS_ENDPOINT_URL_SES: emulators.ses.endpoint,
    AWS_ENDPOINT_URL_S3: emulators.s3.endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME,
    AVATARS_BUCKET,
    // Browsers post avatar uploads to the app's /avatar-uploads, passed on to the S3 emulator through S3's checks.
    AVATARS_UPLOAD_URL: `${process.env.PUBLIC_URL || setup.publicUrl}${AVATAR_UPLOADS_PATH}`,
    PUBLIC_URL: process.env.PUBLIC_URL || setup.publicUrl,
    SENDER_EMAIL: process.env.SENDER_EMAIL || 'reminders@subscription-tracker.local',
    // The emulator accepts any configuration set; bounces and complaints arrive at /_local/ses-notifications.
    SES_CONFIGURATION_SET: 'local',
    // Contact messages land in the SES emulator's mailbox, addressed here.
    SUPPORT_EMAIL: process.env.SUPPORT_EMAIL || LOCAL_SUPPORT_EMAIL,
    JWT_SECRET: setup.jwtSecret,
    TWO_FACTOR_KEY: setup.twoFactorKey,
    VAPID_KEY: setup.vapidKey,
    LOG_LEVEL: setup.quiet ? 'warn' : process.env.LOG_LEVEL || 'info',
    // The membership functions' schedules go to this process's timers, not EventBridge Scheduler.
    MEMBERSHIP_SCHEDULER: 'in-process',
    // The reminder planner's messages go to this process's queue (local/reminder-queue.ts), not SQS,
    // and the sender sends unpaced: only the SES emulator bounds it.
    REMINDER_QUEUE: 'in-process',
    REMINDER_CLAIM_TIMEOUT_SECONDS: String(LOCAL_REMINDER_QUEUE.claimTimeoutSeconds),
    // Reminder channels and the logo function may reach this machine's receivers and sites (loopback, over
    // http): never set in the cloud (functions/lib/outbound/outbound.ts).
    OUTBOUND_ALLOW_LOOPBACK: '1',
  });
  delete process.env.REMINDER_QUEUE_URL;
  delete process.env.SES_SEND_RATE_PER_SENDER;
  delete process.env.JWT_SECRET_ARN;
  delete process.env.TWO_FACTOR_KEY_ARN;
  delete process.env.VAPID_KEY_ARN;
  for (const name of ['MEMBERSHIP_SCHEDULE_GROUP', 'MEMBERSHIP_SCHEDULER_ROLE_ARN', 'MEMBERSHIP_EXPIRY_ARN']) delete process.env[name];
  if (setup.corsAllowedOrigin) process.env.CORS_ALLOWED_ORIGIN = setup.corsAllowedOrigin;
  else delete process.env.CORS_ALLOWED_ORIGIN;
  if (setup.throttleExemptAddresses.length > 0) process.env.THROTTLE_EXEMPT_ADDRESSES = setup.throttleExemptAddresses.join(',');
  else delete process.env.THROTTLE_EXEMPT_ADDRESSES;
  if (setup.bcryptCost !== undefined) process.env.BCRYPT_COST = String(setup.bcryptCost);
  else delete process.env.BCRYPT_COST;
  // `npm start` passes LANDING_COUNTERS_MIN_USERS through from the shell; the test stacks set their own.
  if (setup.landingCountersMinUsers !== undefined) process.env.LANDING_COUNTERS_MIN_USERS = String(setup.landingCountersMinUsers);
  // No CloudFront in front of the local stack: no origin secret, and the socket's address is the client's.
  for (const name of ['ORIGIN_SECRET', 'ORIGIN_SECRET_ARN']) delete process.env[name];
}

export async function startFunctions(setup: FunctionsSetup): Promise<LocalFunctions> {
  configureEnvironment(setup);
  const dynamoDb = new DynamoDBClient({});
  await ensureTable(dynamoDb, TABLE_NAME);
  dynamoDb.destroy();

  const { ensureOwner } = await import('../functions/lib/users/owner.js');
  await ensureOwner(setup.owner);
  const { upgradeUserDirectory } = await import('../functions/lib/users/user-directory-upgrade.js');
  await upgradeUserDirectory();

  // Installed before any function loads: the membership functions reach their schedules through it.
  const { installMembershipSchedules, scheduleName } = await import('../functions/lib/membership/membership-schedules.js');
  const expiry = (await import('../functions/membership/expiry.js')) as typeof import('../functions/membership/expiry.js');
  const membershipSchedules = inProcessSchedules(scheduleName, (userId) => expiry.handler({ userId }));
  installMembershipSchedules(membershipSchedules);

  const handlers = new Map<Area, LambdaHandler>();
  for (const area of AREAS) {
    const module = (await import(`../functions/${area}/handler.ts`)) as { handler: LambdaHandler };
    handlers.set(area, module.handler);
  }
  const reminders = await localReminders();
  const feedback = await import('../functions/email-feedback/handler.js');
  const deliverSesNotification: DeliverSesNotification = (message) => feedback.handler(snsEventOf(message));
  const tableStreams = [await localAvatarTriggers(setup.emulators), await localLogoTrigger(setup.emulators)];
  const { runDailyRates } = await import('../functions/lib/rates/daily-rates.js');
  const { forgetCurrentRates } = await import('../functions/lib/rates/stored-rates.js');
  return {
    handlers,
    runReminders: reminders.run,
    reminderQueue: reminders.queue,
    membershipSchedules,
    deliverSesNotification,
    // The functions of this process read the stored rates again at their next use, whatever the run did
    // (in the cloud a new day reaches each instance within the hour, functions/lib/rates/stored-rates.ts).
    runDailyRates: async (source) => {
      try {
        return await runDailyRates(source);
      } finally {
        forgetCurrentRates();
      }
    },
    tableStreams,
  };
}

/**
 * The logo function's trigger, as infra/logos.ts wires it in the cloud: each subscription written (the table's
 * stream, filtered, there and here). Its downloads go through the outbound guard, which lets loopback through on the
 * local stack only (OUTBOUND_ALLOW_LOOPBACK): a site on this machine in the tests, the internet's sites otherwise.
 */
async function localLogoTrigger(emulators: Emulators): Promise<TableStream> {
  const logoFunction = await import('../functions/logos/handler.js');
  const { isSubscriptionSaved } = await import('../functions/lib/logos/logo-events.js');
  return pollTableStream({
    endpoint: emulators.dynamoDb.endpoint,
    tableName: TABLE_NAME,
    matches: isSubscriptionSaved,
    handle: (event) => logoFunction.handler(event),
  });
}

/**
 * The avatar function's two triggers, as infra/avatars.ts wires them in the cloud: each upload's
 * arrival under `uploads/` (S3 → EventBridge there, s3rver's event here) and each removal of a user
 * profile from the table (the table's stream, filtered, there and here).
 */
async function localAvatarTriggers(emulators: Emulators): Promise<TableStream> {
  const avatarFunction = await import('../functions/avatars/handler.js');
  const { AVATAR_UPLOAD_PREFIX } = await import('../shared/api/account.js');
  emulators.s3.onObjectCreated((key) => {
    if (!key.startsWith(AVATAR_UPLOAD_PREFIX)) return;
    const event = {
      source: 'aws.s3',
      'detail-type': 'Object Created',
      detail: { bucket: { name: AVATARS_BUCKET }, object: { key } },
    } as const;
    // Retried twice, as Lambda retries an asynchronous invocation (infra/avatars.ts).
    const check = (attempt: number): Promise<unknown> =>
      avatarFunction.handler(event).catch((error) => {
        if (attempt < 2) return check(attempt + 1);
        console.error(JSON.stringify({ level: 'error', msg: 'avatar check failed', key, error: String(error) }));
      });
    void check(0);
  });
  return pollTableStream({
    endpoint: emulators.dynamoDb.endpoint,
    tableName: TABLE_NAME,
    matches: isProfileRemoval,
    handle: (event) => avatarFunction.handler(event),
  });
}

/**
 * The reminder planner and sender wired to an in-process queue (installed for the planner): `run` plans
 * the hours up to an instant, waits until the queue has drained, and answers the plan's summary with the
 * sender's counts.
 */
export async function localReminders(settings: typeof LOCAL_REMINDER_QUEUE = LOCAL_REMINDER_QUEUE, consume?: ReminderConsumer) {
  const { planRemindersFor, runTime } = await import('../functions/reminders/planner.js');
  const { sendReminders, batchResponse } = await import('../functions/reminders/sender.js');
  const { installReminderQueue } = await import('../functions/reminders/queue.js');
  const sender: ReminderConsumer = async (event) => {
    const outcomes = await sendReminders(event);
    return { ...batchResponse(outcomes), outcomes };
  };
  const queue = inProcessReminderQueue(consume ?? sender, settings);
  installReminderQueue(queue);
  const run = async (event: { date?: string; at?: string }) => {
    const started = Date.now();
    const before = queue.counts(runTime(event).toISOString().slice(0, 10));
    const plan = await planRemindersFor(event);
    await queue.drained();
    const after = queue.counts(plan.date);
    const delta = (name: keyof typeof after) => after[name] - before[name];
    return {
      date: plan.date,
      at: plan.at,
      hours: plan.hours,
      read: plan.read,
      due: plan.due,
      queued: plan.queued,
      sent: delta('sent'),
      failed: delta('failed'),
      skipped: { ...plan.skipped, alreadySent: delta('alreadySent'), alreadyFailed: delta('alreadyFailed') },
      retried: delta('retried'),
      deadLettered: delta('deadLettered'),
      itemsRead: plan.itemsRead,
      complete: plan.complete,
      backfill: plan.backfill,
      planMs: plan.durationMs,
      durationMs: Date.now() - started,
    };
  };
  return { run, queue };
}
