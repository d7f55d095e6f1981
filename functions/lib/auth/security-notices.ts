import type { Logger } from '../chassis/log.js';
import { type SecurityNotice, securityNoticeEmail } from '../email/account-emails.js';
import { sendEmail } from '../email/email.js';
import type { UserItem } from '../users/user-item.js';

/**
 * Tells the account's verified address of a change that could be a takeover (issue 21): an e-mail
 * change asked for, made or removed, a new password, two-factor sign-in turned off. Sent after the
 * change is stored; a notice that cannot be sent is logged, not answered as a failure of the change.
 * An unverified address gets nothing: it may not be the owner's.
 */
export async function sendSecurityNotice(
  user: Pick<UserItem, 'id' | 'username' | 'email' | 'emailVerified'>,
  notice: SecurityNotice,
  log: Logger,
): Promise<void> {
  if (!user.email || !user.emailVerified) return;
  try {
    await sendEmail(securityNoticeEmail(user.email, user.username, notice));
  } catch (error) {
    log.warn('security notice not sent', { userId: user.id, notice: notice.kind, error: (error as Error).name });
  }
}
