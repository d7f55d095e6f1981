import { contactBody, contactMessages, contactRoutes } from '@shared/api/contact';
import { ArrowLeft, Clock, Mail, Send, User } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { PublicLayout } from '../../components/layout/PublicLayout';
import { usePageDescription } from '../../components/pageDescription';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { TextArea } from '../../components/ui/TextArea';
import { fieldErrors } from '../../lib/fieldErrors';
import styles from './ContactPage.module.css';

/** SPEC §9: back one page 3 seconds after the message is sent. */
export const BACK_AFTER_SENT_MS = 3000;

/** One page back, or to the landing page when /contact was the first page of this tab. */
function goBack(navigate: NavigateFunction) {
  return (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/');
}

type Fields = { name: string; email: string; message: string };
const EMPTY: Fields = { name: '', email: '', message: '' };

/** /contact (SPEC §2 Contact): the form sends POST /api/contact, which forwards the message to support. */
export function ContactPage() {
  usePageDescription('Ask Subscription Tracker support a question: we respond within 1-3 business days.');
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void goBack(navigate), BACK_AFTER_SENT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  function change(field: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = contactBody.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSending(true);
    try {
      await api(contactRoutes.sendContactMessage, { body: parsed.data });
      setSent(true);
    } catch (error) {
      setFailure(errorMessage(error, contactMessages.failed));
    } finally {
      setSending(false);
    }
  }

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
            <Clock aria-hidden="true" />
            <span>We respond within 1-3 business days.</span>
          </li>
          <li>
            <Mail aria-hidden="true" />
            <span>
              Or write to <SupportEmailLink />
            </span>
          </li>
        </ul>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="contact-title">
          {sent && <Alert tone="success" title={contactMessages.sent} />}
          {failure && <Alert tone="danger" title={failure} />}
          <Input
            label="Name"
            name="name"
            placeholder="Username"
            autoComplete="name"
            icon={<User />}
            value={fields.name}
            onChange={(event) => change('name', event.target.value)}
            error={errors.name}
            disabled={sent}
            required
          />
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            icon={<Mail />}
            value={fields.email}
            onChange={(event) => change('email', event.target.value)}
            error={errors.email}
            disabled={sent}
            required
          />
          <TextArea
            label="Message"
            name="message"
            rows={6}
            value={fields.message}
            onChange={(event) => change('message', event.target.value)}
            error={errors.message}
            disabled={sent}
            required
          />
          <div className={styles.actions}>
            <Button type="button" variant="secondary" icon={<ArrowLeft aria-hidden="true" />} onClick={() => void goBack(navigate)}>
              Go Back
            </Button>
            <Button type="submit" loading={sending} loadingText="Sending..." disabled={sent} icon={<Send aria-hidden="true" />}>
              SEND MESSAGE
            </Button>
          </div>
        </form>
      </section>
    </PublicLayout>
  );
}
