import { Link } from 'react-router';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Information we collect',
    content: (
      <ul>
        <li>
          <strong>Account details:</strong> your username, email address, password (stored only as a secure hash), and optionally a display
          name, phone number and profile picture.
        </li>
        <li>
          <strong>Subscriptions you enter:</strong> names, amounts, billing cycles, due dates, categories and notes.
        </li>
        <li>
          <strong>Messages you send us</strong> with the contact page: your name, email address and message.
        </li>
        <li>
          <strong>Technical details:</strong> your time zone, so reminders arrive on the right day, a log of security-relevant account
          activity, and counts of sign-in attempts and messages per network address, which expire after at most an hour.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    content: (
      <ul>
        <li>to run your dashboard and calculate your totals and spending breakdowns;</li>
        <li>
          to send reminder emails <strong>10 days and 3 days</strong> before a due date (and 1 day before on VIP and Premium plans), and
          account emails such as verification and password reset;
        </li>
        <li>
          to keep your account secure, to limit repeated sign-in attempts and messages, and to answer your support requests: a contact
          message is forwarded to our support inbox and kept for <strong>90 days</strong>.
        </li>
      </ul>
    ),
  },
  {
    heading: 'What we do not do',
    content: (
      <p>
        We do not sell your data. Subscription Tracker <strong>does not process payments</strong> and does not connect to your bank or card,
        and it <strong>never cancels a subscription on your behalf</strong>.
      </p>
    ),
  },
  {
    heading: 'Security',
    content: (
      <p>
        Passwords must be at least <strong>8 characters with at least one number and one special character</strong>, and are never stored in
        readable form. You can turn on two-factor authentication in your account settings. Access to your data is limited to you and to
        administrators who need it to support you.
      </p>
    ),
  },
  {
    heading: 'Retention and deletion',
    content: (
      <p>
        We keep your data while your account exists. After your account is deleted, its data is purged <strong>within 30 days</strong> and
        removed from backups <strong>within 90 days</strong>. Subscriptions you delete stay in your trash for 30 days so you can recover
        them.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    content: (
      <p>
        You can see and correct your details in your account settings, download all your data there at any time in <strong>JSON</strong>{' '}
        format, and delete your account yourself (your password confirms it).
      </p>
    ),
  },
  {
    heading: 'Children',
    content: (
      <p>
        Subscription Tracker is not for children under 13, and we do not knowingly collect data from them. If you believe a child under 13
        has an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    heading: 'Changes to this policy',
    content: <p>If we change this policy we will update the date at the top of this page.</p>,
  },
  {
    heading: 'Contact',
    content: (
      <p>
        For privacy questions or requests, write to <SupportEmailLink /> or use our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
];

/** /privacy (SPEC §2 Terms and Privacy). */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what data Subscription Tracker keeps about you, why, and the choices you have."
      sections={sections}
    />
  );
}
