import type { MembershipState } from '../../shared/domain/membership.js';
import type { Role } from '../../shared/domain/roles.js';

/**
 * The rules of the admin console that need no data beyond the two users (DESIGN §5, issue 10
 * 'Rules the server enforces'). Who may act on whom is the staff role matrix (shared/domain/roles.ts,
 * applied by functions/lib/users/staff-actions.ts). The last-owner rule needs the table: it is the
 * condition on the active-owner counter (functions/lib/users/user-counters.ts).
 */

/**
 * The membership after an admin sets `role` (docs/decisions/0037-admin-user-management.md):
 * - owner or developer: the role only; a paid term the user holds is kept (staff keep their role
 *   when it ends, as with a grant to staff);
 * - member: any paid term ends now (no renewal would make them vip again next month);
 * - vip or premium: a current term becomes that tier (a pending downgrade is dropped); without a
 *   term the role stands on its own, with no end, as before this console.
 */
export function membershipWithRole(current: MembershipState, role: Role): MembershipState {
  if (role === 'owner' || role === 'developer') return { ...current, role };
  if (role === 'member') {
    return { role, subscriptionType: null, subscriptionEnd: null, isForever: false, autoRenew: false, pendingDowngrade: false };
  }
  if (!current.subscriptionType) return { ...current, role };
  return { ...current, role, subscriptionType: role, pendingDowngrade: false };
}
