import { authMessages, routes } from '@shared/api';
import type { AccountExport } from '@shared/api/account';
import { localToday } from '@shared/domain/dates';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { downloadText } from '../../lib/browserFiles';
import { useSession } from '../../session/context';
import { storeNotice } from '../../session/storage';
import styles from './Settings.module.css';
import { whileSessionPollPaused } from './sessionPoll';
import { settingsFailures } from './settingsText';

/** The export's file name, dated like the other exports (SPEC §9): subscription-tracker-data-YYYY-MM-DD.json. */
export const exportFileName = (today: string = localToday()) => `subscription-tracker-data-${today}.json`;

/**
 * The whole export in one object: the first page of GET /api/auth/export, then the next pages of
 * its subscriptions and of its activity, each list by its own cursor (shared/api/account.ts).
 */
async function downloadAllPages(): Promise<Omit<AccountExport, 'next'>> {
  const { next, ...data } = await api(routes.exportData);
  for (let after = next.subscriptionsAfter; after; ) {
    const page = await api(routes.exportData, { query: { subscriptionsAfter: after } });
    data.subscriptions.push(...page.subscriptions);
    after = page.next.subscriptionsAfter;
  }
  for (let before = next.activityBefore; before; ) {
    const page = await api(routes.exportData, { query: { activityBefore: before } });
    data.activity.push(...page.activity);
    before = page.next.activityBefore;
  }
  return data;
}

/**
 * Your data, as the privacy page promises: 'Download my data' saves GET /api/auth/export as JSON;
 * 'Delete account' asks for the password, deletes everything (DELETE /api/auth/account) and
 * signs out, with a notice on the login screen.
 */
export function YourDataCard() {
  const [downloading, setDownloading] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  async function downloadMyData() {
    setDownloading(true);
    setMessage(null);
    try {
      const data = await downloadAllPages();
      downloadText(`${JSON.stringify(data, null, 2)}\n`, exportFileName(), 'application/json');
      setMessage({ tone: 'success', text: 'Your data download should start shortly!' });
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, settingsFailures.exportData) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card title="Your Data" description="A copy of everything we keep about you, or your account gone for good.">
      <div className={styles.dataActions}>
        <Button
          variant="secondary"
          icon={<Download aria-hidden="true" />}
          loading={downloading}
          loadingText="Preparing..."
          onClick={() => void downloadMyData()}
          className={styles.cardButton}
        >
          Download my data
        </Button>
        <Button variant="danger" icon={<Trash2 aria-hidden="true" />} onClick={() => setDeleteOpen(true)} className={styles.cardButton}>
          Delete account
        </Button>
      </div>
      <SectionStatus message={message} />
      <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </Card>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { logout } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  function close() {
    if (deleting) return;
    setPassword('');
    setError(null);
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      passwordRef.current?.focus();
      return;
    }
    setDeleting(true);
    setError(null);
    try {
      // The session poll held back: one sent while the account is being deleted would get a 401.
      await whileSessionPollPaused(async () => {
        await api(routes.deleteAccount, { body: { password } });
        storeNotice('sessionMessage', authMessages.accountDeleted);
        logout();
      });
    } catch (failure) {
      setError(errorMessage(failure, settingsFailures.deleteAccount));
      setDeleting(false);
      passwordRef.current?.focus();
      passwordRef.current?.select();
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      size="sm"
      tone="danger"
      role="alertdialog"
      icon={<Trash2 aria-hidden="true" />}
      title="Delete your account?"
      description="Your profile, subscriptions and activity are removed for good, and your username and email become free for anyone. This cannot be undone."
      initialFocus={passwordRef}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={deleting} loadingText="Deleting...">
            Delete Account
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <Input
          ref={passwordRef}
          label="Enter your password to confirm"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
      </form>
    </Modal>
  );
}
