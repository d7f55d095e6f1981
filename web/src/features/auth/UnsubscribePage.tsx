import { authRoutes as routes } from '@shared/api/auth';
import { CircleCheck, LogIn, MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { Button, ButtonLink } from '../../components/ui/Button';
import styles from './AuthForms.module.css';

const NO_TOKEN = 'No unsubscribe token provided';
const FAILED = 'Unsubscribing failed. Please try again.';

type Unsubscribe = { state: 'asking' } | { state: 'sending' } | { state: 'done'; message: string } | { state: 'error'; message: string };

/**
 * /unsubscribe?token=… — the footer link of a reminder e-mail. It asks before turning reminders off:
 * a mail client's link preview opens pages, and must not unsubscribe anyone. Mail providers use the
 * List-Unsubscribe header's one-click POST instead (RFC 8058), which this button sends too.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [status, setStatus] = useState<Unsubscribe>(() => (token ? { state: 'asking' } : { state: 'error', message: NO_TOKEN }));

  async function unsubscribe() {
    if (!token) return;
    setStatus({ state: 'sending' });
    try {
      const response = await api(routes.unsubscribe, { params: { token } });
      setStatus({ state: 'done', message: response.message });
    } catch (error) {
      setStatus({ state: 'error', message: errorMessage(error, FAILED) });
    }
  }

  if (status.state === 'done' || status.state === 'error') {
    const done = status.state === 'done';
    const title = done ? 'You are unsubscribed' : 'Unsubscribe failed';
    return (
      <AuthLayout
        title={title}
        subtitle={<span role={done ? 'status' : 'alert'}>{status.message}</span>}
        icon={done ? <CircleCheck aria-hidden="true" /> : <MailWarning aria-hidden="true" />}
        iconTone={done ? 'success' : 'danger'}
      >
        <title>{pageTitle(done ? 'Unsubscribed' : title)}</title>
        <ButtonLink to="/settings" size="lg" fullWidth icon={<LogIn aria-hidden="true" />}>
          Open Settings
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Unsubscribe from reminders"
      subtitle="Stop the renewal reminder e-mails for your Subscription Tracker account? Account e-mails, such as password resets, still reach you."
      icon={<MailWarning aria-hidden="true" />}
      iconTone="warning"
    >
      <title>{pageTitle('Unsubscribe from reminders')}</title>
      <div className={styles.stack}>
        <Button size="lg" fullWidth onClick={unsubscribe} loading={status.state === 'sending'} loadingText="Turning off...">
          Turn Off Reminders
        </Button>
        <ButtonLink to="/" variant="ghost" fullWidth>
          Keep Reminders
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
