import type { Subscription } from '../../shared/api/subscription.js';

let nextId = 1;

/** A valid active monthly subscription, with any fields overridden. */
export function sub(overrides: Partial<Subscription> = {}): Subscription {
  const id = String(nextId++);
  const amount = overrides.amount ?? 10;
  const currency = overrides.currency ?? 'USD';
  return {
    id,
    name: `Sub ${id}`,
    description: '',
    amount,
    currency,
    priceHistory: [{ amount, currency, effectiveFrom: '2026-01-01' }],
    category: 'streaming',
    dueDate: '2026-11-30',
    billingCycle: 'monthly',
    cycleInterval: 1,
    anchorDay: Number((overrides.dueDate ?? '2026-11-30').slice(8)),
    trialEndsAt: null,
    endsAt: null,
    noticeDays: null,
    cancelByDate: null,
    url: null,
    logo: null,
    cancelBy: null,
    externalId: null,
    autoRenew: false,
    status: 'active',
    deletedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
