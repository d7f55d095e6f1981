import type { User } from '@shared/api/user';
import type { Role } from '@shared/domain/roles';
import styles from './Admin.module.css';
import { type UserDialogKind, UserRow } from './UserRow';

interface UsersTableProps {
  users: User[];
  me: { id: string; role: unknown };
  search: string;
  pageNumber: number;
  loading: boolean;
  /** The user whose role change is on its way, if any. */
  changingRoleOf: string | null;
  onRoleChange: (user: User, role: Role) => void;
  onOpen: (kind: UserDialogKind, user: User) => void;
}

/**
 * The All Users table (SPEC §2: Username, Role, Subscription, Time Left, Created, Actions,
 * Membership). A table where it fits; in a narrow box each row becomes a card (Admin.module.css,
 * docs/decisions/0121-admin-membership-column.md), so nothing scrolls sideways.
 */
export function UsersTable({ users, me, search, pageNumber, loading, changingRoleOf, onRoleChange, onOpen }: UsersTableProps) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption className="visually-hidden">
          All Users{search ? `, matching “${search}”` : ''}, page {pageNumber}
        </caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Role</th>
            <th scope="col">Subscription</th>
            <th scope="col">Time Left</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
            <th scope="col">Membership</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              me={me}
              changingRole={changingRoleOf === user.id}
              onRoleChange={(role) => onRoleChange(user, role)}
              onOpen={(kind) => onOpen(kind, user)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
