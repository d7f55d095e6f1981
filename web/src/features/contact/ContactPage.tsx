import { contactBody, contactMessages, contactRoutes } from '@shared/api/contact';
import { ArrowLeft, Clock, Mail, Send, User } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
import { previousPageIsOurs } from './previousPage';

type Fields = { name: string; email: string; message: string };
const EMPTY: Fields = { name: '', email: '', message: '' };

/** /contact (SPEC §2 Contact): the form sends POST /api/contact, which forwards the message to support. */
export function ContactPage() {
  usePageDescription('Ask Subscription Tracker support a question: we respond within 1-3 business days.');
  const navigate = useNavigate();
  const location = useLocation();
  const sentRef = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  // Sent: the confirmation takes the form's place and the focus, in view on a phone too; the page
  // stays until the visitor leaves (docs/decisions/0074-contact-after-sending.md).
  useEffect(() => {
    if (!sent) return;
    sentRef.current?.focus({ preventScroll: true });
    sentRef.current?.scrollIntoView({ block: 'center' });
  }, [sent]);

  /** Back to the page before when it is one of ours, else to the landing page. */
  function goBack() {
    void (previousPageIsOurs(location.key) ? navigate(-1) : navigate('/'));
  }

  function sendAnother() {
    setFields((current) => ({ ...current, message: '' }));
    setSent(false);
  }

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

        {sent ? (
          <div ref={sentRef} tabIndex={-1} className={styles.sent}>
            <Alert
              tone="success"
              title={contactMessages.sent}
              actions={
                <>
                  <Button variant="secondary" icon={<ArrowLeft aria-hidden="true" />} onClick={goBack}>
                    Go Back
                  </Button>
                  <Button variant="ghost" onClick={sendAnother}>
                    Send another message
                  </Button>
                </>
              }
            />
          </div>
        ) : (
          <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="contact-title">
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
              required
            />
            <TextArea
              label="Message"
              name="message"
              rows={6}
              value={fields.message}
              onChange={(event) => change('message', event.target.value)}
              error={errors.message}
              required
            />
            <div className={styles.actions}>
              <Button type="button" variant="secondary" icon={<ArrowLeft aria-hidden="true" />} onClick={goBack}>
                Go Back
              </Button>
              <Button type="submit" loading={sending} loadingText="Sending..." icon={<Send aria-hidden="true" />}>
                SEND MESSAGE
              </Button>
            </div>
          </form>
        )}
      </section>
    </PublicLayout>
  );
}
