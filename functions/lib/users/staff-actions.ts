import { adminRefusalMessages } from '../../../shared/api/admin.js';
import { type AdminAction, adminRefusal, isStaff, type Role, roleGrantRefusal } from '../../../shared/domain/roles.js';
import { HttpError } from '../chassis/errors.js';
import { type ActivityDetails, recordActivity } from './activity.js';

/**
 * The staff role matrix on the server (docs/decisions/0104-staff-role-matrix.md, issue 34 §5): the
 * rule is shared/domain/roles.ts `adminRefusal`, which the admin console also reads to disable what
 * the server refuses. Every staff action on a staff account is logged twice: on the account's own
 * log, as every admin action is, and on the acting admin's log, which stays when the account is
 * taken over or deleted. A refused one is logged on the account as `admin_action_refused`.
 */

interface Actor {
  id: string;
  username: string;
  role: unknown;
}

interface Target {
  id: string;
  username: string;
  role: unknown;
}

/** 403 with the matrix's message when `actor` may not do `action` to `target`; a refusal on staff is logged. */
export async function requireAllowed(actor: Actor, target: Target, action: AdminAction, message?: string): Promise<void> {
  const refusal = adminRefusal(actor, target, action);
  if (!refusal) return;
  if (isStaff(target.role) && actor.id !== target.id) {
    await recordActivity(target.id, 'admin_action_refused', actor.username, { action, by: actor.id });
  }
  throw new HttpError(403, refusal === 'staffOwnerOnly' && message ? message : adminRefusalMessages[refusal]);
}

/** 403 when `actor` may not give `role` (a staff role is the owner's to give). */
export function requireRoleGrant(actor: Actor, role: Role): void {
  const refusal = roleGrantRefusal(actor.role, role);
  if (refusal) throw new HttpError(403, adminRefusalMessages[refusal]);
}

/** The acting admin's side of a staff action on a staff account (the account's side is the caller's entry). */
export async function recordStaffAction(
  actor: Actor,
  target: Target,
  action: AdminAction | 'create',
  details: ActivityDetails = {},
): Promise<void> {
  if (!isStaff(target.role) || actor.id === target.id) return;
  await recordActivity(actor.id, 'staff_action', actor.username, { action, userId: target.id, username: target.username, ...details });
}
