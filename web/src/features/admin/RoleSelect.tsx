import type { User } from '@shared/api/user';
import { normalizeRole, ROLES, type Role } from '@shared/domain/roles';
import { ChevronDown } from 'lucide-react';
import styles from './Admin.module.css';

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
  isSelf: boolean;
  /** Only an owner may make an owner or change one (DESIGN §5). */
  viewerIsOwner: boolean;
  busy: boolean;
  onChange: (role: Role) => void;
}

/** The row's role select; its label names the user. Disabled on the admin's own row. */
export function RoleSelect({ user, isSelf, viewerIsOwner, busy, onChange }: RoleSelectProps) {
  const role = normalizeRole(user.role);
  const id = `role-${user.id}`;
  const locked = isSelf || (!viewerIsOwner && role === 'owner');
  const reason = isSelf ? 'You cannot change your own role' : locked ? 'Only an owner can change an owner' : undefined;
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
          <option key={option.value} value={option.value} disabled={option.value === 'owner' && !viewerIsOwner}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className={styles.roleChevron} />
    </div>
  );
}
