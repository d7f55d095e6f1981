import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { type SchedulerSettings, schedulerConfig } from '../chassis/config.js';
import { environmentCredentials } from '../chassis/credentials.js';

/**
 * The one-time schedule that applies a membership's due change at its end (DESIGN §1): named from
 * the user id and the end's instant, created when an end is set, and the one of the old end deleted
 * once the end has moved or gone. A name per instant, not per user: Scheduler deletes a one-time
 * schedule by name after it has run (ActionAfterCompletion DELETE), and the expiry function creates
 * the next end's schedule during that run; under one name per user it could delete the new one. The
 * expiry function is the target (functions/membership/expiry.ts).
 *
 * Two implementations behind one port: EventBridge Scheduler in the cloud and on LocalStack, and
 * the local stack's in-process timers (local/membership-schedules.ts), which it installs with
 * {@link installMembershipSchedules} and selects with MEMBERSHIP_SCHEDULER=in-process.
 */
export interface MembershipSchedules {
  /** Makes sure the user has a schedule firing at the instant `at` (ISO); one already there is kept. */
  set(userId: string, at: string): Promise<void>;
  /** Deletes the user's schedule for the instant `at`; nothing to delete is fine. */
  clear(userId: string, at: string): Promise<void>;
}

/** `membership-<user id>-<epoch seconds>`: letters, digits, '-' and '_', within Scheduler's 64 characters. */
export function scheduleName(userId: string, at: string): string {
  const seconds = Math.ceil(new Date(at).getTime() / 1000);
  return `membership-${userId.replace(/[^0-9A-Za-z_.-]/g, '_').slice(0, 40)}-${seconds}`;
}

/**
 * Scheduler's `at(yyyy-mm-ddThh:mm:ss)` in UTC, rounded up to the whole second, so the schedule
 * never fires before the end it is for.
 */
export function atExpression(at: string): string {
  const ms = Math.ceil(new Date(at).getTime() / 1000) * 1000;
  return `at(${new Date(ms).toISOString().slice(0, 19)})`;
}

let installed: MembershipSchedules | undefined;

/** The local stack's in-process schedules (used when MEMBERSHIP_SCHEDULER=in-process). */
export function installMembershipSchedules(schedules: MembershipSchedules): void {
  installed = schedules;
}

/** EventBridge Scheduler: one-time `at()` schedules in the group, deleted by Scheduler after they run. */
export function eventBridgeSchedules(settings: Required<SchedulerSettings>, client: SchedulerClient): MembershipSchedules {
  const GroupName = settings.MEMBERSHIP_SCHEDULE_GROUP;
  const remove = async (Name: string) => {
    try {
      await client.send(new DeleteScheduleCommand({ Name, GroupName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  };
  return {
    async set(userId, at) {
      try {
        await client.send(
          new CreateScheduleCommand({
            Name: scheduleName(userId, at),
            GroupName,
            ScheduleExpression: atExpression(at),
            ScheduleExpressionTimezone: 'UTC',
            FlexibleTimeWindow: { Mode: 'OFF' },
            ActionAfterCompletion: 'DELETE',
            Description: 'Applies the membership change due at its end',
            Target: {
              Arn: settings.MEMBERSHIP_EXPIRY_ARN,
              RoleArn: settings.MEMBERSHIP_SCHEDULER_ROLE_ARN,
              Input: JSON.stringify({ userId }),
              RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 86_400 },
            },
          }),
        );
      } catch (error) {
        // The schedule for this very instant exists already: it is the one wanted.
        if (!(error instanceof ConflictException)) throw error;
      }
    },
    clear: (userId, at) => remove(scheduleName(userId, at)),
  };
}

let client: SchedulerClient | undefined;

/**
 * The schedules of this environment; `expiryArn` is the target when the caller knows it (the
 * expiry function re-arming itself), otherwise MEMBERSHIP_EXPIRY_ARN (settings checked by
 * config.ts's schedulerConfig, which each membership function calls at cold start).
 */
export function membershipSchedules(expiryArn?: string): MembershipSchedules {
  if (process.env.MEMBERSHIP_SCHEDULER === 'in-process') {
    if (!installed) throw new Error('MEMBERSHIP_SCHEDULER=in-process, but the local stack installed no schedules');
    return installed;
  }
  const settings = schedulerConfig(expiryArn === undefined);
  client ??= new SchedulerClient({ credentials: environmentCredentials, maxAttempts: 3 });
  return eventBridgeSchedules({ ...settings, MEMBERSHIP_EXPIRY_ARN: expiryArn ?? (settings.MEMBERSHIP_EXPIRY_ARN as string) }, client);
}

/** The end a membership's schedule fires at: paid, not forever, with an end; null otherwise. */
export function scheduledEnd(state: {
  subscriptionType: string | null;
  isForever: boolean;
  subscriptionEnd: string | null;
}): string | null {
  return state.subscriptionType && !state.isForever && state.subscriptionEnd ? state.subscriptionEnd : null;
}
