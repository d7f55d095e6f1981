import { routes } from '@shared/api';
import { authMessages } from '@shared/api/auth-messages';
import { MAX_PASSKEY_NAME, MAX_PASSKEYS, type Passkey, passkeyMessages } from '@shared/api/passkeys';
import { formatInstantShort } from '@shared/domain/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { forgetPasskeyConfirmation, passkeyConfirmation } from '../../lib/passkeyConfirmation';
import styles from './CredentialsList.module.css';

const passkeysKey = ['passkeys'] as const;

/** The passkeys' browser module, a chunk of its own that the sign-in page shares: no other screen carries it. */
const passkeyCeremonies = () => import('../../lib/passkeyCeremonies');

const failures = {
  load: 'Your passkeys could not be loaded. Please try again.',
  add: 'The passkey could not be added. Please try again.',
  dismissed: 'No passkey was added: the browser’s prompt was closed.',
  rename: 'The passkey could not be renamed. Please try again.',
  remove: 'The passkey could not be removed. Please try again.',
  unsupported: 'This browser cannot make passkeys. Use a current browser, or add one from your phone.',
};

/** When a passkey was added and last used, in words. */
function usage(passkey: Passkey): string {
  return `Added ${formatInstantShort(passkey.createdAt)} · ${passkey.lastUsedAt ? `Last used ${formatInstantShort(passkey.lastUsedAt)}` : 'Never used'}`;
}

/**
 * Settings → Passkeys (issue 38 §1; docs/decisions/0144-passkeys.md): add one after confirming the password (the
 * browser then asks for the fingerprint, face or screen lock), name it, see when it was last used, rename, remove.
 */
export function PasskeysCard() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: passkeysKey, queryFn: () => api(routes.listPasskeys) });
  const [supported, setSupported] = useState(true);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);
  /** An account without a password proves it is its owner at its sign-in provider (issue 38 §2), coming back here. */
  const [confirmation, setConfirmation] = useState(passkeyConfirmation);
  const ssoSettings = useQuery({ queryKey: ['ssoSettings'], queryFn: () => api(routes.ssoSettings), staleTime: Number.POSITIVE_INFINITY });
  const provider = ssoSettings.data?.provider?.name;
  const nameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const renameField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void passkeyCeremonies()
      .then((ceremonies) => ceremonies.passkeySupport())
      .then(({ passkeys: can }) => setSupported(can));
  }, []);

  const list = passkeys.data ?? [];
  const replace = (updated: Passkey) =>
    queryClient.setQueryData<Passkey[]>(passkeysKey, (current) => (current ?? []).map((p) => (p.id === updated.id ? updated : p)));

  async function add(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const problems = {
      ...(name.trim() ? {} : { name: passkeyMessages.nameRequired }),
      ...(password || confirmation ? {} : { password: passkeyMessages.passwordRequired }),
    };
    setErrors(problems);
    if (problems.name) return nameField.current?.focus();
    if (problems.password) return passwordField.current?.focus();
    setAdding(true);
    try {
      const answer = await (await passkeyCeremonies()).addPasskey(confirmation ? { confirmation } : { password }, name);
      if (!answer) {
        setMessage({ tone: 'danger', text: failures.dismissed });
        return;
      }
      queryClient.setQueryData<Passkey[]>(passkeysKey, (current) => [answer.passkey, ...(current ?? [])]);
      setMessage({ tone: 'success', text: answer.message });
      setName('');
      setPassword('');
      forgetPasskeyConfirmation();
      setConfirmation(null);
    } catch (error) {
      const text = errorMessage(error, failures.add);
      if (text === passkeyMessages.confirmationInvalid) {
        forgetPasskeyConfirmation();
        setConfirmation(null);
      }
      if (error instanceof ApiError && text === authMessages.currentPasswordWrong) {
        setErrors({ password: text });
        passwordField.current?.focus();
      } else setMessage({ tone: 'danger', text });
    } finally {
      setAdding(false);
    }
  }

  /** Off to the provider to sign in again; it comes back to Settings with the proof (SsoCallbackPage). */
  async function confirmWithProvider() {
    setMessage(null);
    try {
      const { authorizationUrl } = await api(routes.startSso, { body: { intent: 'confirm' } });
      window.location.assign(authorizationUrl);
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, failures.add) });
    }
  }

  function openRename(passkey: Passkey) {
    setRenaming(passkey);
    setNewName(passkey.name);
    setRenameError(null);
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    setBusy(true);
    try {
      const answer = await api(routes.renamePasskey, { params: { id: renaming.id }, body: { name: newName } });
      replace(answer.passkey);
      setMessage({ tone: 'success', text: answer.message });
      setRenaming(null);
    } catch (error) {
      setRenameError(errorMessage(error, failures.rename));
      renameField.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      const answer = await api(routes.removePasskey, { params: { id: removing.id } });
      queryClient.setQueryData<Passkey[]>(passkeysKey, (current) => (current ?? []).filter((p) => p.id !== removing.id));
      setMessage({ tone: 'success', text: answer.message });
      nameField.current?.focus();
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, failures.remove) });
    } finally {
      setRemoving(null);
      setBusy(false);
    }
  }

  return (
    <Card
      title="Passkeys"
      description="Sign in with your fingerprint, your face or your device's screen lock instead of your password and code. A passkey stays on your device or in your password manager; we keep only its public key."
    >
      <div className={styles.body}>
        <SectionStatus message={message} />
        {!supported && <p className={styles.muted}>{failures.unsupported}</p>}
        <form className={styles.form} onSubmit={(event) => void add(event)} aria-label="New passkey" noValidate>
          <Input
            ref={nameField}
            label="Name"
            value={name}
            maxLength={MAX_PASSKEY_NAME}
            placeholder="Work laptop"
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          {confirmation ? (
            <p className={styles.muted}>You confirmed it is you with {provider ?? 'your sign-in provider'}: name the passkey and add it.</p>
          ) : (
            <Input
              ref={passwordField}
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
          <Button
            type="submit"
            icon={<Fingerprint aria-hidden="true" />}
            loading={adding}
            loadingText="Adding..."
            disabled={!supported || list.length >= MAX_PASSKEYS}
            className={styles.submit}
          >
            Add a passkey
          </Button>
        </form>
        {provider && !confirmation && (
          <p className={styles.muted}>
            No password on your account?{' '}
            <Button variant="ghost" size="sm" onClick={() => void confirmWithProvider()}>
              Confirm with {provider}
            </Button>
          </p>
        )}
        {passkeys.isPending && <p className={styles.muted}>Loading your passkeys…</p>}
        {passkeys.isError && (
          <p role="alert" className={styles.muted}>
            {errorMessage(passkeys.error, failures.load)}
          </p>
        )}
        {passkeys.data && list.length === 0 && <p className={styles.muted}>No passkeys yet.</p>}
        {list.length > 0 && (
          <ul className={styles.list} aria-label="Your passkeys">
            {list.map((passkey) => (
              <li key={passkey.id} className={styles.item}>
                <div className={styles.itemText}>
                  <p className={styles.itemName}>
                    {passkey.name} {passkey.synced && <Badge tone="info">Synced</Badge>}
                  </p>
                  <p className={styles.muted}>{usage(passkey)}</p>
                </div>
                <Button variant="ghost" size="sm" onClick={() => openRename(passkey)} aria-label={`Rename ${passkey.name}`}>
                  Rename
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setRemoving(passkey)} aria-label={`Remove ${passkey.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Modal
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Rename passkey"
        size="sm"
        initialFocus={renameField}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
            <Button type="submit" form="rename-passkey" loading={busy} loadingText="Saving...">
              Save
            </Button>
          </>
        }
      >
        <form id="rename-passkey" onSubmit={(event) => void rename(event)} noValidate>
          <Input
            ref={renameField}
            label="Name"
            value={newName}
            maxLength={MAX_PASSKEY_NAME}
            error={renameError}
            onChange={(event) => setNewName(event.target.value)}
          />
        </form>
      </Modal>
      <ConfirmDialog
        open={removing !== null}
        type="danger"
        title={`Remove ${removing?.name ?? 'this passkey'}?`}
        message={<p>It will no longer sign you in. The passkey stays on your device until you delete it there.</p>}
        confirmLabel="Remove"
        loadingLabel="Removing..."
        loading={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}
