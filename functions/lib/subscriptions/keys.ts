import { userPartition } from '../chassis/table.js';

/** The subscriptions domain's item keys: a subscription on its owner's partition. */
export const subscriptionKeys = {
  subscription: (userId: string, subscriptionId: string) => ({ pk: userPartition(userId), sk: `${SUBSCRIPTION_PREFIX}${subscriptionId}` }),
} as const;

export const SUBSCRIPTION_PREFIX = 'SUB#';
