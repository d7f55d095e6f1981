import { routes } from '@shared/api';
import {
  ACCESS_TOKEN_LIFETIMES,
  type AccessToken,
  type AccessTokenScope,
  accessTokenMessages,
  MAX_ACCESS_TOKENS,
} from '@shared/api/access-tokens';
import { formatInstantShort } from '@shared/domain/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { useToast } from '../../components/ui/Toast';
import { copyText } from '../../lib/browserFiles';
import styles from './CredentialsList.module.css';

const tokensKey = ['accessTokens'] as const;

const LIFETIME_LABELS: Record<(typeof ACCESS_TOKEN_LIFETIMES)[number], string> = { 30: '30 days', 90: '90 days', 365: '1 year' };
const LIFETIME_OPTIONS = [
  ...ACCESS_TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: LIFETIME_LABELS[days] })),
  { value: 'none', label: 'No expiry' },
];
const SCOPE_OPTIONS: Array<{ value: AccessTokenScope; label: string }> = [
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Read and write' },
];

const failures = {
  load: 'Your access tokens could not be loaded. Please try again.',
  create: 'The access token could not be created. Please try again.',
  revoke: 'The access token could not be revoked. Please try again.',
  copy: 'Copying failed: select the token and copy it yourself.',
};

/** When and from where a token was last used, in words. */
function lastUse(token: AccessToken): string {
  if (!token.lastUsedAt) return 'Never used';
  return `Last used ${formatInstantShort(token.lastUsedAt)}${token.lastUsedFrom ? ` from ${token.lastUsedFrom}` : ''}`;
}

/**
 * Settings → Access tokens (issue 37 §1; docs/decisions/0141-personal-access-tokens.md): tokens for the user's scripts
 * and assistants, made with a name, a scope and an expiry, shown once; listed with their first characters and last
 * use; revoked one by one or all at once.
 */
export function AccessTokensCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const tokens = useQuery({ queryKey: tokensKey, queryFn: () => api(routes.listAccessTokens) });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [lifetime, setLifetime] = useState('90');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | 'all' | null>(null);
  const [busy, setBusy] = useState(false);
  const tokenField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);

  // The new token takes the focus, selected: it is shown this once.
  useEffect(() => {
    if (!created) return;
    tokenField.current?.focus();
    tokenField.current?.select();
  }, [created]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    setNameError(null);
    setCreating(true);
    try {
      const answer = await api(routes.createAccessToken, {
        body: { name, scope, expiresInDays: lifetime === 'none' ? null : (Number(lifetime) as 30 | 90 | 365) },
      });
      queryClient.setQueryData<AccessToken[]>(tokensKey, (list) => [answer.accessToken, ...(list ?? [])]);
      setCreated(answer.token);
      setName('');
    } catch (error) {
      const text = errorMessage(error, failures.create);
      if (error instanceof ApiError && error.status === 400) {
        setNameError(text);
        nameField.current?.focus();
      } else setMessage({ tone: 'danger', text });
    } finally {
      setCreating(false);
    }
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      const answer =
        revoking === 'all' ? await api(routes.revokeAllAccessTokens) : await api(routes.revokeAccessToken, { params: { id: revoking.id } });
      queryClient.setQueryData<AccessToken[]>(tokensKey, (list) =>
        revoking === 'all' ? [] : (list ?? []).filter((t) => t.id !== revoking.id),
      );
      setMessage({ tone: 'success', text: answer.message });
      setCreated(null);
      setRevoking(null);
      nameField.current?.focus();
    } catch (error) {
      setRevoking(null);
      setMessage({ tone: 'danger', text: errorMessage(error, failures.revoke) });
    } finally {
      setBusy(false);
    }
  }

  async function copy(token: string) {
    try {
      await copyText(token);
      toast.success('Access token copied');
    } catch {
      tokenField.current?.select();
      toast.error(failures.copy);
    }
  }

  const list = tokens.data ?? [];
  return (
    <Card
      title="Access tokens"
      description="For your scripts and AI assistants: they call the API with a token instead of your password. A token reads, or reads and changes, your subscriptions, payments, reminders and budgets; never your account's security."
    >
      <div className={styles.body}>
        <p className={styles.muted}>
          How to call the API with one, route by route: <Link to="/developers">the API reference</Link>.
        </p>
        <SectionStatus message={message} />
        {created && (
          <div className={styles.created}>
            <div className={styles.tokenRow}>
              <Input
                ref={tokenField}
                label="Your new access token"
                value={created}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                hint={accessTokenMessages.created}
                className={styles.tokenField}
              />
              <Button variant="secondary" icon={<Copy aria-hidden="true" />} onClick={() => void copy(created)} className={styles.copy}>
                Copy
              </Button>
            </div>
          </div>
        )}
        <form className={styles.form} onSubmit={(event) => void create(event)} aria-label="New access token" noValidate>
          <Input
            ref={nameField}
            label="Name"
            value={name}
            maxLength={60}
            placeholder="Receipts agent"
            error={nameError}
            onChange={(event) => setName(event.target.value)}
            className={styles.name}
          />
          <Select
            label="Scope"
            value={scope}
            options={SCOPE_OPTIONS}
            onChange={(event) => setScope(event.target.value as AccessTokenScope)}
          />
          <Select label="Expires" value={lifetime} options={LIFETIME_OPTIONS} onChange={(event) => setLifetime(event.target.value)} />
          <Button
            type="submit"
            icon={<KeyRound aria-hidden="true" />}
            loading={creating}
            loadingText="Creating..."
            disabled={list.length >= MAX_ACCESS_TOKENS}
            className={styles.submit}
          >
            Create token
          </Button>
        </form>
        {tokens.isPending && <p className={styles.muted}>Loading your access tokens…</p>}
        {tokens.isError && (
          <p role="alert" className={styles.muted}>
            {errorMessage(tokens.error, failures.load)}
          </p>
        )}
        {tokens.data && list.length === 0 && <p className={styles.muted}>No access tokens yet.</p>}
        {list.length > 0 && (
          <>
            <ul className={styles.list} aria-label="Your access tokens">
              {list.map((token) => (
                <li key={token.id} className={styles.item}>
                  <div className={styles.itemText}>
                    <p className={styles.itemName}>
                      {token.name}{' '}
                      <Badge tone={token.scope === 'write' ? 'warning' : 'neutral'}>
                        {token.scope === 'write' ? 'Read and write' : 'Read'}
                      </Badge>
                    </p>
                    <p className={styles.muted}>
                      <code>{token.start}…</code> · Created {formatInstantShort(token.createdAt)} ·{' '}
                      {token.expiresAt ? `Expires ${formatInstantShort(token.expiresAt)}` : 'No expiry'}
                    </p>
                    <p className={styles.muted}>{lastUse(token)}</p>
                  </div>
                  <Button variant="ghost" size="sm" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="ghost" onClick={() => setRevoking('all')} className={styles.revokeAll}>
              Revoke all tokens
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        type="warning"
        title={revoking === 'all' ? 'Revoke all access tokens?' : `Revoke ${revoking?.name ?? 'this token'}?`}
        message={<p>Scripts and assistants using {revoking === 'all' ? 'them' : 'it'} stop working at once. This cannot be undone.</p>}
        confirmLabel={revoking === 'all' ? 'Revoke All' : 'Revoke'}
        loadingLabel="Revoking..."
        loading={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      />
    </Card>
  );
}
