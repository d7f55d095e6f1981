import type { User } from '@shared/api/user';
import { formatInstantShort } from '@shared/domain/dates';
import { timeLeftLabel } from '@shared/domain/membership';
import type { Role } from '@shared/domain/roles';
import { useQuery } from '@tanstack/react-query';
import {
  ChevronLeft,
  ChevronRight,
  Clock,
  Code,
  Ellipsis,
  Eye,
  Gem,
  Infinity as InfinityIcon,
  Mail,
  Search,
  Star,
  Trash2,
  UserRoundPlus,
  UsersRound,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { RoleBadges } from '../../components/RoleBadges';
import { Button, ConfirmDialog, EmptyState, IconButton, Input, MenuButton, Spinner, useToast } from '../../components/ui';
import { useCurrentUser } from '../../session/context';
import { AddUserModal } from './AddUserModal';
import styles from './Admin.module.css';
import { USERS_PAGE_SIZE, useChangeRole, useDeleteUser, usersPageQuery } from './adminQueries';
import { ChangeEmailModal } from './ChangeEmailModal';
import { ExtendModal, GrantModal } from './MembershipModals';
import { RoleSelect } from './RoleSelect';
import { refusalReason } from './staffRules';
import { UserDetailsModal } from './UserDetailsModal';

/** How long the search box waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Dialog = { kind: 'details' | 'grant' | 'extend' | 'email' | 'delete'; user: User } | { kind: 'add' } | null;

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

function Counter({ label, value, icon, tone }: { label: string; value: number | undefined; icon: ReactNode; tone: string }) {
  return (
    <div className={styles.counter}>
      <span className={[styles.counterIcon, styles[tone]].join(' ')} aria-hidden="true">
        {icon}
      </span>
      <dt className={styles.counterLabel}>{label}</dt>
      <dd className={styles.counterValue}>{value ?? '–'}</dd>
    </div>
  );
}

/** The User Management tab (SPEC §2): counters, search, the All Users table with paging, and its dialogs. */
export function UserManagementTab() {
  const me = useCurrentUser();
  const toast = useToast();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  /** Cursors of the pages before this one; the last entry is this page's cursor. */
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [changingRoleOf, setChangingRoleOf] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnClose = useRef(false);

  useEffect(() => {
    if (dialog !== null || !focusHeadingOnClose.current) return;
    focusHeadingOnClose.current = false;
    headingRef.current?.focus();
  }, [dialog]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const next = searchText.trim();
      setSearch((current) => {
        if (current !== next) setCursors([null]);
        return next;
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const usersQuery = useQuery(usersPageQuery(search, cursor));
  const page = usersQuery.data;
  const users = page?.users ?? [];
  const changeRole = useChangeRole();
  const deleteUser = useDeleteUser();

  const close = () => setDialog(null);

  async function onRoleChange(user: User, role: Role) {
    setChangingRoleOf(user.id);
    try {
      await changeRole.mutateAsync({ id: user.id, role });
      toast.success('Role updated successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update role'));
    } finally {
      setChangingRoleOf(null);
    }
  }

  async function onDelete(user: User) {
    try {
      const answer = await deleteUser.mutateAsync(user.id);
      toast.success(answer.message || 'User deleted successfully');
      // The row (and its delete button) is gone: attention goes back to the table's heading once
      // the dialog has closed (the page behind it is inert until then).
      focusHeadingOnClose.current = true;
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete user'));
    }
  }

  const pageNumber = cursors.length;
  const hasPrevious = pageNumber > 1;
  const hasNext = Boolean(page?.nextCursor);
  // The total is known from the role counters for the whole list; a search's is not (it reads the
  // directory a page at a time), so a search's pager names the page only (docs/decisions).
  const pageCount = !search && page ? Math.max(pageNumber, Math.ceil(page.counts.totalUsers / USERS_PAGE_SIZE)) : null;
  const loading = usersQuery.isFetching;

  return (
    <div className={styles.tabBody}>
      <div className={styles.toolbar}>
        <dl className={styles.counters} aria-label="User counts">
          <Counter label="Total Users" value={page?.counts.totalUsers} icon={<UsersRound />} tone="primary" />
          <Counter label="Developers" value={page?.counts.developers} icon={<Code />} tone="info" />
          <Counter label="Premium" value={page?.counts.premium} icon={<Gem />} tone="premium" />
          <Counter label="VIP" value={page?.counts.vip} icon={<Star />} tone="gold" />
        </dl>
      </div>

      <section className={styles.usersCard} aria-labelledby="all-users-heading">
        <header className={styles.usersHeader}>
          <div className={styles.titleRow}>
            <h2 id="all-users-heading" ref={headingRef} tabIndex={-1} className={styles.usersTitle}>
              All Users
            </h2>
            <div className={styles.statusLine} aria-live="polite">
              {loading ? (
                <span className={styles.loadingNote}>
                  <Spinner size="sm" /> Loading users...
                </span>
              ) : usersQuery.isError ? (
                <span className={styles.errorNote}>{errorMessage(usersQuery.error, 'Failed to load users')}</span>
              ) : page ? (
                <span className="visually-hidden">
                  {users.length === 1 ? '1 user' : `${users.length} users`} on page {pageNumber}
                </span>
              ) : null}
            </div>
          </div>
          <div className={styles.usersTools}>
            <Input
              label={<span className="visually-hidden">Search users</span>}
              type="search"
              placeholder="Search by username or email"
              icon={<Search />}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              className={styles.search}
              autoComplete="off"
            />
            <Button icon={<UserRoundPlus aria-hidden="true" />} onClick={() => setDialog({ kind: 'add' })}>
              Add New User
            </Button>
          </div>
        </header>

        {page && users.length === 0 ? (
          <EmptyState
            icon={<UsersRound />}
            title={search ? 'No users match your search' : 'No users yet'}
            description={
              page.nextCursor
                ? 'None among the users looked at so far: Next searches further.'
                : search
                  ? 'Try part of a username or an e-mail address.'
                  : undefined
            }
          />
        ) : (
          // A table where it fits; in a narrow box each row becomes a card (Admin.module.css). The actions
          // beyond details and role are in the row's menu, so the rows stay narrow.
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
                </tr>
              </thead>
              <tbody>
                {users.map((user) => {
                  const isSelf = user.id === me.id;
                  const membershipRefused = refusalReason(me, user, 'membership');
                  const emailRefused = refusalReason(me, user, 'email');
                  const deleteRefused = isSelf ? 'Cannot delete yourself' : refusalReason(me, user, 'delete');
                  const canExtend = Boolean(user.subscriptionType && !user.isForever && user.subscriptionEnd);
                  return (
                    <tr key={user.id} data-user-id={user.id}>
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
                      <td className={styles.actionsCell}>
                        <div className={styles.rowActions}>
                          <IconButton
                            label={`View details of ${user.username}`}
                            icon={<Eye aria-hidden="true" />}
                            size="sm"
                            onClick={() => setDialog({ kind: 'details', user })}
                          />
                          <RoleSelect
                            user={user}
                            me={me}
                            busy={changingRoleOf === user.id}
                            onChange={(role) => void onRoleChange(user, role)}
                          />
                          <MenuButton
                            label={`More actions for ${user.username}`}
                            items={[
                              {
                                label: 'Grant Membership',
                                icon: <Gem aria-hidden="true" />,
                                disabled: Boolean(membershipRefused),
                                title: membershipRefused,
                                onSelect: () => setDialog({ kind: 'grant', user }),
                              },
                              ...(canExtend
                                ? [
                                    {
                                      label: 'Extend Subscription',
                                      icon: <Clock aria-hidden="true" />,
                                      disabled: Boolean(membershipRefused),
                                      title: membershipRefused,
                                      onSelect: () => setDialog({ kind: 'extend', user }),
                                    },
                                  ]
                                : []),
                              {
                                label: 'Change Email',
                                icon: <Mail aria-hidden="true" />,
                                disabled: Boolean(emailRefused),
                                title: emailRefused,
                                onSelect: () => setDialog({ kind: 'email', user }),
                              },
                              {
                                label: isSelf ? 'Cannot delete yourself' : `Delete ${user.username}`,
                                title: deleteRefused,
                                icon: <Trash2 aria-hidden="true" />,
                                danger: true,
                                disabled: Boolean(deleteRefused),
                                onSelect: () => setDialog({ kind: 'delete', user }),
                              },
                            ]}
                          >
                            <Ellipsis aria-hidden="true" />
                          </MenuButton>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}

        {(hasPrevious || hasNext) && (
          <nav className={styles.paging} aria-label="All Users pages">
            <Button
              variant="secondary"
              size="sm"
              icon={<ChevronLeft aria-hidden="true" />}
              disabled={!hasPrevious || loading}
              onClick={() => setCursors((list) => list.slice(0, -1))}
            >
              Previous
            </Button>
            <span className={styles.pageNumber} aria-live="polite">
              {pageCount ? `Page ${pageNumber} of ${pageCount}` : `Page ${pageNumber}`}
            </span>
            <Button
              variant="secondary"
              size="sm"
              trailingIcon={<ChevronRight aria-hidden="true" />}
              disabled={!hasNext || loading}
              onClick={() => page?.nextCursor && setCursors((list) => [...list, page.nextCursor])}
            >
              Next
            </Button>
          </nav>
        )}
      </section>

      <AddUserModal open={dialog?.kind === 'add'} onClose={close} />
      {dialog?.kind === 'details' && <UserDetailsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'grant' && <GrantModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'extend' && <ExtendModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'email' && <ChangeEmailModal user={dialog.user} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        type="danger"
        title="Delete User"
        message={
          dialog?.kind === 'delete' ? (
            <>
              Are you sure you want to delete <strong>{dialog.user.username}</strong>? All their data — profile, subscriptions and activity
              — will be permanently removed. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete User"
        loadingLabel="Deleting..."
        loading={deleteUser.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void onDelete(dialog.user)}
        onCancel={close}
      />
    </div>
  );
}
