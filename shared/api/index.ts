import { accessTokenRoutes } from './access-tokens.js';
import { accountRoutes } from './account.js';
import { adminRoutes } from './admin.js';
import { announcementRoutes } from './announcements.js';
import { authRoutes } from './auth.js';
import { budgetRoutes } from './budgets.js';
import { calendarRoutes } from './calendar.js';
import { channelRoutes } from './channels.js';
import { contactRoutes } from './contact.js';
import type { Area, RouteDef } from './contract.js';
import { importRoutes } from './import.js';
import { logoRoutes } from './logos.js';
import { mcpRoutes } from './mcp.js';
import { membershipRoutes } from './membership.js';
import { passkeyRoutes } from './passkeys.js';
import { paymentRoutes } from './payments.js';
import { pushRoutes } from './push.js';
import { reminderRuleRoutes } from './reminders.js';
import { sessionRoutes } from './session.js';
import { sharingRoutes } from './sharing.js';
import { ssoRoutes } from './sso.js';
import { statsRoutes } from './stats.js';
import { subscriptionRoutes } from './subscriptions.js';
import { twoFactorRoutes } from './twofa.js';

export * from './access-tokens.js';
export * from './account.js';
export * from './admin.js';
export * from './announcements.js';
export * from './auth.js';
export * from './budgets.js';
export * from './calendar.js';
export * from './channels.js';
export * from './contact.js';
export * from './contract.js';
export * from './import.js';
export * from './logos.js';
export * from './mcp.js';
export * from './membership.js';
export * from './passkeys.js';
export * from './payments.js';
export * from './push.js';
export * from './reminders.js';
export * from './session.js';
export * from './sharing.js';
export * from './sso.js';
export * from './stats.js';
export * from './subscription.js';
export * from './subscriptions.js';
export * from './twofa.js';
export * from './user.js';

/** Every route of the product, by name: the single source of truth (DESIGN §3). */
export const routes = {
  ...authRoutes,
  ...sessionRoutes,
  ...accountRoutes,
  ...accessTokenRoutes,
  ...twoFactorRoutes,
  ...passkeyRoutes,
  ...ssoRoutes,
  ...membershipRoutes,
  ...subscriptionRoutes,
  ...paymentRoutes,
  ...logoRoutes,
  ...mcpRoutes,
  ...importRoutes,
  ...statsRoutes,
  ...budgetRoutes,
  ...calendarRoutes,
  ...adminRoutes,
  ...announcementRoutes,
  ...contactRoutes,
  ...channelRoutes,
  ...pushRoutes,
  ...reminderRuleRoutes,
  ...sharingRoutes,
} as const;

export type RouteName = keyof typeof routes;
export type Routes = typeof routes;

/** The routes served by one area's function, by name. */
export function routesOfArea(area: Area): Array<[RouteName, RouteDef]> {
  return (Object.entries(routes) as Array<[RouteName, RouteDef]>).filter(([, def]) => def.area === area);
}

/** Every area that has at least one route: one Lambda function each. */
export const AREAS: Area[] = [...new Set(Object.values(routes).map((r) => r.area))] as Area[];
