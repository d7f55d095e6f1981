import { contactBody, contactMessages, contactRoutes } from '@shared/api/contact';
import { ArrowLeft, Clock, Mail, Send, User } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
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
/** SPEC §9 'Redirect delays': back 3 s after a message is sent. */
export const CONTACT_RETURN_MS = 3000;
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
  const [staying, setStaying] = useState(false);

  /** Back to the page before when it is one of ours, else to the landing page. */
  const goBack = useCallback(() => {
    void (previousPageIsOurs(location.key) ? navigate(-1) : navigate('/'));
  }, [location.key, navigate]);

  // Sent: the confirmation takes the form's place and the focus, in view on a phone too, and the page goes
  // back after SPEC's 3 s unless the visitor chose to stay (docs/decisions/0118-contact-returns-after-3-s.md).
  useEffect(() => {
    if (!sent) return;
    sentRef.current?.focus({ preventScroll: true });
    sentRef.current?.scrollIntoView({ block: 'center' });
  }, [sent]);
  useEffect(() => {
    if (!sent || staying) return;
    const timer = window.setTimeout(goBack, CONTACT_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [sent, staying, goBack]);

  function sendAnother() {
    setFields((current) => ({ ...current, message: '' }));
    setSent(false);
    setStaying(false);
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
                  {!staying && (
                    <Button variant="ghost" onClick={() => setStaying(true)}>
                      Stay on this page
                    </Button>
                  )}
                  <Button variant="ghost" onClick={sendAnother}>
                    Send another message
                  </Button>
                </>
              }
            >
              {!staying && 'Taking you back in 3 seconds.'}
            </Alert>
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
