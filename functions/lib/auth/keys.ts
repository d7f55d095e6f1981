import { userPartition } from '../chassis/table.js';

/** The auth domain's item keys: a signed-in device's session, and a one-time token (verification, reset, remembered device). */
export const authKeys = {
  session: (userId: string, sessionId: string) => ({ pk: userPartition(userId), sk: `SESSION#${sessionId}` }),
  token: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
} as const;
