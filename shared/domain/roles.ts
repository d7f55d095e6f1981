/** Roles and what each may do (SPEC §6, DESIGN §5). */
export const ROLES = ['owner', 'developer', 'premium', 'vip', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** Unknown roles are treated as member (SPEC §2 'Role badges', §6). */
export function normalizeRole(role: unknown): Role {
  return ROLES.includes(role as Role) ? (role as Role) : 'member';
}

/** Admin means owner or developer (DESIGN §5). */
export function isAdmin(role: unknown): boolean {
  const r = normalizeRole(role);
  return r === 'owner' || r === 'developer';
}

/** Role badges shown next to a name: an owner or developer shows both OWNER and DEVELOPER (SPEC §2). */
export function roleBadges(role: unknown): string[] {
  const r = normalizeRole(role);
  if (r === 'owner' || r === 'developer') return ['OWNER', 'DEVELOPER'];
  return [r.toUpperCase()];
}

/** Paid tiers and the owner see no ads, get the yearly report and the 1-day reminder (SPEC §6). */
export function hasPaidFeatures(role: unknown): boolean {
  const r = normalizeRole(role);
  return r === 'vip' || r === 'premium' || r === 'owner';
}

/** Members see ads (SPEC §6: 'Members see ads'; VIP and Premium are ad-free). Staff see none. */
export function seesAds(role: unknown): boolean {
  return normalizeRole(role) === 'member';
}

/**
 * The /insights page, SPEC §9 VIP 'Advanced statistics' (issue 24 §5): vip and premium, and the staff,
 * who hold every paid feature (as for profile features, SPEC §6). Members see a preview.
 */
export function hasAdvancedStatistics(role: unknown): boolean {
  return normalizeRole(role) !== 'member';
}

/**
 * Premium's 'Budget planning' and 'Smart insights' (SPEC §9, issue 24 §5): premium and the staff.
 * VIP sees the page without them, members a preview.
 */
export function hasPremiumInsights(role: unknown): boolean {
  const r = normalizeRole(role);
  return r === 'premium' || r === 'owner' || r === 'developer';
}

/** The staff roles: the admins (owner and developer). */
export function isStaff(role: unknown): boolean {
  return isAdmin(role);
}

/**
 * What an admin does to a user in the admin console (SPEC §6's list of admin actions). Viewing a
 * user's details and the list are open to every admin and are not in this list.
 */
export type AdminAction = 'role' | 'status' | 'delete' | 'email' | 'passwordReset' | 'sessions' | 'membership';

/** Why an admin action is refused; the messages are in shared/api/admin.ts (`adminRefusalMessages`). */
export type AdminRefusal = 'staffOwnerOnly' | 'staffRoleOwnerOnly' | 'ownMembership' | 'ownEmail';

/**
 * The staff role matrix (docs/decisions/0104-staff-role-matrix.md, issue 34 §5). Only an owner acts on
 * a staff account (owner or developer): its role, status, e-mail, password reset, sessions, deletion
 * and membership; a developer acts on members, VIPs and Premiums only. Nobody grants or extends their
 * own membership, and nobody changes their own e-mail here (Settings asks for the password). The
 * rules on one's own role, status and deletion (400, SPEC §5) are checked before this one.
 */
export function adminRefusal(
  actor: { id: string; role: unknown },
  target: { id: string; role: unknown },
  action: AdminAction,
): AdminRefusal | null {
  const self = actor.id === target.id;
  if (self && action === 'membership') return 'ownMembership';
  if (self && action === 'email') return 'ownEmail';
  if (!self && isStaff(target.role) && normalizeRole(actor.role) !== 'owner') return 'staffOwnerOnly';
  return null;
}

/** Only an owner gives a staff role (creates a developer or an owner, or promotes to one). */
export function roleGrantRefusal(actorRole: unknown, role: Role): AdminRefusal | null {
  return isStaff(role) && normalizeRole(actorRole) !== 'owner' ? 'staffRoleOwnerOnly' : null;
}
