import { publicUrl } from '../chassis/config.js';
import type { Email } from './email.js';
import { renderEmail } from './email-layout.js';

export interface BudgetEmailInput {
  to: string;
  username: string;
  /** 'Your monthly budget' or 'Your Streaming budget'. */
  budgetName: string;
  /** 'November 2026'. */
  monthLabel: string;
  /** Formatted amounts in the budget's currency. */
  budget: string;
  projected: string;
}

/** The one e-mail of a budget and month whose projected spend passes it (issue 24 §5). */
export function budgetPassedEmail(input: BudgetEmailInput): Email {
  const subject = `${input.budgetName} for ${input.monthLabel} is passed`;
  return {
    to: input.to,
    subject,
    ...renderEmail({
      title: subject,
      preview: `Projected ${input.projected} against a budget of ${input.budget}.`,
      paragraphs: [
        `Hi ${input.username},`,
        `Your subscriptions are projected to cost ${input.projected} in ${input.monthLabel}, more than the ${input.budget} you budgeted. The Insights page shows which subscriptions make up the month.`,
        `This is the only e-mail about this budget for ${input.monthLabel}.`,
      ],
      details: [
        ['Budget', input.budget],
        ['Projected spend', input.projected],
      ],
      action: { label: 'Open Insights', url: publicUrl('/insights') },
      footer: 'You received this e-mail because you set this budget in Subscription Tracker. Change or remove it on the Insights page.',
    }),
  };
}
