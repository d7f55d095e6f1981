import type { ShareMode } from '@shared/domain/sharing/sharing';
import { Check, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { ShareFields } from './ShareFields';
import styles from './SharingSection.module.css';
import { useInviteMember } from './sharingQueries';
import { failures, isShareMessage, shareFrom } from './sharingText';

/** Invites by username or e-mail, in the split the subscription already uses (one split per subscription). */
export function InviteForm({
  subscriptionId,
  currency,
  initialMode,
}: {
  subscriptionId: string;
  currency: string;
  initialMode: ShareMode;
}) {
  const [who, setWho] = useState('');
  const [mode, setMode] = useState<ShareMode>(initialMode);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ who?: string; value?: string }>({});
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { mutateAsync, isPending } = useInviteMember(subscriptionId);
  const whoRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    setUpgrade(null);
    if (who.trim() === '') {
      setErrors({ who: 'Enter a username or an e-mail address' });
      whoRef.current?.focus();
      return;
    }
    try {
      const answer = await mutateAsync({ usernameOrEmail: who.trim(), share: shareFrom(mode, value) });
      setErrors({});
      setWho('');
      setValue('');
      setSent(answer.message);
      // The next person to invite, if any: the field is empty and the message said it was sent.
      whoRef.current?.focus();
    } catch (failure) {
      const message = errorMessage(failure, failures.invite);
      if (failure instanceof ApiError && failure.status === 403) {
        setErrors({});
        setUpgrade(message);
      } else if (isShareMessage(message)) {
        setErrors({ value: message });
        document.getElementById(mode === 'equal' ? 'invite-mode' : 'invite-value')?.focus();
      } else {
        setErrors({ who: message });
        whoRef.current?.focus();
      }
    }
  }

  return (
    <form className={styles.group} onSubmit={(event) => void submit(event)} aria-labelledby="invite-title" noValidate>
      <h4 id="invite-title" className={styles.subheading}>
        Invite someone
      </h4>
      <div className={styles.inviteFields}>
        <Input
          ref={whoRef}
          id="invite-who"
          label="Username or e-mail"
          autoComplete="off"
          value={who}
          error={errors.who}
          onChange={(event) => {
            setWho(event.target.value);
            setSent(null);
          }}
        />
        <ShareFields
          idPrefix="invite"
          mode={mode}
          value={value}
          currency={currency}
          error={errors.value ?? null}
          onMode={setMode}
          onValue={setValue}
        />
      </div>
      <div className={styles.formActions}>
        <Button type="submit" size="sm" icon={<Send aria-hidden="true" />} loading={isPending} loadingText="Sending...">
          Invite
        </Button>
        <p className={styles.sent} role="status">
          {sent && (
            <>
              <Check aria-hidden="true" /> {sent}
            </>
          )}
        </p>
      </div>
      {upgrade && (
        <Alert tone="warning" title="Share with more people">
          {upgrade} <Link to="/upgrade">Upgrade</Link>
        </Alert>
      )}
    </form>
  );
}
