import { SUBSCRIPTION_LIMITS } from '@shared/domain/subscription-limits';
import { Link } from 'react-router';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import { LegalDocument, type LegalSection } from './LegalDocument';

/** A ceiling of shared/domain/subscription-limits.ts as the terms write it: '2,000'. */
const limit = (tier: keyof typeof SUBSCRIPTION_LIMITS) => SUBSCRIPTION_LIMITS[tier].toLocaleString('en-US');

const sections: LegalSection[] = [
  {
    heading: 'Acceptance of these terms',
    content: (
      <p>
        By creating an account or using Subscription Tracker you agree to these Terms of Service and to our{' '}
        <Link to="/privacy">Privacy Policy</Link>. If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    heading: 'What the service does',
    content: (
      <>
        <p>
          Subscription Tracker lets you keep a list of your recurring subscriptions, see totals, due dates and spending by category, and
          receive email reminders <strong>10 days and 3 days</strong> before a due date. VIP and Premium plans also receive a final reminder
          1 day before.
        </p>
        <p>
          <strong>Subscription Tracker does not process payments and does not cancel subscriptions on your behalf.</strong> You stay
          responsible for paying, renewing and canceling each subscription directly with its provider. Reminders are a convenience: always
          check the terms of your providers.
        </p>
      </>
    ),
  },
  {
    heading: 'Eligibility',
    content: <p>The service is not intended for children under 13. You must be at least 13 years old to create an account.</p>,
  },
  {
    heading: 'Your account',
    content: (
      <>
        <p>You are responsible for your account and everything done with it. When you register you agree to:</p>
        <ul>
          <li>
            choose a password of at least <strong>8 characters with at least one number and one special character</strong> (!@#$%^&amp;*),
            and keep it secret;
          </li>
          <li>give a valid email address and verify it before your first login;</li>
          <li>tell us at once if you believe someone else has used your account.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'Plans',
    content: (
      <>
        <p>
          The Member plan is free. VIP and Premium plans add features such as an ad-free experience, profile customization and a yearly
          spending report. Online payment for these plans is not available yet, and no one is charged through Subscription Tracker.
        </p>
        <p>
          An account keeps up to <strong>{limit('member')} subscriptions</strong> on the Member plan and <strong>{limit('vip')}</strong> on
          VIP. Premium&apos;s unlimited subscriptions have one limit, against abuse of the service:{' '}
          <strong>{limit('premium')} subscriptions</strong> per account. Subscriptions in the trash count until they are deleted for good or
          their 30 days in the trash are over.
        </p>
      </>
    ),
  },
  {
    heading: 'Acceptable use',
    content: (
      <ul>
        <li>Do not try to access other people&apos;s accounts or data.</li>
        <li>Do not disrupt, overload or probe the service or its security.</li>
        <li>Do not use the service for anything unlawful.</li>
      </ul>
    ),
  },
  {
    heading: 'Your data and account deletion',
    content: (
      <>
        <p>
          Your subscriptions and account details are yours. You can download an export of your data from your account settings at any time,
          in <strong>JSON</strong> format, and delete your account there.
        </p>
        <p>
          When your account is deleted, its data is purged from our systems <strong>within 30 days</strong>, and from our backups{' '}
          <strong>within 90 days</strong>.
        </p>
      </>
    ),
  },
  {
    heading: 'Suspension',
    content: (
      <p>
        We may deactivate an account that breaks these terms or puts the service or other users at risk. A deactivated account can contact
        support to find out why and how to restore access.
      </p>
    ),
  },
  {
    heading: 'Disclaimer and liability',
    content: (
      <p>
        The service is provided as is. We work to deliver every reminder on time but cannot guarantee it, and we are not liable for charges,
        late fees or renewals made by your providers.
      </p>
    ),
  },
  {
    heading: 'Changes to these terms',
    content: (
      <p>
        We may update these terms. The date at the top shows the latest version; continuing to use the service after a change means you
        accept it.
      </p>
    ),
  },
  {
    heading: 'Contact',
    content: (
      <p>
        Questions about these terms? Write to <SupportEmailLink /> or use our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

/** /terms (SPEC §2 Terms and Privacy). */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms explain what Subscription Tracker does, what it does not do, and the rules for using it."
      sections={sections}
    />
  );
}
