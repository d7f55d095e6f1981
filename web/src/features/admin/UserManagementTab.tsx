import type { User } from '@shared/api/user';
import type { Role } from '@shared/domain/roles';
import { useQuery } from '@tanstack/react-query';
import { Search, UserRoundPlus, UsersRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { Button, ConfirmDialog, EmptyState, Input, Spinner, useToast } from '../../components/ui';
import { useCurrentUser } from '../../session/context';
import { AddUserModal } from './AddUserModal';
import styles from './Admin.module.css';
import { USERS_PAGE_SIZE, useChangeRole, useDeleteUser, usersPageQuery } from './adminQueries';
import { ChangeEmailModal } from './ChangeEmailModal';
import { ExtendModal, GrantModal } from './MembershipModals';
import { UserCounts } from './UserCounts';
import { UserDetailsModal } from './UserDetailsModal';
import type { UserDialogKind } from './UserRow';
import { UsersPager } from './UsersPager';
import { UsersTable } from './UsersTable';

/** How long the search box waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Dialog = { kind: UserDialogKind; user: User } | { kind: 'add' } | null;

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
        <UserCounts counts={page?.counts} />
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
          <UsersTable
            users={users}
            me={me}
            search={search}
            pageNumber={pageNumber}
            loading={loading}
            changingRoleOf={changingRoleOf}
            onRoleChange={(user, role) => void onRoleChange(user, role)}
            onOpen={(kind, user) => setDialog({ kind, user })}
          />
        )}

        {(hasPrevious || hasNext) && (
          <UsersPager
            pageNumber={pageNumber}
            pageCount={pageCount}
            hasPrevious={hasPrevious}
            hasNext={hasNext}
            loading={loading}
            onPrevious={() => setCursors((list) => list.slice(0, -1))}
            onNext={() => page?.nextCursor && setCursors((list) => [...list, page.nextCursor])}
          />
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
