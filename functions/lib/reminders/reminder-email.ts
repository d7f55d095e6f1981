import type { BillingCycle } from '../../../shared/api/subscription.js';
import { categoryLabel } from '../../../shared/domain/categories.js';
import { formatMoney } from '../../../shared/domain/currency.js';
import { formatDateShort } from '../../../shared/domain/dates.js';
import type { ReminderKind } from '../../../shared/domain/reminders.js';
import { cycleLabel } from '../../../shared/domain/subscription-labels.js';
import { publicUrl } from '../chassis/config.js';
import type { Email } from '../email/email.js';
import { renderEmail } from '../email/email-layout.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

export interface ReminderEmailInput {
  to: string;
  displayName: string;
  currency: string;
  subscription: { name: string; amount: number; billingCycle: BillingCycle; dueDate: string; category: string; autoRenew: boolean };
  daysBefore: number;
  kind: ReminderKind | 'test';
  /**
   * The recipient's `unsubscribeToken(user.id)`: every reminder to a user carries it, as the one-click
   * List-Unsubscribe header and the footer's link. An admin's preview, sent to any address, has none.
   */
  unsubscribeToken?: string;
}

/** The token of a user's unsubscribe links, for `reminderEmail`'s input. */
export const unsubscribeToken = signUnsubscribeToken;

/**
 * The one-click URL (POST, RFC 8058) that List-Unsubscribe names: the contract's public
 * `authRoutes.unsubscribe` (spelled out here, so the reminder bundle does not take in the auth schemas).
 */
export const oneClickUnsubscribeUrl = (token: string) => publicUrl(`/api/auth/unsubscribe/${encodeURIComponent(token)}`);

/** The page a person opens from the footer's link: it asks before turning reminders off (a link preview must not). */
export const unsubscribePageUrl = (token: string) => publicUrl(`/unsubscribe?token=${encodeURIComponent(token)}`);

const inDays = (n: number) => (n === 1 ? 'tomorrow' : `in ${n} days`);

/** The renewal reminder: which subscription, how much in the user's currency, when, and where to act. */
export function reminderEmail(input: ReminderEmailInput): Email {
  const { subscription: sub, daysBefore } = input;
  const amount = formatMoney(sub.amount, input.currency);
  const when = formatDateShort(sub.dueDate);
  const final = input.kind === '1day';
  const token = input.unsubscribeToken;
  return {
    to: input.to,
    ...(token ? { listUnsubscribeUrl: oneClickUnsubscribeUrl(token) } : {}),
    subject: `${input.kind === 'test' ? '[Test] ' : ''}Reminder: ${sub.name} renews ${inDays(daysBefore)} (${amount})`,
    ...renderEmail({
      preview: `${amount}${cycleLabel(sub.billingCycle)}, due ${when}.`,
      title: final ? `Final reminder: ${sub.name} renews tomorrow` : `${sub.name} renews ${inDays(daysBefore)}`,
      paragraphs: [
        `Hi ${input.displayName},`,
        `Your ${sub.name} subscription is due on ${when}. ${
          sub.autoRenew
            ? 'It renews automatically, so make sure you still want it.'
            : 'Renew it, cancel it, or change the date in your dashboard.'
        }`,
      ],
      details: [
        ['Subscription', sub.name],
        ['Amount', `${amount}${cycleLabel(sub.billingCycle)}`],
        ['Due date', when],
        ['Category', categoryLabel(sub.category)],
      ],
      action: { label: 'Open your dashboard', url: publicUrl('/dashboard') },
      footer:
        'You get this e-mail because renewal reminders are on for your account. Choose which reminders you get under Settings → Notification Preferences.',
      footerLinks: [
        { label: 'Change your reminder settings', url: publicUrl('/settings') },
        ...(token ? [{ label: 'Unsubscribe from reminders', url: unsubscribePageUrl(token) }] : []),
      ],
    }),
  };
}
