import {
  type ApiRequest as ChassisApiRequest,
  type AreaHandlers as ChassisAreaHandlers,
  type RouteHandler as ChassisRouteHandler,
  signedInApi,
} from '../chassis/http.js';
import { settleMembership } from '../membership/membership.js';
import type { UserItem } from '../users/user-item.js';
import { checkSession } from './sign-in.js';

/**
 * How every area with signed-in routes signs its callers in (docs/decisions/0109-chassis-floor.md):
 * the session check (./sign-in.ts), then the membership in effect now (lib/membership: a term that has
 * ended never leaves paid access open, and the change that fell due is persisted with the counters even
 * if its schedule was missed). The chassis runs these steps; it knows neither.
 */
export const createApiHandler = signedInApi(checkSession, settleMembership);

/** A signed-in area's request: `user` is the caller's user item, loaded fresh for this request. */
export type ApiRequest<R> = ChassisApiRequest<R, UserItem>;
export type RouteHandler<R> = ChassisRouteHandler<R, UserItem>;
export type AreaHandlers<R extends Parameters<typeof createApiHandler>[0]> = ChassisAreaHandlers<R, UserItem>;
