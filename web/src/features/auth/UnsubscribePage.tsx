import { routes } from '@shared/api';
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

  if (status.state === 'done') {
    return (
      <AuthLayout
        title="You are unsubscribed"
        subtitle={<span role="status">{status.message}</span>}
        icon={<CircleCheck aria-hidden="true" />}
        iconTone="success"
      >
        <title>{pageTitle('Unsubscribed')}</title>
        <ButtonLink to="/settings" size="lg" fullWidth icon={<LogIn aria-hidden="true" />}>
          Open Settings
        </ButtonLink>
      </AuthLayout>
    );
  }

  if (status.state === 'error') {
    return (
      <AuthLayout
        title="Unsubscribe failed"
        subtitle={<span role="alert">{status.message}</span>}
        icon={<MailWarning aria-hidden="true" />}
        iconTone="danger"
      >
        <title>{pageTitle('Unsubscribe failed')}</title>
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
