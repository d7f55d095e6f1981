import type { ThrottleRule } from '../lib/throttles/throttle.js';

/** Contact messages from one sender's address: 3 an hour. */
export const CONTACT_BY_EMAIL: ThrottleRule = { scope: 'contact-email', limit: 3, windowSeconds: 60 * 60 };
/** Contact messages from one client address, whatever the sender's address: 10 an hour. */
export const CONTACT_BY_ADDRESS: ThrottleRule = { scope: 'contact-address', limit: 10, windowSeconds: 60 * 60 };
/** How long a forwarded message is kept in the table (docs/decisions/0050-public-site.md). */
export const CONTACT_MESSAGE_DAYS = 90;
