import type { SubscriptionMembers } from '@shared/api/sharing';
import type { Subscription } from '@shared/api/subscription';
import { formatAmount } from '@shared/domain/currency';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import { CycleSettlements } from './CycleSettlements';
import { InvitationRow } from './InvitationRow';
import { InviteForm } from './InviteForm';
import { MemberRow } from './MemberRow';
import styles from './SharingSection.module.css';
import { membersQuery } from './sharingQueries';
import { failures } from './sharingText';

/**
 * The details dialog's 'Sharing' (issue 26). The payer sees everyone's share, changes or removes a
 * member's, withdraws an open invitation and invites by username or e-mail; a member sees the payer,
 * their own share and 'Leave'. Both settle each cycle: the member says 'I paid', the payer confirms it
 * or marks an owed share settled.
 */
export function SharingSection({ subscription: sub, onLeave }: { subscription: Subscription; onLeave: (sub: Subscription) => void }) {
  const { data, isPending, isError } = useQuery(membersQuery(sub.id));
  return (
    <section aria-labelledby="sharing-title" className={styles.section}>
      <h3 id="sharing-title" className={styles.heading}>
        Sharing
      </h3>
      {isPending ? (
        <Spinner label="Loading who shares this subscription" />
      ) : isError || !data ? (
        <p className={styles.error} role="alert">
          {failures.load}
        </p>
      ) : (
        <SharingDetails subscription={sub} members={data} onLeave={onLeave} />
      )}
    </section>
  );
}

function SharingDetails({
  subscription: sub,
  members: data,
  onLeave,
}: {
  subscription: Subscription;
  members: SubscriptionMembers;
  onLeave: (sub: Subscription) => void;
}) {
  const user = useCurrentUser();
  const { currency } = data;
  const names = new Map([[data.payer.userId, data.payer.username], ...data.members.map((m) => [m.userId, m.username] as const)]);
  const mine = data.members.find((member) => member.userId === user.id);

  return (
    <div className={styles.body}>
      {!data.isPayer && (
        <p className={styles.lead}>
          Paid by <strong>{data.payer.username}</strong>
          {mine && (
            <>
              {' '}
              · Your share <strong>{formatAmount(mine.amount, currency)}</strong>
            </>
          )}
        </p>
      )}
      {data.members.length === 0 ? (
        <p className={styles.lead}>Only you pay for {sub.name}. Invite someone to split the cost.</p>
      ) : (
        <ul className={styles.people} aria-label="Who shares the cost">
          <li className={styles.person}>
            <span className={styles.name}>
              {data.payer.userId === user.id ? 'You' : data.payer.username} <Badge tone="primary">Pays</Badge>
            </span>
            <span className={styles.shareOf}>The rest</span>
            <span className={styles.amount}>{formatAmount(data.payer.amount, currency)}</span>
          </li>
          {data.members.map((member) => (
            <MemberRow
              key={member.userId}
              subscriptionId={sub.id}
              member={member}
              currency={currency}
              isPayer={data.isPayer}
              you={member.userId === user.id}
            />
          ))}
        </ul>
      )}

      {data.isPayer && data.invitations.length > 0 && (
        <div className={styles.group}>
          <h4 className={styles.subheading}>Open invitations</h4>
          <ul className={styles.people}>
            {data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} subscriptionId={sub.id} invitation={invitation} currency={currency} />
            ))}
          </ul>
        </div>
      )}

      {data.isPayer && sub.status !== 'deleted' && (
        <InviteForm
          subscriptionId={sub.id}
          currency={currency}
          initialMode={data.members[0]?.share.mode ?? data.invitations[0]?.share.mode ?? 'equal'}
        />
      )}

      {data.cycles.some((cycle) => cycle.settlements.length > 0) && (
        <div className={styles.group}>
          <h4 className={styles.subheading}>Settling up</h4>
          {data.cycles.map((cycle) => (
            <CycleSettlements key={cycle.dueDate} subscriptionId={sub.id} cycle={cycle} names={names} isPayer={data.isPayer} />
          ))}
        </div>
      )}

      {!data.isPayer && (
        <div>
          <Button variant="secondary" size="sm" icon={<LogOut aria-hidden="true" />} onClick={() => onLeave(sub)}>
            Leave
          </Button>
        </div>
      )}
    </div>
  );
}
