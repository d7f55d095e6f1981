import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { type SchedulerSettings, schedulerConfig } from './config.js';
import { environmentCredentials } from './credentials.js';

/**
 * The one-time schedule that applies a membership's due change at its end (DESIGN §1): one per
 * user, named from the user id, created or replaced when the end is set or moves, deleted when
 * there is no end any more. The expiry function is its target (functions/membership/expiry.ts).
 *
 * Two implementations behind one port: EventBridge Scheduler in the cloud and on LocalStack, and
 * the local stack's in-process timers (local/membership-schedules.ts), which it installs with
 * {@link installMembershipSchedules} and selects with MEMBERSHIP_SCHEDULER=in-process.
 */
export interface MembershipSchedules {
  /** Creates or replaces the user's schedule to fire at the instant `at` (ISO). */
  set(userId: string, at: string): Promise<void>;
  /** Deletes the user's schedule; nothing to delete is fine. */
  clear(userId: string): Promise<void>;
}

/** `membership-<user id>`: letters, digits, '-' and '_', within Scheduler's 64 characters. */
export function scheduleName(userId: string): string {
  return `membership-${userId}`.replace(/[^0-9A-Za-z_.-]/g, '_').slice(0, 64);
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

/** EventBridge Scheduler: a one-time `at()` schedule in the group, deleted by Scheduler after it runs. */
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
      const Name = scheduleName(userId);
      const create = () =>
        client.send(
          new CreateScheduleCommand({
            Name,
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
      // Replace = delete and create again (the function may only create and delete schedules); a
      // concurrent replacement can make the create meet a schedule once more, hence the bounded retry.
      for (let attempt = 0; ; attempt++) {
        try {
          await create();
          return;
        } catch (error) {
          if (!(error instanceof ConflictException) || attempt >= 2) throw error;
          await remove(Name);
        }
      }
    },
    clear: (userId) => remove(scheduleName(userId)),
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
