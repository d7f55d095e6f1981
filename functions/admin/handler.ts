import { adminRoutes } from '../../shared/api/admin.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { now } from '../lib/chassis/clock.js';
import { HttpError, tooManyRequests } from '../lib/chassis/errors.js';
import { type Email, EmailSuppressedError, sendEmail } from '../lib/email/email.js';
import { reminderEmail } from '../lib/reminders/reminder-email.js';
import { mailToAddress, requireMailRequest, takeSlots } from '../lib/throttles/throttle.js';
import {
  changeEmailHandler,
  changeRoleHandler,
  changeStatusHandler,
  createUserHandler,
  deleteUserHandler,
  listUsersHandler,
  sendPasswordResetHandler,
  terminateSessionsHandler,
  userDetailsHandler,
} from './users.js';

const PREVIEW_DAYS = { '10day': 10, '3day': 3, test: 10 } as const;

/** A preview to an address that bounced or complained is refused like any optional mail: 409, not a crash. */
async function sendPreview(email: Email): Promise<void> {
  try {
    await sendEmail(email);
  } catch (error) {
    if (error instanceof EmailSuppressedError)
      throw new HttpError(409, 'E-mail to this address is stopped: it bounced or was marked as spam');
    throw error;
  }
}

/**
 * The admin area: staff tools, every route checked for owner or developer by the chassis. User
 * management is in users.ts (rules in rules.ts, the list in user-list.ts).
 */
export const handler = createApiHandler(adminRoutes, {
  listUsers: listUsersHandler,
  createUser: createUserHandler,
  changeRole: changeRoleHandler,
  deleteUser: deleteUserHandler,
  userDetails: userDetailsHandler,
  changeStatus: changeStatusHandler,
  sendPasswordReset: sendPasswordResetHandler,
  changeEmail: changeEmailHandler,
  terminateSessions: terminateSessionsHandler,
  previewEmail: async ({ body, user, clientAddress, log }) => {
    // It mails any address it is given: limited like every other mail a request sends.
    await requireMailRequest(clientAddress);
    const mail = await takeSlots(mailToAddress(body.email));
    if (!mail.taken) throw tooManyRequests(authMessages.tooManyEmailsToAddress, mail.retryAfterSeconds);
    const daysBefore = PREVIEW_DAYS[body.type];
    await sendPreview(
      reminderEmail({
        to: body.email,
        displayName: user.displayName || user.username,
        currency: user.currencyPreference,
        subscription: {
          name: 'Netflix Premium',
          amount: 22.99,
          billingCycle: 'monthly',
          dueDate: addDays(todayIn(user.timeZone, now()), daysBefore),
          category: 'streaming',
          autoRenew: true,
        },
        daysBefore,
        kind: body.type,
      }),
    );
    log.info('preview email sent', { type: body.type });
    return { message: `Preview email sent to ${body.email}` };
  },
});
