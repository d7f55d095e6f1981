import type { User } from '../../../shared/api/user.js';
import { DEFAULT_REMINDER_HOUR } from '../../../shared/domain/reminders/hour.js';
import { normalizeRole } from '../../../shared/domain/roles.js';
import { epochSeconds } from '../chassis/table.js';
import { effectiveUserItem } from '../membership/membership.js';
import type { UserItem } from './user-item.js';

/**
 * What the API sends for a user: never the hash, the token version or other internals. The
 * membership is the effective one at this instant, whatever the item holds (a term that has ended
 * never shows as paid; shared/domain/membership.ts).
 */
export function toPublicUser(stored: UserItem): User {
  const item = effectiveUserItem(stored);
  return {
    id: item.id,
    username: item.username,
    displayName: item.displayName || item.username,
    email: item.email ?? null,
    emailVerified: Boolean(item.emailVerified),
    role: normalizeRole(item.role),
    avatar: item.avatar ?? null,
    createdAt: item.createdAt,
    accountStatus: item.accountStatus === 'deactivated' ? 'deactivated' : 'active',
    subscriptionType: item.subscriptionType ?? null,
    subscriptionEnd: item.subscriptionEnd ?? null,
    isForever: Boolean(item.isForever),
    autoRenew: Boolean(item.autoRenew),
    pendingDowngrade: Boolean(item.pendingDowngrade),
    paymentMethod: item.paymentMethod ?? null,
    cardLast4: item.cardLast4 ?? null,
    paypalEmail: item.paypalEmail ?? null,
    phoneNumber: item.phoneNumber ?? null,
    notificationMethod: item.notificationMethod ?? 'email',
    currencyPreference: item.currencyPreference ?? 'USD',
    notify10Days: item.notify10Days ?? true,
    notify3Days: item.notify3Days ?? true,
    notify1Day: item.notify1Day ?? false,
    profileEffect: item.profileEffect ?? 'none',
    profileColor: item.profileColor ?? 'cyan',
    allowAnimatedPfp: Boolean(item.allowAnimatedPfp),
    two_factor_enabled: Boolean(item.twoFactorEnabled),
    backupCodesRemaining: item.twoFactorEnabled ? (item.backupCodeHashes?.length ?? 0) : 0,
    timeZone: item.timeZone ?? 'UTC',
    reminderHour: item.reminderHour ?? DEFAULT_REMINDER_HOUR,
    emailSuppressed: emailSuppressedFor(item),
    pendingEmail: pendingEmailOf(item),
  };
}

/** The new address waiting for its link, while the link can still be used. */
export function pendingEmailOf(item: Pick<UserItem, 'pendingEmail' | 'pendingEmailUntil'>): string | null {
  return item.pendingEmail && (item.pendingEmailUntil ?? 0) > epochSeconds() ? item.pendingEmail : null;
}

/** Why mail to the user's current address stopped, if it did: a new address has no notice. */
function emailSuppressedFor(item: UserItem): User['emailSuppressed'] {
  const suppression = item.emailSuppression;
  return suppression && item.email && suppression.address === item.email.trim().toLowerCase() ? suppression.reason : null;
}
