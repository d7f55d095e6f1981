import type { BillingCycle } from '../../../shared/api/subscription.js';
import { categoryLabel } from '../../../shared/domain/categories.js';
import { formatBilledAndDisplay, type RateTable } from '../../../shared/domain/currency.js';
import { formatDateShort } from '../../../shared/domain/dates.js';
import { endsTrial, type ReminderEvent, type ReminderKind } from '../../../shared/domain/reminders/events.js';
import type { ReminderRule, RulesSource } from '../../../shared/domain/reminders/rules.js';
import { leadTimeInWords } from '../../../shared/domain/reminders/schedule.js';
import { cycleLabel } from '../../../shared/domain/subscription-labels.js';
import { publicUrl } from '../chassis/config.js';
import type { Email } from '../email/email.js';
import { renderEmail } from '../email/email-layout.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** A shared subscription's reminder states the recipient's share (issue 26). */
export interface ReminderShare {
  amount: number;
  payerName: string | null;
  memberCount: number;
}

export interface ReminderEmailInput {
  to: string;
  displayName: string;
  /** The recipient's display currency: a price billed in another one is shown in it too ('≈ $10.86'). */
  currency: string;
  /**
   * What the reminder is about. `amount` / `currency` are the renewal's price as billed (the price in force
   * on `dueDate`); missing fields read as a USD subscription renewing every cycle, with no trial or notice.
   */
  subscription: {
    name: string;
    amount: number;
    currency?: string;
    billingCycle: BillingCycle;
    cycleInterval?: number;
    dueDate: string;
    category: string;
    autoRenew: boolean;
    trialEndsAt?: string | null;
    cancelBy?: string | null;
    noticeDays?: number | null;
    endsAt?: string | null;
    /**
     * On a shared subscription (issue 26): the recipient's share of `amount` (in its currency), who pays
     * (null when the recipient is the payer) and how many people share the cost, the payer included.
     */
    share?: ReminderShare;
  };
  /** A renewal (the default), a trial's end, a cancel-by date or the end date. */
  event?: ReminderEvent;
  /** Days from the reminder to its event's date. */
  daysBefore: number;
  /** SPEC's reminder it is ('1day' says 'Final reminder'), or 'test'; a rule's reminder has `leadTime` instead. */
  kind?: ReminderKind | 'test';
  /** The rule's lead time (issue 25 §1), said in words: 'in 12 hours', 'in 2 weeks', 'today'. */
  leadTime?: Pick<ReminderRule, 'offset' | 'unit'>;
  /** Whose rules sent it: SPEC's standard reminders (the default), the account's own or the subscription's own. */
  rulesSource?: RulesSource;
  /**
   * The recipient's `unsubscribeToken(user.id)`: every reminder to a user carries it, as the one-click
   * List-Unsubscribe header and the footer's link. An admin's preview, sent to any address, has none.
   */
  unsubscribeToken?: string;
  /** The rates a price in another currency is shown at (the fixed table by default). */
  rates?: RateTable;
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

/**
 * A reminder e-mail (SPEC §1, §9; issue 24 §3): a renewal, a free trial's end or the last day to cancel
 * before a renewal. Every price is the one in force at that renewal, as billed ('€9.99'), and in the
 * recipient's display currency when that is another ('≈ $10.86').
 */
export function reminderEmail(input: ReminderEmailInput): Email {
  const { subject, title, lead, details, price, cycle, due } = reminderWording(input);
  const token = input.unsubscribeToken;
  const sub = input.subscription;
  const test = input.kind === 'test' ? '[Test] ' : '';
  return {
    to: input.to,
    ...(token ? { listUnsubscribeUrl: oneClickUnsubscribeUrl(token) } : {}),
    subject: `${test}${subject}`,
    ...renderEmail({
      preview: `${price.billed}${cycle}, due ${due}.`,
      title,
      paragraphs: [`Hi ${input.displayName},`, lead],
      details: [...details, ['Category', categoryLabel(sub.category)]],
      action: { label: 'Open your dashboard', url: publicUrl('/dashboard') },
      ...reminderSettingsFooter(input.rulesSource ?? 'default'),
      footerLinks: [
        { label: 'Change your reminder settings', url: publicUrl(input.rulesSource === 'subscription' ? '/dashboard' : '/settings') },
        ...(token ? [{ label: 'Unsubscribe from reminders', url: unsubscribePageUrl(token) }] : []),
      ],
    }),
  };
}

/**
 * Why the recipient gets the e-mail and where they change that (issue 35 §2.7): SPEC's standard reminders
 * follow Notification Preferences; a user's own rules are changed where they were made.
 */
function reminderSettingsFooter(source: RulesSource): { footer: string } {
  if (source === 'account')
    return { footer: 'You get this e-mail because of your own reminders. Change them under Settings → Your reminders.' };
  if (source === 'subscription')
    return {
      footer: "You get this e-mail because of this subscription's own reminders. Change them in its details on your dashboard.",
    };
  return {
    footer:
      'You get this e-mail because renewal reminders are on for your account. Choose which reminders you get under Settings → Notification Preferences.',
  };
}

/**
 * A reminder's words, shared by the e-mail and the reminder channels (issue 25 §2): the subject line, the
 * title, the lead sentence and the details rows.
 */
export function reminderWording(input: Omit<ReminderEmailInput, 'to' | 'unsubscribeToken'>) {
  const { subscription: sub } = input;
  const when = input.leadTime ? leadTimeInWords(input.leadTime) : inDays(input.daysBefore);
  const price = formatBilledAndDisplay(sub.amount, sub.currency ?? 'USD', input.currency, input.rates);
  const cycle = cycleLabel(sub.billingCycle, sub.cycleInterval ?? 1);
  /** '€9.99/month (≈ $10.86)' */
  const pricePerCycle = `${price.billed}${cycle}${price.approx ? ` (${price.approx})` : ''}`;
  const due = formatDateShort(sub.dueDate);
  const final = input.kind === '1day' || (input.leadTime?.unit === 'days' && input.leadTime.offset === 1);
  const event = input.event ?? 'renewal';
  const trialEndsAt = sub.trialEndsAt ?? null;
  const endingTrial = (event === 'trialEnd' || (event === 'renewal' && endsTrial(sub))) && trialEndsAt !== null;

  let subject: string;
  let title: string;
  let lead: string;
  let details: [string, string][];
  if (endingTrial) {
    const ends = formatDateShort(trialEndsAt);
    subject = `Reminder: Your free trial of ${sub.name} ends ${when} \u2014 it then costs ${pricePerCycle}`;
    title = `${final ? 'Final reminder: your' : 'Your'} free trial of ${sub.name} ends ${when}`;
    lead = `Your free trial of ${sub.name} ends on ${ends}. It then costs ${pricePerCycle}, first charged on ${due}. ${
      sub.autoRenew
        ? 'It renews automatically, so cancel it before then if you do not want it.'
        : 'Cancel it before then if you do not want it.'
    }`;
    details = [
      ['Subscription', sub.name],
      ['Trial ends', ends],
      ['Then', pricePerCycle],
      ['First charge', due],
    ];
  } else if (event === 'cancelBy' && sub.cancelBy) {
    const by = formatDateShort(sub.cancelBy);
    const notice = sub.noticeDays === 1 ? '1 day' : `${sub.noticeDays ?? 0} days`;
    // A date the user gave as a date (issue 35 §2.5) has no notice period to speak of.
    const why =
      sub.noticeDays === null ? `You set ${by} as the last day to cancel it` : `Its notice period is ${notice}, so cancel it by ${by}`;
    subject = `Reminder: Cancel ${sub.name} by ${by} to avoid the next renewal`;
    title = final ? `Final reminder: cancel ${sub.name} by tomorrow` : `Cancel ${sub.name} by ${by}`;
    lead = `Your ${sub.name} subscription renews on ${due} for ${pricePerCycle}. ${why} if you no longer want it.`;
    details = [
      ['Subscription', sub.name],
      ['Cancel by', by],
      ['Renews on', due],
      ['Amount', pricePerCycle],
    ];
  } else if (event === 'end' && sub.endsAt) {
    const ends = formatDateShort(sub.endsAt);
    subject = `Reminder: ${sub.name} ends ${when} (${ends})`;
    title = `${sub.name} ends ${when}`;
    lead = `Your ${sub.name} subscription ends on ${ends}. Renew or replace it before then if you still need it.`;
    details = [
      ['Subscription', sub.name],
      ['Ends on', ends],
      ['Amount', pricePerCycle],
    ];
  } else if (sub.share) {
    // A shared subscription's renewal (issue 26): the recipient's share first, then the whole price.
    const share = formatBilledAndDisplay(sub.share.amount, sub.currency ?? 'USD', input.currency, input.rates);
    const yourShare = `${share.billed}${share.approx ? ` (${share.approx})` : ''}`;
    const people = `${sub.share.memberCount} people`;
    subject = `Reminder: ${sub.name} renews ${when} (your share ${share.billed}${share.approx ? ` ${share.approx}` : ''})`;
    title = final ? `Final reminder: ${sub.name} renews tomorrow` : `${sub.name} renews ${when}`;
    lead = sub.share.payerName
      ? `${sub.name}, which ${sub.share.payerName} pays and shares with ${people}, is due on ${due}. Your share is ${yourShare} of ${pricePerCycle}: settle it with ${sub.share.payerName}.`
      : `Your ${sub.name} subscription, shared by ${people}, is due on ${due}. Your share is ${yourShare} of ${pricePerCycle}; the others' shares are yours to collect.`;
    details = [
      ['Subscription', sub.name],
      ['Your share', yourShare],
      ['Amount', pricePerCycle],
      ['Due date', due],
      ...(sub.share.payerName ? [['Paid by', sub.share.payerName] as [string, string]] : []),
    ];
  } else {
    subject = `Reminder: ${sub.name} renews ${when} (${price.billed}${price.approx ? ` ${price.approx}` : ''})`;
    title = final ? `Final reminder: ${sub.name} renews tomorrow` : `${sub.name} renews ${when}`;
    lead = `Your ${sub.name} subscription is due on ${due}. ${
      sub.autoRenew
        ? 'It renews automatically, so make sure you still want it.'
        : 'Renew it, cancel it, or change the date in your dashboard.'
    }`;
    details = [
      ['Subscription', sub.name],
      ['Amount', pricePerCycle],
      ['Due date', due],
      ...(sub.cancelBy && sub.cancelBy !== sub.dueDate ? [['Cancel by', formatDateShort(sub.cancelBy)] as [string, string]] : []),
    ];
  }
  return { subject, title, lead, details, price, cycle, due };
}
