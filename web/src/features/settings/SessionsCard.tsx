import { authMessages, routes } from '@shared/api';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useSession } from '../../session/context';
import { storeNotice } from '../../session/storage';
import styles from './Settings.module.css';
import { whileSessionPollPaused } from './sessionPoll';
import { settingsFailures } from './settingsText';

/**
 * Sessions: 'Sign out of all devices' ends every session on the server, this one included
 * (POST /api/auth/logout-all), then signs this tab out; the login screen says what happened.
 */
export function SessionsCard() {
  const { logout } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function signOutEverywhere() {
    setBusy(true);
    setFailure(null);
    try {
      // The session poll held back: one sent just after the sessions ended would get a 401.
      await whileSessionPollPaused(async () => {
        await api(routes.logoutAll);
        storeNotice('sessionMessage', authMessages.loggedOutEverywhere);
        logout();
      });
    } catch (error) {
      setFailure(errorMessage(error, settingsFailures.logoutAll));
      setBusy(false);
    }
  }

  return (
    <Card title="Sessions" description="Signed in on a shared or lost device? End every session at once.">
      <Button
        variant="secondary"
        icon={<LogOut aria-hidden="true" />}
        onClick={() => {
          setFailure(null);
          setConfirming(true);
        }}
        className={styles.cardButton}
      >
        Sign out of all devices
      </Button>
      <ConfirmDialog
        open={confirming}
        type="warning"
        title="Sign out of all devices?"
        message={
          <>
            <p>
              Every device signed in to your account is signed out, this one included, and your access tokens stop working. You will need to
              log in again.
            </p>
            {failure && (
              <p role="alert" className={[styles.status, styles.danger].join(' ')}>
                {failure}
              </p>
            )}
          </>
        }
        confirmLabel="Sign Out Everywhere"
        loadingLabel="Signing out..."
        loading={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void signOutEverywhere()}
      />
    </Card>
  );
}
