import type { PendingInvitation, SettlementCycle, SharedMember, SubscriptionMembers } from '@shared/api/sharing';
import type { Subscription } from '@shared/api/subscription';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { type SettlementState, SHARE_MODES, type ShareMode, type ShareSpec, sharingMessages } from '@shared/domain/sharing';
import { useQuery } from '@tanstack/react-query';
import { Check, LogOut, Send, UserMinus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser } from '../../session/context';
import styles from './SharingSection.module.css';
import { membersQuery, useChangeShare, useInviteMember, useRecordSettlement, useRemoveMember } from './sharingQueries';

const failures = {
  load: 'Failed to load who shares this subscription',
  invite: 'Failed to send the invitation',
  change: 'Failed to change the share',
  remove: 'Failed to remove the member',
  withdraw: 'Failed to withdraw the invitation',
  settle: 'Failed to record the settlement',
} as const;

const modeOptions = SHARE_MODES.map((mode) => ({
  value: mode,
  label: { equal: 'Equal', percent: 'Percentage', fixed: 'Fixed amount' }[mode],
}));

/** What a share is set to: 'Equal split', '25%', 'Fixed €5.00'. */
function shareLabel(share: ShareSpec, currency: string): string {
  if (share.mode === 'percent') return `${share.value}%`;
  if (share.mode === 'fixed') return `Fixed ${formatAmount(share.value ?? 0, currency)}`;
  return 'Equal split';
}

const stateLook: Record<SettlementState, { text: string; tone: BadgeTone }> = {
  owed: { text: 'Owed', tone: 'warning' },
  paid: { text: 'Paid, to confirm', tone: 'info' },
  confirmed: { text: 'Settled', tone: 'success' },
};

/** The share a form sends: the mode, and the number typed for percent and fixed (a word is sent as is, and refused). */
function shareFrom(mode: ShareMode, value: string): ShareSpec {
  if (mode === 'equal') return { mode };
  return { mode, value: value.trim() === '' ? Number.NaN : Number(value) };
}

/** A refusal that belongs to the share's value rather than to the person (the contract's share messages). */
function isShareMessage(message: string): boolean {
  return (Object.values(sharingMessages) as unknown[]).includes(message) && message !== sharingMessages.paidOnly;
}

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

function MemberRow({
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

function InvitationRow({
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

/** Split and value: the mode select, and the percentage or amount field for percent and fixed. */
function ShareFields({
  idPrefix,
  mode,
  value,
  currency,
  error,
  onMode,
  onValue,
}: {
  idPrefix: string;
  mode: ShareMode;
  value: string;
  currency: string;
  error: string | null;
  onMode: (mode: ShareMode) => void;
  onValue: (value: string) => void;
}) {
  return (
    <>
      <Select
        id={`${idPrefix}-mode`}
        label="Split"
        options={modeOptions}
        value={mode}
        error={mode === 'equal' ? error : null}
        onChange={(event) => onMode(event.target.value as ShareMode)}
      />
      {mode !== 'equal' && (
        <Input
          id={`${idPrefix}-value`}
          label={mode === 'percent' ? 'Percentage' : `Amount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          error={error}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </>
  );
}

function ChangeShareForm({
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

/** Invites by username or e-mail, in the split the subscription already uses (one split per subscription). */
function InviteForm({ subscriptionId, currency, initialMode }: { subscriptionId: string; currency: string; initialMode: ShareMode }) {
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

function CycleSettlements({
  subscriptionId,
  cycle,
  names,
  isPayer,
}: {
  subscriptionId: string;
  cycle: SettlementCycle;
  names: Map<string, string>;
  isPayer: boolean;
}) {
  const toast = useToast();
  const user = useCurrentUser();
  const { mutateAsync, isPending, variables } = useRecordSettlement(subscriptionId);
  const headingId = `cycle-${cycle.dueDate}`;
  if (cycle.settlements.length === 0) return null;

  async function settle(userId: string, status: 'paid' | 'confirmed') {
    try {
      await mutateAsync({ userId, dueDate: cycle.dueDate, status });
      const who = userId === user.id ? 'Your' : `${names.get(userId) ?? 'The'}’s`;
      toast.success(
        status === 'paid'
          ? `Marked paid: ${who.toLowerCase()} share of ${formatDateShort(cycle.dueDate)}`
          : `${who} share of ${formatDateShort(cycle.dueDate)} settled`,
      );
      document.getElementById(headingId)?.focus();
    } catch (error) {
      toast.error(errorMessage(error, failures.settle));
    }
  }

  return (
    <div className={styles.cycle}>
      <p id={headingId} tabIndex={-1} className={styles.cycleDate}>
        Renewal of {formatDateShort(cycle.dueDate)}
      </p>
      <ul className={styles.people}>
        {cycle.settlements.map((settlement) => {
          const name = settlement.userId === user.id ? 'You' : (names.get(settlement.userId) ?? 'A former member');
          const look = stateLook[settlement.state];
          const busy = isPending && variables?.userId === settlement.userId;
          const action =
            isPayer && settlement.state === 'owed'
              ? { status: 'confirmed' as const, label: 'Mark settled' }
              : isPayer && settlement.state === 'paid'
                ? { status: 'confirmed' as const, label: 'Confirm' }
                : !isPayer && settlement.state === 'owed' && settlement.userId === user.id
                  ? { status: 'paid' as const, label: 'I paid' }
                  : null;
          return (
            <li key={settlement.userId} className={styles.person}>
              <span className={styles.name}>{name}</span>
              <span className={styles.shareOf}>
                <Badge tone={look.tone}>{look.text}</Badge>
              </span>
              <span className={styles.amount}>{formatAmount(settlement.amount, settlement.currency)}</span>
              {action && (
                <span className={styles.rowActions}>
                  <Button
                    size="sm"
                    variant={action.status === 'paid' ? 'primary' : 'secondary'}
                    loading={busy}
                    disabled={isPending}
                    aria-label={`${action.label}: ${name === 'You' ? 'your' : `${name}’s`} share of ${formatDateShort(cycle.dueDate)}`}
                    onClick={() => void settle(settlement.userId, action.status)}
                  >
                    {action.label}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
