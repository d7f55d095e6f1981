import { userPartition } from '../chassis/table.js';

export const PASSKEY_PREFIX = 'PASSKEY#';
export const SSO_LINK_PREFIX = 'SSOLINK#';

/**
 * The auth domain's item keys: a signed-in device's session, a one-time token (verification, reset, remembered
 * device), passkeys and their ceremonies' used tickets (issue 38 §1), single sign-on's flows, identities and links
 * (issue 38 §2).
 */
export const authKeys = {
  session: (userId: string, sessionId: string) => ({ pk: userPartition(userId), sk: `SESSION#${sessionId}` }),
  token: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  passkey: (userId: string, passkeyId: string) => ({ pk: userPartition(userId), sk: `${PASSKEY_PREFIX}${passkeyId}` }),
  passkeyTicket: (ticketId: string) => ({ pk: `PASSKEYTICKET#${ticketId}`, sk: 'PASSKEYTICKET' }),
  ssoFlow: (state: string) => ({ pk: `SSOFLOW#${state}`, sk: 'SSOFLOW' }),
  ssoIdentity: (identityHash: string) => ({ pk: `SSOID#${identityHash}`, sk: 'SSOID' }),
  ssoLink: (userId: string, linkId: string) => ({ pk: userPartition(userId), sk: `${SSO_LINK_PREFIX}${linkId}` }),
} as const;
