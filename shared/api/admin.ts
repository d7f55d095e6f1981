import * as z from 'zod/mini';
import { type AdminRefusal, ROLES } from '../domain/roles.js';
import type { Activity } from './account.js';
import { emailField, newPasswordField, usernameField } from './auth.js';
import { type MessageResponse, route } from './contract.js';
import type { SubscriptionStatus } from './subscription.js';
import type { User } from './user.js';

/** Messages of the admin console's user management (SPEC §5 'Admin', §8 'Admin'). */
export const adminMessages = {
  userCreated: 'User created successfully',
  roleUpdated: 'Role updated successfully',
  userDeleted: 'User deleted successfully',
  userActivated: 'User activated successfully',
  userDeactivated: 'User deactivated successfully',
  passwordResetSent: 'Password reset email sent successfully!',
  emailChanged: 'Email changed successfully!',
  sessionsTerminated: 'All sessions of this user have been ended',
  userNotFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account!',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  ownerOnly: 'Only an owner can do this to a staff account',
  staffRoleOwnerOnly: 'Only an owner can give the owner or developer role',
  ownMembership: 'You cannot grant or extend your own membership',
  ownEmail: 'Change your own email in Settings',
  lastOwner: 'The last owner cannot be demoted, deactivated or deleted',
  noEmailForReset: 'This user has no email address to send a reset link to',
  invalidRole: 'Role must be owner, developer, premium, vip or member',
  invalidStatus: 'Status must be active or deactivated',
  changedMeanwhile: 'This user was changed at the same time. Please reload and try again.',
  tooManyEmails: 'Too many emails to this user. Please try again in 15 minutes.',
  invalidCursor: 'Invalid cursor: reload the list',
  invalidLimit: 'Limit must be a whole number from 1 to 100',
  invalidSearch: 'Search must be at most 100 characters',
} as const;

/** The message of each refusal of the staff role matrix (shared/domain/roles.ts `adminRefusal`), as a 403. */
export const adminRefusalMessages: Record<AdminRefusal, string> = {
  staffOwnerOnly: adminMessages.ownerOnly,
  staffRoleOwnerOnly: adminMessages.staffRoleOwnerOnly,
  ownMembership: adminMessages.ownMembership,
  ownEmail: adminMessages.ownEmail,
};

const role = z.enum(ROLES, { error: adminMessages.invalidRole });

/** POST /auth/users/create (SPEC §3 'New user form'): role defaults to member. */
export const createUserBody = z.object({
  username: usernameField,
  password: newPasswordField,
  role: z.optional(role),
});

export const roleBody = z.object({ role });
export const statusBody = z.object({ status: z.enum(['active', 'deactivated'], { error: adminMessages.invalidStatus }) });
export const changeEmailBody = z.object({ email: emailField });

/** POST /admin/preview-email (SPEC §7): a sample reminder sent to an address, for admins. */
export const previewEmailBody = z.object({
  type: z.enum(['10day', '3day', 'test'], { error: 'Type must be 10day, 3day or test' }),
  email: emailField,
});

/** The four counters of the User Management tab (SPEC §2), from atomic per-role counters. */
export interface UserCounts {
  totalUsers: number;
  developers: number;
  premium: number;
  vip: number;
}

/**
 * GET /auth/users: one page of the All Users table, newest first, read with a Query on the users
 * index (never a Scan). Query parameters: `search` (part of a username or e-mail, case-insensitive),
 * `cursor` (the previous page's `nextCursor`), `limit` (1–100, default 25).
 */
export interface UserPage {
  users: User[];
  nextCursor: string | null;
  counts: UserCounts;
}

/** SPEC §3 'User detail response'. */
/** How a user signs in (issue 38): a password, passkeys, and the single sign-on providers linked. */
export interface SignInMethods {
  password: boolean;
  passkeys: number;
  providers: string[];
}

export interface UserDetails {
  user: User;
  signInMethods: SignInMethods;
  subscriptions: Array<{ id: string; name: string; amount: number; dueDate: string; status: SubscriptionStatus }>;
  /** The last 50 entries, newest first. */
  activities: Activity[];
}

export interface AdminUserResponse extends MessageResponse {
  user: User;
}

/** A user id that cannot name anyone answers as an unknown one does. */
const noSuchUser = { status: 404, message: adminMessages.userNotFound } as const;

export const adminRoutes = {
  listUsers: route<UserPage>()({ method: 'GET', path: '/api/auth/users', area: 'admin', access: 'admin', body: undefined }),
  createUser: route<AdminUserResponse>()({
    method: 'POST',
    path: '/api/auth/users/create',
    area: 'admin',
    access: 'admin',
    body: createUserBody,
    successStatus: 201,
  }),
  changeRole: route<AdminUserResponse>()({
    method: 'PUT',
    path: '/api/auth/users/{id}/role',
    area: 'admin',
    access: 'admin',
    body: roleBody,
    badParameter: noSuchUser,
  }),
  deleteUser: route<MessageResponse>()({
    method: 'DELETE',
    path: '/api/auth/users/{id}',
    area: 'admin',
    access: 'admin',
    body: undefined,
    badParameter: noSuchUser,
  }),
  userDetails: route<UserDetails>()({
    method: 'GET',
    path: '/api/auth/users/{id}/details',
    area: 'admin',
    access: 'admin',
    body: undefined,
    badParameter: noSuchUser,
  }),
  changeStatus: route<AdminUserResponse>()({
    method: 'PUT',
    path: '/api/auth/users/{id}/status',
    area: 'admin',
    access: 'admin',
    body: statusBody,
    badParameter: noSuchUser,
  }),
  sendPasswordReset: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/admin/reset-password/{id}',
    area: 'admin',
    access: 'admin',
    body: undefined,
    badParameter: noSuchUser,
  }),
  changeEmail: route<AdminUserResponse>()({
    method: 'PUT',
    path: '/api/admin/users/{id}/email',
    area: 'admin',
    access: 'admin',
    body: changeEmailBody,
    badParameter: noSuchUser,
  }),
  terminateSessions: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/users/{id}/terminate-sessions',
    area: 'admin',
    access: 'admin',
    body: undefined,
    badParameter: noSuchUser,
  }),
  previewEmail: route<MessageResponse>()({
    method: 'POST',
    path: '/api/admin/preview-email',
    area: 'admin',
    access: 'admin',
    body: previewEmailBody,
  }),
} as const;
