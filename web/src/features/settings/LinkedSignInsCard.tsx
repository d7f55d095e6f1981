import { routes } from '@shared/api';
import type { SsoLink } from '@shared/api/sso';
import { formatInstantShort } from '@shared/domain/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import styles from './CredentialsList.module.css';

const linksKey = ['ssoLinks'] as const;

const failures = {
  load: 'Your linked sign-ins could not be loaded. Please try again.',
  link: 'Linking could not start. Please try again.',
  unlink: 'The sign-in could not be unlinked. Please try again.',
};

/**
 * Settings → single sign-on (issue 38 §2; docs/decisions/0145-single-sign-on.md), when the site has a provider: the
 * user's sign-ins linked with it, 'Link <provider>' after the current password (off to the provider and back), and
 * unlinking one that is not the last way in.
 */
export function LinkedSignInsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['ssoSettings'], queryFn: () => api(routes.ssoSettings), staleTime: Number.POSITIVE_INFINITY });
  const provider = settings.data?.provider?.name;
  const links = useQuery({ queryKey: linksKey, queryFn: () => api(routes.listSsoLinks), enabled: Boolean(provider) });
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [linking, setLinking] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<SsoLink | null>(null);
  const [busy, setBusy] = useState(false);

  if (!provider) return null;

  /** The password first (a stolen session links nothing), then off to the provider and back (SsoCallbackPage). */
  async function link(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    setPasswordError(null);
    setLinking(true);
    try {
      const { authorizationUrl } = await api(routes.startSso, { body: { intent: 'link', password } });
      window.location.assign(authorizationUrl);
    } catch (error) {
      const text = errorMessage(error, failures.link);
      if (error instanceof ApiError && error.status === 400) setPasswordError(text);
      else setMessage({ tone: 'danger', text });
      setLinking(false);
    }
  }

  async function unlink() {
    if (!unlinking) return;
    setBusy(true);
    try {
      const answer = await api(routes.unlinkSso, { params: { id: unlinking.id } });
      queryClient.setQueryData<SsoLink[]>(linksKey, (current) => (current ?? []).filter((l) => l.id !== unlinking.id));
      setMessage({ tone: 'success', text: answer.message });
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, failures.unlink) });
    } finally {
      setUnlinking(null);
      setBusy(false);
    }
  }

  const list = links.data ?? [];
  return (
    <Card title={`Sign in with ${provider}`} description={`Link your ${provider} account to sign in with it instead of your password.`}>
      <div className={styles.body}>
        <SectionStatus message={message} />
        {links.isError && (
          <p role="alert" className={styles.muted}>
            {errorMessage(links.error, failures.load)}
          </p>
        )}
        {links.data && list.length === 0 && <p className={styles.muted}>Not linked yet.</p>}
        {list.length > 0 && (
          <ul className={styles.list} aria-label="Your linked sign-ins">
            {list.map((item) => (
              <li key={item.id} className={styles.item}>
                <div className={styles.itemText}>
                  <p className={styles.itemName}>{item.account ?? item.provider}</p>
                  <p className={styles.muted}>
                    {item.provider} · Linked {formatInstantShort(item.linkedAt)}
                  </p>
                </div>
                <Button variant="ghost" size="sm" onClick={() => setUnlinking(item)} aria-label={`Unlink ${item.account ?? item.provider}`}>
                  Unlink
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.form} onSubmit={(event) => void link(event)} aria-label={`Link ${provider}`} noValidate>
          <Input
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button
            type="submit"
            variant="secondary"
            icon={<Link2 aria-hidden="true" />}
            loading={linking}
            loadingText={`Going to ${provider}...`}
            className={styles.submit}
          >
            Link {provider}
          </Button>
        </form>
      </div>
      <ConfirmDialog
        open={unlinking !== null}
        type="warning"
        title={`Unlink ${unlinking?.account ?? provider}?`}
        message={<p>It will no longer sign you in to this account.</p>}
        confirmLabel="Unlink"
        loadingLabel="Unlinking..."
        loading={busy}
        onCancel={() => setUnlinking(null)}
        onConfirm={() => void unlink()}
      />
    </Card>
  );
}
