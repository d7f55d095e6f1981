import { publicUrl } from '../chassis/config.js';
import type { Email } from '../email/email.js';
import { renderEmail } from '../email/email-layout.js';

/** What an invitation mail says about the subscription (issue 26). */
export interface InvitationMailDetails {
  payerName: string;
  subscriptionName: string;
  /** The invitee's share as the app writes it ('€5.99', '£6.49': shared/domain/currency.ts formatAmount). */
  share: string;
  /** How often, in words ('every month', 'every 6 months': shared/domain/subscription-labels.ts cycleEvery). */
  billingCycle: string;
}

const footer =
  'You received this e-mail because someone who uses Subscription Tracker invited this address to share a subscription. If you do not know them, ignore it: the invitation expires in 7 days.';

/** To an account: the invitation waits in the app (issue 26 'an in-app invitation and an e-mail'). */
export function invitationEmail(to: string, details: InvitationMailDetails): Email {
  return {
    to,
    subject: `${details.payerName} invited you to share ${details.subscriptionName}`,
    ...renderEmail({
      title: `${details.payerName} invited you to share ${details.subscriptionName}`,
      preview: `Your share would be ${details.share} ${details.billingCycle}.`,
      paragraphs: [
        `${details.payerName} pays for ${details.subscriptionName} and would like to split its cost with you.`,
        'Accept or decline the invitation on your dashboard. It expires in 7 days.',
      ],
      details: [
        ['Subscription', details.subscriptionName],
        ['Your share', `${details.share} ${details.billingCycle}`],
      ],
      action: { label: 'Open your dashboard', url: publicUrl('/dashboard') },
      footer,
    }),
  };
}

/** To an address without an account: a sign-up invitation, which reveals nothing to the payer. */
export function signUpInvitationEmail(to: string, details: InvitationMailDetails): Email {
  return {
    to,
    subject: `${details.payerName} invited you to share ${details.subscriptionName}`,
    ...renderEmail({
      title: `${details.payerName} invited you to share ${details.subscriptionName}`,
      preview: 'Create a free Subscription Tracker account to accept.',
      paragraphs: [
        `${details.payerName} pays for ${details.subscriptionName} and would like to split its cost with you on Subscription Tracker.`,
        'Create a free account with this e-mail address within 7 days; the invitation will be waiting on your dashboard.',
      ],
      details: [
        ['Subscription', details.subscriptionName],
        ['Your share', `${details.share} ${details.billingCycle}`],
      ],
      action: { label: 'Create your account', url: publicUrl(`/register?email=${encodeURIComponent(to)}`) },
      footer,
    }),
  };
}
