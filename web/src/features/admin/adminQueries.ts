/**
 * The admin console's server state (DESIGN §7b): the All Users pages and a user's details in the
 * shared TanStack Query cache, and the mutations of the User Management tab. A mutation that
 * answers with the changed user writes that user into every cached page (one row changes, nothing
 * is fetched again); creating, deleting and activating or deactivating refresh the list (SPEC §4
 * 'Account status').
 */
import { routes } from '@shared/api';
import type { UserCounts, UserDetails, UserPage } from '@shared/api/admin';
import type { AccountStatus, PaidTier, User } from '@shared/api/user';
import type { Role } from '@shared/domain/roles';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryClient } from '../../api/queries';

/** Rows per page of the All Users table. */
export const USERS_PAGE_SIZE = 25;

export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  usersPage: (search: string, cursor: string | null) => ['admin', 'users', { search, cursor }] as const,
  details: (id: string) => ['admin', 'details', id] as const,
};

/** GET /api/auth/users: one page, for a search (username or e-mail) and the previous page's cursor. */
export const usersPageQuery = (search: string, cursor: string | null) =>
  queryOptions({
    queryKey: adminKeys.usersPage(search, cursor),
    queryFn: ({ signal }): Promise<UserPage> =>
      api(routes.listUsers, { signal, query: { search, cursor: cursor ?? undefined, limit: String(USERS_PAGE_SIZE) } }),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

/** GET /api/auth/users/{id}/details, loaded each time the details open. */
export const userDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.details(id),
    queryFn: ({ signal }): Promise<UserDetails> => api(routes.userDetails, { signal, params: { id } }),
    staleTime: 0,
  });

/** Which of the four counters a role counts in (SPEC §2: Total Users, Developers, Premium, VIP). */
const COUNTER_OF_ROLE: Partial<Record<Role, keyof UserCounts>> = { developer: 'developers', premium: 'premium', vip: 'vip' };

function moveCount(counts: UserCounts, from: Role, to: Role): UserCounts {
  const next = { ...counts };
  const left = COUNTER_OF_ROLE[from];
  const joined = COUNTER_OF_ROLE[to];
  if (left) next[left] = Math.max(0, next[left] - 1);
  if (joined) next[joined] += 1;
  return next;
}

/**
 * Writes a changed user into every cached page and into their cached details: that row changes and
 * nothing is fetched again. When the role moved, the counters follow.
 */
export function writeUser(user: User): void {
  const pages = queryClient.getQueriesData<UserPage>({ queryKey: adminKeys.users });
  const before = pages.flatMap(([, page]) => page?.users ?? []).find((u) => u.id === user.id);
  queryClient.setQueriesData<UserPage>({ queryKey: adminKeys.users }, (page) => {
    if (!page) return page;
    const counts = before && before.role !== user.role ? moveCount(page.counts, before.role, user.role) : page.counts;
    return { ...page, counts, users: page.users.map((u) => (u.id === user.id ? user : u)) };
  });
  queryClient.setQueryData<UserDetails>(adminKeys.details(user.id), (details) => details && { ...details, user });
}

/** Marks the list stale and refetches the page on screen (the others when they are shown again). */
export function refreshUsers(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.users });
}

export function useCreateUser() {
  return useMutation({
    mutationFn: (body: { username: string; password: string; role: Role }) => api(routes.createUser, { body }),
    onSuccess: () => refreshUsers(),
  });
}

export function useChangeRole() {
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => api(routes.changeRole, { params: { id }, body: { role } }),
    onSuccess: (answer) => writeUser(answer.user),
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: (id: string) => api(routes.deleteUser, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.details(id) });
      return refreshUsers();
    },
  });
}

export function useChangeStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AccountStatus }) => api(routes.changeStatus, { params: { id }, body: { status } }),
    onSuccess: (answer) => {
      writeUser(answer.user);
      return refreshUsers();
    },
  });
}

/** Ends every session of the user (admin 'End Sessions'); the details refetch to show the activity entry. */
export function useTerminateSessions() {
  return useMutation({
    mutationFn: (id: string) => api(routes.terminateSessions, { params: { id } }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: adminKeys.details(id) }),
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: string) => api(routes.sendPasswordReset, { params: { id } }),
  });
}

export interface GrantInput {
  userId: string;
  subscriptionType: PaidTier;
  /** Days, or null for forever. */
  duration: number | null;
  reason: string;
}

export function useGrantMembership() {
  return useMutation({
    mutationFn: ({ userId, subscriptionType, duration, reason }: GrantInput) =>
      api(routes.grantMembership, {
        body: { userId, subscriptionType, duration, isForever: duration === null, reason },
      }),
    onSuccess: (answer) => writeUser(answer.user),
  });
}

export function useExtendMembership() {
  return useMutation({
    mutationFn: (body: { userId: string; additionalDays: number; reason: string }) => api(routes.extendMembership, { body }),
    onSuccess: (answer) => writeUser(answer.user),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) => api(routes.changeEmail, { params: { id }, body: { email } }),
    onSuccess: (answer) => writeUser(answer.user),
  });
}
