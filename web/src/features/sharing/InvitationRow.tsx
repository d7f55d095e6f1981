import type { PendingInvitation } from '@shared/api/sharing';
import { formatDateShort } from '@shared/domain/dates';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import styles from './SharingSection.module.css';
import { useRemoveMember } from './sharingQueries';
import { failures, shareLabel } from './sharingText';

/** An invitation not yet answered, with the share it offers; the payer can withdraw it. */
export function InvitationRow({
  subscriptionId,
  invitation,
  currency,
}: {
  subscriptionId: string;
  invitation: PendingInvitation;
  currency: string;
}) {
  const toast = useToast();
  const { mutateAsync, isPending } = useRemoveMember();
  async function withdraw() {
    try {
      toast.success((await mutateAsync({ subscriptionId, userId: invitation.id })).message);
      document.getElementById('invite-who')?.focus();
    } catch (error) {
      toast.error(errorMessage(error, failures.withdraw));
    }
  }
  return (
    <li className={styles.person}>
      <span className={styles.name}>{invitation.invitedAs}</span>
      <span className={styles.shareOf}>
        {shareLabel(invitation.share, currency)} · expires {formatDateShort(invitation.expiresAt.slice(0, 10))}
      </span>
      <span className={styles.rowActions}>
        <Button
          size="sm"
          variant="ghost"
          loading={isPending}
          aria-label={`Withdraw the invitation to ${invitation.invitedAs}`}
          onClick={() => void withdraw()}
        >
          Withdraw
        </Button>
      </span>
    </li>
  );
}
