import { adminRoutes } from '../../shared/api/admin.js';
import { addDays, todayIn } from '../../shared/domain/dates.js';
import { sendEmail } from '../lib/email.js';
import { HttpError } from '../lib/errors.js';
import { createApiHandler } from '../lib/http.js';
import { reminderEmail } from '../lib/reminder-email.js';

const PREVIEW_DAYS = { '10day': 10, '3day': 3, test: 10 } as const;

/** The admin area: staff tools, every route checked for owner or developer by the chassis. */
// PLACEHOLDER on the admin-contract branch only: the user-management engineer builds these.
const notBuilt = async (): Promise<never> => {
  throw new HttpError(501, 'Not built yet');
};

export const handler = createApiHandler(adminRoutes, {
  listUsers: notBuilt,
  createUser: notBuilt,
  changeRole: notBuilt,
  deleteUser: notBuilt,
  userDetails: notBuilt,
  changeStatus: notBuilt,
  sendPasswordReset: notBuilt,
  changeEmail: notBuilt,
  terminateSessions: notBuilt,
  previewEmail: async ({ body, user, log }) => {
    const daysBefore = PREVIEW_DAYS[body.type];
    await sendEmail(
      reminderEmail({
        to: body.email,
        displayName: user.displayName || user.username,
        currency: user.currencyPreference,
        subscription: {
          name: 'Netflix Premium',
          amount: 22.99,
          billingCycle: 'monthly',
          dueDate: addDays(todayIn(user.timeZone), daysBefore),
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
