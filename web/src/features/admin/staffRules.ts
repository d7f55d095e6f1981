import { adminRefusalMessages } from '@shared/api/admin';
import { type AdminAction, adminRefusal, isStaff, normalizeRole, type Role } from '@shared/domain/roles';

/**
 * The staff role matrix as the console shows it (docs/decisions/0104-staff-role-matrix.md): the same
 * rule the server applies (shared/domain/roles.ts), so an action the server would refuse is disabled
 * with the server's reason as its tooltip.
 */
export function refusalReason(me: { id: string; role: unknown }, user: { id: string; role: unknown }, action: AdminAction) {
  const refusal = adminRefusal(me, user, action);
  return refusal ? adminRefusalMessages[refusal] : undefined;
}

/** A staff role is the owner's to give: a developer sees Owner and Developer disabled in role pickers. */
export function mayGiveRole(me: { role: unknown }, role: Role): boolean {
  return !isStaff(role) || normalizeRole(me.role) === 'owner';
}
