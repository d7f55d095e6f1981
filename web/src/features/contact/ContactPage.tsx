import { Clock, Mail } from 'lucide-react';
import { pageTitle, SUPPORT_EMAIL } from '../../brand';
import { PublicLayout } from '../../components/layout/PublicLayout';
import styles from './ContactPage.module.css';

/** /contact (SPEC §2 Contact). */
export function ContactPage() {
  return (
    <PublicLayout>
      <title>{pageTitle('Contact Support')}</title>
      <section className={styles.page} aria-labelledby="contact-title">
        <h1 id="contact-title" className={styles.title}>
          NEED HELP?
        </h1>
        <p className={styles.lead}>Our support team is happy to help with your account, reminders or anything else.</p>
        <ul className={styles.facts}>
          <li>
            <Mail aria-hidden="true" />
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
          <li>
            <Clock aria-hidden="true" />
            <span>We respond within 1-3 business days.</span>
          </li>
        </ul>
      </section>
    </PublicLayout>
  );
}
