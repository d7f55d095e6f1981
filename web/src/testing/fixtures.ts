/** Contract-shaped records for component tests: valid values, any field overridden. */
import type { Channel } from '@shared/api/channels';
import type { Subscription } from '@shared/api/subscription';
import type { User } from '@shared/api/user';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'alice',
    displayName: 'Alice',
    email: 'alice@example.com',
    emailVerified: true,
    role: 'member',
    avatar: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    accountStatus: 'active',
    subscriptionType: null,
    subscriptionEnd: null,
    isForever: false,
    autoRenew: false,
    pendingDowngrade: false,
    paymentMethod: null,
    cardLast4: null,
    paypalEmail: null,
    phoneNumber: null,
    notificationMethod: 'email',
    currencyPreference: 'USD',
    notify10Days: false,
    notify3Days: true,
    notify1Day: true,
    profileEffect: 'none',
    profileColor: '#2563eb',
    allowAnimatedPfp: false,
    two_factor_enabled: false,
    backupCodesRemaining: 0,
    timeZone: 'UTC',
    reminderHour: 8,
    emailSuppressed: null,
    pendingEmail: null,
    ...overrides,
  };
}

let nextId = 1;

/** An active monthly subscription of 9.99 USD, due 2026-12-15. */
export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  const amount = overrides.amount ?? 9.99;
  const currency = overrides.currency ?? 'USD';
  return {
    id,
    name: 'Netflix',
    description: '',
    amount,
    currency,
    priceHistory: [{ amount, currency, effectiveFrom: '2026-01-15' }],
    category: 'streaming',
    dueDate: '2026-12-15',
    billingCycle: 'monthly',
    cycleInterval: 1,
    anchorDay: 15,
    trialEndsAt: null,
    endsAt: null,
    noticeDays: null,
    cancelByDate: null,
    url: null,
    logo: null,
    cancelBy: null,
    externalId: null,
    autoRenew: true,
    status: 'active',
    deletedAt: null,
    createdAt: '2026-01-15T00:00:00.000Z',
    updatedAt: '2026-01-15T00:00:00.000Z',
    ...overrides,
  };
}

/** A reminder channel of the user's (ntfy unless overridden). */
export function aChannel(overrides: Partial<Channel> = {}): Channel {
  return {
    id: 'ch-phone',
    type: 'ntfy',
    name: 'Phone',
    enabled: true,
    config: { server: 'https://ntfy.sh', topic: 'alice-reminders', token: null },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
