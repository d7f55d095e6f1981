import type { SharedMember } from '@shared/api/sharing';
import { formatAmount } from '@shared/domain/currency';
import { UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useToast } from '../../components/ui/Toast';
import { ChangeShareForm } from './ChangeShareForm';
import styles from './SharingSection.module.css';
import { useRemoveMember } from './sharingQueries';
import { failures, shareLabel } from './sharingText';

/** One person who shares the subscription: their share and, for the payer, 'Change share' and 'Remove'. */
export function MemberRow({
  subscriptionId,
  member,
  currency,
  isPayer,
  you,
}: {
  subscriptionId: string;
  member: SharedMember;
  currency: string;
  isPayer: boolean;
  you: boolean;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { mutateAsync: remove, isPending: removing } = useRemoveMember();
  const changeRef = useRef<HTMLButtonElement>(null);

  async function onRemove() {
    try {
      toast.success((await remove({ subscriptionId, userId: member.userId })).message);
      document.getElementById('sharing-title')?.focus();
    } catch (error) {
      toast.error(errorMessage(error, failures.remove));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <li className={styles.person}>
      <span className={styles.name}>{you ? 'You' : member.username}</span>
      <span className={styles.shareOf}>{shareLabel(member.share, currency)}</span>
      <span className={styles.amount}>{formatAmount(member.amount, currency)}</span>
      {isPayer && !editing && (
        <span className={styles.rowActions}>
          <Button
            ref={changeRef}
            size="sm"
            variant="ghost"
            aria-label={`Change share of ${member.username}`}
            onClick={() => setEditing(true)}
          >
            Change share
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<UserMinus aria-hidden="true" />}
            aria-label={`Remove ${member.username}`}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        </span>
      )}
      {isPayer && editing && (
        <ChangeShareForm
          subscriptionId={subscriptionId}
          member={member}
          currency={currency}
          onDone={() => {
            // Rendered at once (flushSync), so 'Change share' is back when it takes the focus.
            flushSync(() => setEditing(false));
            changeRef.current?.focus();
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          type="warning"
          title={`Remove ${member.username}?`}
          message={`${member.username} no longer shares this subscription; the others’ shares are split again.`}
          confirmLabel="Remove"
          cancelLabel="Keep"
          loadingLabel="Removing..."
          loading={removing}
          onConfirm={() => void onRemove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
