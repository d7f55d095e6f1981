import { userPartition } from '../chassis/table.js';

/**
 * The users domain's item keys (README 'The DynamoDB table'): the profile and what is written with it.
 * Other domains that read a user's profile import `userKeys.user` from here.
 */
export const userKeys = {
  user: (userId: string) => ({ pk: userPartition(userId), sk: 'PROFILE' }),
  usernameGuard: (username: string) => ({ pk: `USERNAME#${username.trim().toLowerCase()}`, sk: 'USERNAME' }),
  emailGuard: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
  activity: (userId: string, createdAt: string, activityId: string) => ({
    pk: userPartition(userId),
    sk: `ACT#${createdAt}#${activityId}`,
  }),
  /** The admin search's compact entry of a user: `USERDIR` / `<createdAt>#<id>` (the user's gsi1sk). */
  userDirectory: (createdAt: string, userId: string) => ({ pk: USER_DIRECTORY, sk: `${createdAt}#${userId}` }),
  /** The deploy-time owner bootstrap's marker (functions/lib/users/owner.ts). */
  ownerBootstrap: () => ({ pk: 'BOOTSTRAP', sk: 'OWNER' }),
} as const;

/** The partition of the admin search's directory: one small item per user, newest last. */
export const USER_DIRECTORY = 'USERDIR';
/** gsi1 partition of all users, sorted by creation (the admin list). */
export const USERS_PARTITION = 'USERS';
