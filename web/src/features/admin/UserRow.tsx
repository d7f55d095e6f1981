import type { User } from '@shared/api/user';
import { formatInstantShort } from '@shared/domain/dates';
import { timeLeftLabel } from '@shared/domain/membership';
import type { Role } from '@shared/domain/roles';
import { ChevronDown, Clock, Eye, Gem, Infinity as InfinityIcon, Mail, Trash2 } from 'lucide-react';
import { RoleBadges } from '../../components/RoleBadges';
import { IconButton, MenuButton, type MenuItem } from '../../components/ui';
import styles from './Admin.module.css';
import { RoleSelect } from './RoleSelect';
import { refusalReason } from './staffRules';

/** The dialogs a row opens, each for its user. */
export type UserDialogKind = 'details' | 'grant' | 'extend' | 'email' | 'delete';

/** SPEC §2 'The Username cell': display name or username, '@username' when they differ, '(You)'. */
function UsernameCell({ user, isSelf }: { user: User; isSelf: boolean }) {
  const shown = user.displayName?.trim() || user.username;
  return (
    <div className={styles.nameCell}>
      <span className={styles.name}>
        {shown}
        {isSelf && <span className={styles.you}> (You)</span>}
      </span>
      {shown !== user.username && <span className={styles.handle}>@{user.username}</span>}
    </div>
  );
}

/** SPEC §2 'The Subscription cell': the type in upper case plus an infinity mark when forever, or '-'. */
function SubscriptionCell({ user }: { user: User }) {
  if (!user.subscriptionType) return <span className={styles.none}>-</span>;
  return (
    <span className={styles.tier}>
      {user.subscriptionType.toUpperCase()}
      {user.isForever && (
        <>
          <InfinityIcon aria-hidden="true" className={styles.infinity} />
          <span className="visually-hidden"> forever</span>
        </>
      )}
    </span>
  );
}

function timeLeft(user: User): string {
  if (!user.subscriptionType) return '-';
  return timeLeftLabel(user, new Date()) ?? '-';
}

/**
 * SPEC §2 'Membership actions: Grant Membership, Extend Subscription (only when a non-forever end
 * date exists), Change Email', in the row's Membership menu. An action the server would refuse
 * (decision 0104) stays listed, aria-disabled, with the server's reason as its hint.
 */
export function membershipActions(me: { id: string; role: unknown }, user: User, open: (kind: UserDialogKind) => void): MenuItem[] {
  const membershipRefused = refusalReason(me, user, 'membership');
  const emailRefused = refusalReason(me, user, 'email');
  const canExtend = Boolean(user.subscriptionType && !user.isForever && user.subscriptionEnd);
  const items: MenuItem[] = [
    {
      label: 'Grant Membership',
      icon: <Gem aria-hidden="true" />,
      disabled: Boolean(membershipRefused),
      title: membershipRefused,
      onSelect: () => open('grant'),
    },
  ];
  if (canExtend)
    items.push({
      label: 'Extend Subscription',
      icon: <Clock aria-hidden="true" />,
      disabled: Boolean(membershipRefused),
      title: membershipRefused,
      onSelect: () => open('extend'),
    });
  items.push({
    label: 'Change Email',
    icon: <Mail aria-hidden="true" />,
    disabled: Boolean(emailRefused),
    title: emailRefused,
    onSelect: () => open('email'),
  });
  return items;
}

interface UserRowProps {
  user: User;
  /** The signed-in admin: their own row is locked, and the staff role matrix decides the rest (decision 0104). */
  me: { id: string; role: unknown };
  changingRole: boolean;
  onRoleChange: (role: Role) => void;
  onOpen: (kind: UserDialogKind) => void;
}

/**
 * One row of the All Users table (SPEC §2): Username, Role, Subscription, Time Left, Created, then
 * Actions (details, role select, delete) and Membership (a menu of the membership actions). In a
 * narrow box the row is a card and each cell says what it is (Admin.module.css).
 */
export function UserRow({ user, me, changingRole, onRoleChange, onOpen }: UserRowProps) {
  const isSelf = user.id === me.id;
  const deleteRefused = isSelf ? 'Cannot delete yourself' : refusalReason(me, user, 'delete');
  return (
    <tr data-user-id={user.id}>
      <th scope="row">
        <UsernameCell user={user} isSelf={isSelf} />
      </th>
      <td data-label="Role">
        <RoleBadges role={user.role} />
      </td>
      <td data-label="Subscription">
        <SubscriptionCell user={user} />
      </td>
      <td className={styles.nowrap} data-label="Time Left">
        {timeLeft(user)}
      </td>
      <td className={styles.nowrap} data-label="Created">
        {formatInstantShort(user.createdAt)}
      </td>
      <td className={styles.actionsCell} data-label="Actions">
        <div className={styles.rowActions}>
          <IconButton
            label={`View details of ${user.username}`}
            icon={<Eye aria-hidden="true" />}
            size="sm"
            onClick={() => onOpen('details')}
          />
          <RoleSelect user={user} me={me} busy={changingRole} onChange={onRoleChange} />
          {/* Refused: still focusable and announced as unavailable, with the reason as its hint. */}
          <IconButton
            label={`Delete ${user.username}`}
            icon={<Trash2 aria-hidden="true" />}
            size="sm"
            className={styles.deleteButton}
            aria-disabled={deleteRefused ? true : undefined}
            title={deleteRefused ?? `Delete ${user.username}`}
            onClick={() => deleteRefused || onOpen('delete')}
          />
        </div>
      </td>
      <td className={styles.membershipCell} data-label="Membership">
        <MenuButton label={`Membership for ${user.username}`} items={membershipActions(me, user, onOpen)}>
          <Gem aria-hidden="true" />
          <ChevronDown aria-hidden="true" />
        </MenuButton>
      </td>
    </tr>
  );
}
