import { type AdminUserResponse, adminMessages, type adminRoutes, type UserDetails } from '../../shared/api/admin.js';
import { authMessages } from '../../shared/api/auth-messages.js';
import type { MessageResponse } from '../../shared/api/contract.js';
import { roundMoney } from '../../shared/domain/currency.js';
import { effectiveMembership } from '../../shared/domain/membership.js';
import { isStaff, normalizeRole } from '../../shared/domain/roles.js';
import { monthlyAmount } from '../../shared/domain/subscription-costs.js';
import { hashPassword } from '../lib/auth/passwords.js';
import { endAllSessions } from '../lib/auth/sessions.js';
import type { ApiRequest } from '../lib/auth/signed-in-api.js';
import { issueToken } from '../lib/auth/tokens.js';
import { signInMethods } from '../lib/auth/ways-in.js';
import { now } from '../lib/chassis/clock.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../lib/chassis/errors.js';
import { AGAIN, retryUntil } from '../lib/chassis/retry.js';
import { passwordResetEmail } from '../lib/email/account-emails.js';
import { requireMailableAddress, sendEmail } from '../lib/email/email.js';
import { type MembershipItem, membershipOf, readStoredUser, settleMembership, writeMembership } from '../lib/membership/membership.js';
import { reindexRemindersAfterTierChange } from '../lib/reminders/reminder-index.js';
import { listSubscriptions } from '../lib/subscriptions/subscriptions.js';
import { EMAIL_SENDS, mailToAddress, requireMailRequest, takeSlots } from '../lib/throttles/throttle.js';
import { deleteAllUserData } from '../lib/users/account-data.js';
import { writeAccountStatus } from '../lib/users/account-status.js';
import { listActivity, recordActivity } from '../lib/users/activity.js';
import { changeIdentity } from '../lib/users/identity-change.js';
import { toPublicUser } from '../lib/users/public-user.js';
import { recordStaffAction, requireAllowed, requireRoleGrant } from '../lib/users/staff-actions.js';
import { LastOwnerError } from '../lib/users/user-counters.js';
import type { UserItem } from '../lib/users/user-item.js';
import { createUser } from '../lib/users/users.js';
import { membershipWithRole } from './rules.js';
import { listUsers } from './user-list.js';

/**
 * The admin console's user management (SPEC §2 'Admin Dashboard', §6, §7; DESIGN §5; issue 10).
 * Every route is for owners and developers (the chassis); whom an admin may act on is the staff role
 * matrix (functions/lib/users/staff-actions.ts, decision 0104), the last-owner rule is the condition on the active-owner counter. Each change is
 * written on the condition that the user is still as read, and logged on the user's activity with
 * the admin's username as `performedBy`.
 */

type Routes = typeof adminRoutes;
type Request<K extends keyof Routes> = ApiRequest<Routes[K]>;

/** The target user as stored, with a membership change that fell due persisted first; 404 when gone. */
async function target(id: string | undefined): Promise<MembershipItem> {
  const stored = id ? await readStoredUser(id) : undefined;
  if (!stored) throw notFound(adminMessages.userNotFound);
  return settleMembership(stored);
}

/** Reads the target and applies `write`, again from a fresh read while the user changed meanwhile (the retry helper's 'changed' kind). */
function changeTarget<T>(id: string | undefined, write: (stored: MembershipItem) => Promise<T | undefined>): Promise<T> {
  return retryUntil(
    'changed',
    "an admin's change of a user",
    async () => {
      const written = await write(await target(id));
      return written === undefined ? AGAIN : written;
    },
    undefined,
    { exhausted: () => conflict(adminMessages.changedMeanwhile) },
  );
}

function lastOwnerAs409(error: unknown): never {
  if (error instanceof LastOwnerError) throw conflict(adminMessages.lastOwner);
  throw error;
}

export async function listUsersHandler({ query, log }: Request<'listUsers'>) {
  const { page, itemsRead } = await listUsers(query);
  log.info('users listed', { itemsRead, returned: page.users.length, search: Boolean(query.search) });
  return page;
}

export async function createUserHandler({ body, user: admin, log }: Request<'createUser'>): Promise<AdminUserResponse> {
  const role = body.role ?? 'member';
  requireRoleGrant(admin, role);
  const created = await createUser({
    username: body.username,
    email: null,
    passwordHash: await hashPassword(body.password),
    role,
    emailVerified: false,
  });
  log.info('user created by an admin', { userId: created.id, role });
  await recordActivity(created.id, 'registration', admin.username, { createdByAdmin: true, role });
  await recordStaffAction(admin, created, 'create', { role });
  return { message: adminMessages.userCreated, user: toPublicUser(created) };
}

export async function changeRoleHandler({ params, body, user: admin }: Request<'changeRole'>): Promise<AdminUserResponse> {
  if (params.id === admin.id) throw badRequest(adminMessages.cannotChangeOwnRole);
  let from = '';
  const updated = await changeTarget(params.id, async (stored) => {
    await requireAllowed(admin, stored, 'role');
    requireRoleGrant(admin, body.role);
    from = normalizeRole(stored.role);
    if (from === body.role) return stored;
    const next = membershipWithRole(effectiveMembership(membershipOf(stored), now()), body.role);
    return writeMembership(stored, next).catch(lastOwnerAs409);
  });
  // A role change ends no session: the user's next request reads the new role.
  if (from !== body.role) {
    await reindexRemindersAfterTierChange({ role: from }, updated);
    await recordActivity(updated.id, 'role_changed', admin.username, { from, to: body.role });
    // A promotion to staff or a demotion from it is a staff action on the acting admin's log too.
    await recordStaffAction(admin, { ...updated, role: isStaff(from) ? from : body.role }, 'role', { from, to: body.role });
  }
  return { message: adminMessages.roleUpdated, user: toPublicUser(updated) };
}

export async function deleteUserHandler({ params, user: admin, log }: Request<'deleteUser'>): Promise<MessageResponse> {
  if (params.id === admin.id) throw badRequest(adminMessages.cannotDeleteSelf);
  // Deactivated first (for an owner, only while another active owner remains): the user's requests
  // stop at once, and a refused deletion has deleted nothing.
  const doomed = await changeTarget(params.id, async (stored) => {
    await requireAllowed(admin, stored, 'delete');
    if (stored.accountStatus === 'deactivated') return stored;
    return writeAccountStatus(stored, 'deactivated').catch(lastOwnerAs409);
  });
  const { itemsDeleted } = await deleteAllUserData(doomed).catch(lastOwnerAs409);
  log.info('user deleted by an admin', { userId: doomed.id, itemsDeleted });
  // Kept on the admin's side: the user's own log went with the user.
  await recordActivity(admin.id, 'account_deleted', admin.username, { username: doomed.username, userId: doomed.id });
  return { message: adminMessages.userDeleted };
}

export async function userDetailsHandler({ params }: Request<'userDetails'>): Promise<UserDetails> {
  const user = await target(params.id);
  const [subscriptions, activities, methods] = await Promise.all([
    listSubscriptions(user.id),
    listActivity(user.id, 50),
    signInMethods(user),
  ]);
  return {
    user: toPublicUser(user),
    signInMethods: methods,
    subscriptions: subscriptions.map((sub) => ({
      id: sub.id,
      name: sub.name,
      amount: roundMoney(monthlyAmount(sub)),
      dueDate: sub.dueDate,
      status: sub.status,
    })),
    activities,
  };
}

export async function changeStatusHandler({ params, body, user: admin }: Request<'changeStatus'>): Promise<AdminUserResponse> {
  if (params.id === admin.id) throw badRequest(adminMessages.cannotDeactivateSelf);
  let from = '';
  const updated = await changeTarget(params.id, async (stored) => {
    await requireAllowed(admin, stored, 'status');
    from = stored.accountStatus === 'deactivated' ? 'deactivated' : 'active';
    if (from === body.status) return stored;
    return writeAccountStatus(stored, body.status).catch(lastOwnerAs409);
  });
  if (from !== body.status) {
    await recordActivity(updated.id, 'status_changed', admin.username, { from, to: body.status });
    await recordStaffAction(admin, updated, 'status', { from, to: body.status });
  }
  return {
    message: body.status === 'active' ? adminMessages.userActivated : adminMessages.userDeactivated,
    user: toPublicUser(updated),
  };
}

export async function sendPasswordResetHandler({
  params,
  user: admin,
  clientAddress,
  log,
}: Request<'sendPasswordReset'>): Promise<MessageResponse> {
  await requireMailRequest(clientAddress);
  const user = await target(params.id);
  await requireAllowed(admin, user, 'passwordReset');
  if (!user.email) throw badRequest(adminMessages.noEmailForReset);
  // An address stored before the mailer's rule: a clear 400 before a slot or a token is written.
  requireMailableAddress(user.email);
  // The same allowances as forgot-password: an admin cannot flood someone's mailbox either.
  const mail = await takeSlots([[EMAIL_SENDS, `reset#${user.id}`], ...mailToAddress(user.email)]);
  if (!mail.taken) throw tooManyRequests(adminMessages.tooManyEmails, mail.retryAfterSeconds);
  const token = await issueToken('reset-password', user);
  await sendEmail(passwordResetEmail(user.email, user.username, token));
  log.info('password reset mail sent by an admin', { userId: user.id });
  await recordActivity(user.id, 'password_reset_sent', admin.username);
  await recordStaffAction(admin, user, 'passwordReset');
  return { message: adminMessages.passwordResetSent };
}

export async function changeEmailHandler({ params, body, user: admin }: Request<'changeEmail'>): Promise<AdminUserResponse> {
  let previous: string | null = null;
  const updated = await changeTarget(params.id, async (stored: UserItem) => {
    await requireAllowed(admin, stored, 'email');
    previous = stored.email ?? null;
    // An address an admin sets counts as verified (docs/decisions/0037-admin-user-management.md).
    const result = await changeIdentity(stored, { email: body.email, changes: { emailVerified: true } });
    if (!('conflict' in result)) return result.user;
    if (result.conflict === 'email') throw conflict(authMessages.emailTaken);
    return undefined;
  });
  await recordActivity(updated.id, 'email_changed_by_admin', admin.username, { from: previous, to: updated.email ?? null });
  await recordStaffAction(admin, updated, 'email', { from: previous, to: updated.email ?? null });
  return { message: adminMessages.emailChanged, user: toPublicUser(updated) };
}

export async function terminateSessionsHandler({ params, user: admin, log }: Request<'terminateSessions'>): Promise<MessageResponse> {
  const user = await target(params.id);
  await requireAllowed(admin, user, 'sessions');
  try {
    await endAllSessions(user.id, 'admin');
  } catch (error) {
    // Deleted between the read and the write.
    if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound(adminMessages.userNotFound);
    throw error;
  }
  log.info('sessions terminated by an admin', { userId: user.id });
  await recordActivity(user.id, 'sessions_terminated', admin.username);
  await recordStaffAction(admin, user, 'sessions');
  return { message: adminMessages.sessionsTerminated };
}
