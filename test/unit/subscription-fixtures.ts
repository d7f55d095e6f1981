import type { Subscription } from '../../shared/api/subscription.js';

let nextId = 1;

/** A valid active monthly subscription, with any fields overridden. */
export function sub(overrides: Partial<Subscription> = {}): Subscription {
  const id = String(nextId++);
  return {
    id,
    name: `Sub ${id}`,
    description: '',
    amount: 10,
    category: 'streaming',
    dueDate: '2026-11-30',
    billingCycle: 'monthly',
    autoRenew: false,
    status: 'active',
    deletedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
