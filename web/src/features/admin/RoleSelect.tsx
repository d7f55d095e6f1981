import { adminMessages } from '@shared/api/admin';
import type { User } from '@shared/api/user';
import { normalizeRole, ROLES, type Role } from '@shared/domain/roles';
import { ChevronDown } from 'lucide-react';
import styles from './Admin.module.css';
import { mayGiveRole, refusalReason } from './staffRules';

const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  developer: 'Developer',
  premium: 'Premium',
  vip: 'VIP',
  member: 'Member',
};

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface RoleSelectProps {
  user: User;
  /** The signed-in admin: the staff role matrix decides what they may set (decision 0104). */
  me: { id: string; role: unknown };
  busy: boolean;
  onChange: (role: Role) => void;
}

/** The row's role select; its label names the user. Disabled on the admin's own row and where the server would refuse. */
export function RoleSelect({ user, me, busy, onChange }: RoleSelectProps) {
  const role = normalizeRole(user.role);
  const id = `role-${user.id}`;
  const reason = user.id === me.id ? adminMessages.cannotChangeOwnRole : refusalReason(me, user, 'role');
  const locked = reason !== undefined;
  return (
    <div className={styles.roleSelect} title={reason}>
      <label htmlFor={id} className="visually-hidden">
        Role of {user.username}
      </label>
      <select
        id={id}
        value={role}
        disabled={locked || busy}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.target.value as Role)}
      >
        {ROLE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} disabled={!mayGiveRole(me, option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className={styles.roleChevron} />
    </div>
  );
}
