import type { SharedMember } from '@shared/api/sharing';
import type { ShareMode } from '@shared/domain/sharing/sharing';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { ShareFields } from './ShareFields';
import styles from './SharingSection.module.css';
import { useChangeShare } from './sharingQueries';
import { failures, shareFrom } from './sharingText';

/** The payer's form to change a member's share (equal, percentage or fixed amount). */
export function ChangeShareForm({
  subscriptionId,
  member,
  currency,
  onDone,
}: {
  subscriptionId: string;
  member: SharedMember;
  currency: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const [mode, setMode] = useState<ShareMode>(member.share.mode);
  const [value, setValue] = useState(member.share.value === undefined ? '' : String(member.share.value));
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, isPending } = useChangeShare(subscriptionId);
  const idPrefix = `share-${member.userId}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await mutateAsync({ userId: member.userId, input: { share: shareFrom(mode, value) } });
      toast.success(`${member.username}’s share changed`);
      onDone();
    } catch (failure) {
      const message = errorMessage(failure, failures.change);
      if (failure instanceof ApiError && failure.status === 400) {
        setError(message);
        document.getElementById(mode === 'equal' ? `${idPrefix}-mode` : `${idPrefix}-value`)?.focus();
      } else toast.error(message);
    }
  }

  return (
    <form className={styles.inlineForm} onSubmit={(event) => void submit(event)} aria-label={`${member.username}’s share`}>
      <ShareFields idPrefix={idPrefix} mode={mode} value={value} currency={currency} error={error} onMode={setMode} onValue={setValue} />
      <div className={styles.formActions}>
        <Button type="submit" size="sm" loading={isPending}>
          Save share
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
