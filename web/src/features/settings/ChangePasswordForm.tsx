import { authMessages, routes } from '@shared/api';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { useSession } from '../../session/context';
import { storeSession } from '../../session/storage';
import styles from './Settings.module.css';
import { whileSessionPollPaused } from './sessionPoll';
import { settingsFailures } from './settingsText';

/**
 * Change Password (SPEC §2, §5 'Change password in settings'): current, new and confirm. Only
 * 'New passwords do not match' is checked here; the server checks the rest and answers a wrong
 * current password with a 400 (never a 401, which would sign the user out). A changed password
 * ends every session: the answer carries this device's new token, stored with the user.
 */
export function ChangePasswordForm() {
  const { setUser } = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const meterId = useId();

  useEffect(() => {
    if (focusMessage) messageRef.current?.focus();
  }, [focusMessage]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    if (newPassword !== confirmPassword) {
      setMismatch(authMessages.newPasswordsMismatch);
      confirmRef.current?.focus();
      return;
    }
    setMismatch(null);
    setSaving(true);
    try {
      // The old token stops working the moment the server saves the new password: the session poll
      // waits meanwhile, so it never sends the old token after that and signs this tab out.
      const user = await whileSessionPollPaused(async () => {
        const response = await api(routes.updateSettings, { body: { currentPassword, newPassword } });
        if (response.token) storeSession(response.token, response.user);
        return response.user;
      });
      setUser(user);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      setMessage({ tone: 'success', text: authMessages.passwordChanged });
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, settingsFailures.password) });
    } finally {
      setSaving(false);
      setFocusMessage((n) => n + 1);
    }
  }

  return (
    <Card title="Change Password" description="Changing your password signs you out on every other device.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.fieldStack}>
          <Input
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          />
          <div className={styles.fieldWithMeter}>
            <Input
              label="New password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.currentTarget.value)}
              aria-describedby={newPassword ? meterId : undefined}
            />
            <PasswordStrengthMeter password={newPassword} id={meterId} />
          </div>
          <Input
            ref={confirmRef}
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.currentTarget.value);
              setMismatch(null);
            }}
            error={mismatch}
          />
        </div>
        <div className={styles.formFooter}>
          <SectionStatus message={message} ref={messageRef} />
          <Button
            type="submit"
            icon={<KeyRound aria-hidden="true" />}
            disabled={!currentPassword || !newPassword}
            loading={saving}
            loadingText="Changing..."
          >
            Change Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
