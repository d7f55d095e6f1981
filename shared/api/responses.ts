import * as z from 'zod/mini';
import { CURRENCY_CODES } from '../domain/currency.js';
import { ROLES } from '../domain/roles.js';
import { channelResponseSchemas } from './channel-responses.js';
import type { ErrorBody, ResponseOf } from './contract.js';
import type { RouteName, Routes } from './index.js';
import { LOGO_CHOICES } from './logos.js';
import { jsonRpcAnswer } from './mcp.js';
import { PAYMENT_STATUSES } from './payments.js';
import { pushResponseSchemas } from './push.js';
import { reminderRuleResponseSchemas } from './reminder-responses.js';
import { sharingResponseSchemas } from './sharing-responses.js';
import { BILLING_CYCLES, SUBSCRIPTION_STATUSES } from './subscription.js';

/**
 * The shape of every answer, as zod schemas, for the OpenAPI description (`shared/api/openapi.ts`).
 * The routes declare their response types as TypeScript types (the functions bundle no response
 * schema); the check at the end of this file makes `tsc` fail when a schema here and the type a
 * route declares disagree, so the description cannot drift from the contract.
 */

const nullableString = z.nullable(z.string());

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  message: z.string(),
  requiresVerification: z.optional(z.boolean()),
  email: z.optional(z.string()),
  showContactSupport: z.optional(z.boolean()),
  accountDeactivated: z.optional(z.boolean()),
  sessionInvalidated: z.optional(z.boolean()),
  signInLinkSent: z.optional(z.boolean()),
});

export const userResponse = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: nullableString,
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  avatar: nullableString,
  createdAt: z.string(),
  accountStatus: z.enum(['active', 'deactivated']),
  subscriptionType: z.nullable(z.enum(['vip', 'premium'])),
  subscriptionEnd: nullableString,
  isForever: z.boolean(),
  autoRenew: z.boolean(),
  pendingDowngrade: z.boolean(),
  paymentMethod: z.nullable(z.enum(['paypal', 'card'])),
  cardLast4: nullableString,
  paypalEmail: nullableString,
  phoneNumber: nullableString,
  notificationMethod: z.enum(['email', 'sms', 'both']),
  currencyPreference: z.string(),
  notify10Days: z.boolean(),
  notify3Days: z.boolean(),
  notify1Day: z.boolean(),
  profileEffect: z.string(),
  profileColor: z.string(),
  allowAnimatedPfp: z.boolean(),
  two_factor_enabled: z.boolean(),
  backupCodesRemaining: z.number(),
  timeZone: z.string(),
  reminderHour: z.number(),
  emailSuppressed: z.nullable(z.enum(['bounce', 'complaint'])),
  pendingEmail: z.nullable(z.string()),
});

export const priceChangeResponse = z.object({ amount: z.number(), currency: z.string(), effectiveFrom: z.string() });

const logoResponse = z.object({ kind: z.enum(['brand', 'website', 'upload']), src: z.string() });

export const subscriptionResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  priceHistory: z.array(priceChangeResponse),
  category: z.string(),
  dueDate: z.string(),
  billingCycle: z.enum(BILLING_CYCLES),
  cycleInterval: z.number(),
  anchorDay: z.number(),
  trialEndsAt: nullableString,
  endsAt: nullableString,
  noticeDays: z.nullable(z.number()),
  cancelByDate: nullableString,
  cancelBy: nullableString,
  url: nullableString,
  logo: z.optional(z.nullable(logoResponse)),
  externalId: nullableString,
  autoRenew: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  deletedAt: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
  shared: z.optional(z.object({ payerId: z.string(), payerName: z.string(), myShare: z.number(), memberCount: z.number() })),
  sharing: z.optional(z.object({ myShare: z.number(), memberCount: z.number() })),
});

const moneyResponse = z.object({ amount: z.number(), currency: z.string() });

export const paymentResponse = z.object({
  dueDate: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency: z.string(),
  recordedAt: z.string(),
});

const paymentListResponse = z.object({
  payments: z.array(paymentResponse),
  lifetimeSpend: moneyResponse,
  lifetimeSpendInDisplayCurrency: moneyResponse,
  ratesDate: nullableString,
});

const accountPaymentListResponse = z.object({
  payments: z.array(z.extend(paymentResponse, { subscriptionId: z.string() })),
});

export const announcementResponse = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  changes: z.array(z.string()),
  date: z.string(),
  displayOrder: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const registerResponse = z.object({ message: z.string(), userId: z.string() });
const signedInResponse = z.object({ token: z.string(), userId: z.string(), requiresTwoFactor: z.literal(false), user: userResponse });
const loginResponse = z.union([
  signedInResponse,
  z.object({ requiresTwoFactor: z.literal(true), userId: z.string(), twoFactorTicket: z.string() }),
]);
const settingsResponse = z.object({
  message: z.string(),
  user: userResponse,
  emailAdded: z.optional(z.boolean()),
  token: z.optional(z.string()),
});
const messageAndUser = z.object({ message: z.string(), user: userResponse });
const activityResponse = z.object({
  id: z.string(),
  actionType: z.string(),
  createdAt: z.string(),
  performedBy: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  count: z.optional(z.number()),
  lastAt: z.optional(z.string()),
});
const accountExportResponse = z.object({
  exportedAt: z.string(),
  profile: userResponse,
  subscriptions: z.array(z.extend(subscriptionResponse, { payments: z.array(paymentResponse) })),
  activity: z.array(activityResponse),
  next: z.object({ subscriptionsAfter: z.nullable(z.string()), activityBefore: z.nullable(z.string()) }),
});
const twoFactorSetupResponse = z.object({ qrCode: z.string(), manualEntry: z.string() });
const ssoLinkResponse = z.object({ id: z.string(), provider: z.string(), account: nullableString, linkedAt: z.string() });
const passkeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: nullableString,
  synced: z.boolean(),
});
const passkeyCeremonyResponse = z.object({ ticket: z.string(), options: z.record(z.string(), z.unknown()) });
const backupCodesResponse = z.object({ message: z.string(), backupCodes: z.array(z.string()), user: userResponse });
const twoFactorVerifiedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  userId: z.string(),
  user: userResponse,
  deviceToken: nullableString,
  usedBackupCode: z.boolean(),
  avatar: nullableString,
});
const userCountsResponse = z.object({ totalUsers: z.number(), developers: z.number(), premium: z.number(), vip: z.number() });
const userPageResponse = z.object({ users: z.array(userResponse), nextCursor: nullableString, counts: userCountsResponse });
const userDetailsResponse = z.object({
  user: userResponse,
  signInMethods: z.object({ password: z.boolean(), passkeys: z.number(), providers: z.array(z.string()) }),
  subscriptions: z.array(
    z.object({ id: z.string(), name: z.string(), amount: z.number(), dueDate: z.string(), status: z.enum(SUBSCRIPTION_STATUSES) }),
  ),
  activities: z.array(activityResponse),
});
const membershipStatsResponse = z.object({ vip: z.number(), premium: z.number(), forever: z.number() });
const importCounts = z.object({ create: z.number(), update: z.number(), skip: z.number() });

const importPreviewResponse = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      action: z.enum(['create', 'update', 'skip']),
      reason: z.optional(z.string()),
      name: z.optional(z.string()),
      subscription: z.optional(
        z.object({
          externalId: z.string(),
          name: z.string(),
          description: z.string(),
          amount: z.number(),
          currency: z.string(),
          category: z.string(),
          dueDate: z.string(),
          billingCycle: z.enum(BILLING_CYCLES),
          cycleInterval: z.number(),
          autoRenew: z.boolean(),
          status: z.enum(['active', 'canceled']),
          trialEndsAt: nullableString,
          endsAt: nullableString,
          noticeDays: z.nullable(z.number()),
          cancelByDate: z.optional(nullableString),
          url: z.optional(nullableString),
        }),
      ),
    }),
  ),
  ambiguousSymbols: z.array(z.string()),
  counts: importCounts,
});

const landingStatsResponse = z.union([
  z.object({ showFigures: z.literal(true), totalUsers: z.number(), totalSubscriptions: z.number(), moneySaved: z.number() }),
  z.object({ showFigures: z.literal(false) }),
  z.object({
    currency: z.enum(CURRENCY_CODES),
    ratesDate: nullableString,
    monthlyTotal: z.number(),
    yearlyTotal: z.number(),
    dueSoon: z.number(),
    nextDue: nullableString,
    totalSubscriptions: z.number(),
    byCategory: z.array(z.object({ category: z.string(), label: z.string(), monthly: z.number() })),
  }),
]);
const ratesResponse = z.object({ date: nullableString, perUsd: z.readonly(z.record(z.string(), z.number())) });

const budgetsResponse = z.object({
  monthly: z.nullable(z.number()),
  currency: z.string(),
  categories: z.array(z.object({ category: z.string(), monthly: z.number() })),
});

/** Components of the description, by name: every schema above that answers more than one route. */
export const namedResponses = {
  Message: messageResponse,
  Error: errorResponse,
  User: userResponse,
  Subscription: subscriptionResponse,
  Announcement: announcementResponse,
  MessageAndUser: messageAndUser,
  SignedIn: signedInResponse,
  BackupCodes: backupCodesResponse,
} as const;

/** The answer of each route. */
const accessTokenResponse = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(['read', 'write']),
  start: z.string(),
  createdAt: z.string(),
  expiresAt: nullableString,
  lastUsedAt: nullableString,
  lastUsedFrom: nullableString,
});

const uploadTicketResponse = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  maxBytes: z.number(),
});

export const responseSchemas = {
  register: registerResponse,
  login: loginResponse,
  confirmSignIn: loginResponse,
  me: userResponse,
  updateSettings: settingsResponse,
  forgotPassword: messageResponse,
  resetPassword: messageResponse,
  resendVerificationPublic: messageResponse,
  verifyEmail: messageResponse,
  logout: z.null(),
  logoutAll: messageResponse,
  startAvatarUpload: uploadTicketResponse,
  avatarUploadOutcome: z.union([
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('accepted'), message: z.string(), user: userResponse }),
    z.object({ status: z.literal('rejected'), message: z.string() }),
  ]),
  exportData: accountExportResponse,
  listAccessTokens: z.array(accessTokenResponse),
  createAccessToken: z.object({ message: z.string(), token: z.string(), accessToken: accessTokenResponse }),
  revokeAccessToken: messageResponse,
  revokeAllAccessTokens: messageResponse,
  logoOptions: z.object({
    choice: z.enum(LOGO_CHOICES),
    automatic: z.nullable(logoResponse),
    brand: z.nullable(logoResponse),
    website: z.nullable(logoResponse),
    upload: z.nullable(logoResponse),
  }),
  chooseLogo: subscriptionResponse,
  mcp: jsonRpcAnswer,
  mcpEventStream: z.never(),
  startLogoUpload: uploadTicketResponse,
  logoUploadOutcome: z.union([
    z.object({ status: z.literal('pending') }),
    z.object({ status: z.literal('accepted'), message: z.string() }),
    z.object({ status: z.literal('rejected'), message: z.string() }),
  ]),
  deleteAccount: messageResponse,
  listPasskeys: z.array(passkeyResponse),
  passkeyRegistrationOptions: passkeyCeremonyResponse,
  addPasskey: z.object({ message: z.string(), passkey: passkeyResponse }),
  renamePasskey: z.object({ message: z.string(), passkey: passkeyResponse }),
  removePasskey: messageResponse,
  passkeySignInOptions: passkeyCeremonyResponse,
  passkeySignIn: signedInResponse,
  ssoSettings: z.object({ provider: z.nullable(z.object({ name: z.string() })), passwordSignIn: z.boolean() }),
  startSso: z.object({ authorizationUrl: z.string() }),
  finishSso: z.union([
    z.object({ outcome: z.literal('signed-in'), signIn: loginResponse }),
    z.object({ outcome: z.literal('linked'), message: z.string(), link: ssoLinkResponse }),
    z.object({
      outcome: z.literal('new-identity'),
      ticket: z.string(),
      canSignUp: z.boolean(),
      email: nullableString,
      suggestedUsername: z.string(),
    }),
    z.object({ outcome: z.literal('confirmed'), confirmation: z.string() }),
  ]),
  ssoSignUp: loginResponse,
  ssoLink: loginResponse,
  listSsoLinks: z.array(ssoLinkResponse),
  unlinkSso: messageResponse,
  setupTwoFactor: twoFactorSetupResponse,
  enableTwoFactor: backupCodesResponse,
  verifyTwoFactor: twoFactorVerifiedResponse,
  disableTwoFactor: messageAndUser,
  regenerateBackupCodes: backupCodesResponse,
  changeTier: messageAndUser,
  grantMembership: messageAndUser,
  extendMembership: messageAndUser,
  membershipStats: membershipStatsResponse,
  listSubscriptions: z.array(subscriptionResponse),
  createSubscription: subscriptionResponse,
  updateSubscription: subscriptionResponse,
  deleteSubscription: subscriptionResponse,
  deleteSubscriptionPermanently: messageResponse,
  recoverSubscription: subscriptionResponse,
  renewSubscription: subscriptionResponse,
  cancelSubscription: subscriptionResponse,
  reactivateSubscription: subscriptionResponse,
  listPayments: paymentListResponse,
  listAllPayments: accountPaymentListResponse,
  recordPayment: paymentResponse,
  landingStats: landingStatsResponse,
  getBudgets: budgetsResponse,
  saveBudgets: budgetsResponse,
  rates: ratesResponse,
  getCalendarFeed: z.object({ active: z.boolean(), createdAt: nullableString }),
  createCalendarFeed: z.object({ url: z.string(), createdAt: z.string() }),
  deleteCalendarFeed: z.null(),
  calendarFeed: z.string(),
  previewImport: importPreviewResponse,
  commitImport: z.object({ message: z.string(), counts: importCounts }),
  previewEmail: messageResponse,
  listUsers: userPageResponse,
  createUser: messageAndUser,
  changeRole: messageAndUser,
  deleteUser: messageResponse,
  userDetails: userDetailsResponse,
  changeStatus: messageAndUser,
  sendPasswordReset: messageResponse,
  changeEmail: messageAndUser,
  terminateSessions: messageResponse,
  listAnnouncements: z.array(announcementResponse),
  createAnnouncement: announcementResponse,
  reorderAnnouncements: z.array(announcementResponse),
  updateAnnouncement: announcementResponse,
  deleteAnnouncement: messageResponse,
  unsubscribe: messageResponse,
  contactDetails: z.object({ supportEmail: z.string() }),
  sendContactMessage: messageResponse,
  ...channelResponseSchemas,
  ...pushResponseSchemas,
  ...reminderRuleResponseSchemas,
  ...sharingResponseSchemas,
} satisfies Record<RouteName, z.ZodMiniType>;

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Names of the routes whose schema here differs from the response type the contract declares. */
type Drifted = {
  [K in RouteName]: Equal<ResponseOf<Routes[K]>, z.output<(typeof responseSchemas)[K]>> extends true ? never : K;
}[RouteName];
/** Fails to compile, naming the route, when a response schema drifts from the contract. */
export const responsesMatchContract: [Drifted] extends [never] ? true : Drifted = true;
/** Likewise for the error body every failure carries. */
export const errorMatchesContract: Equal<ErrorBody, z.output<typeof errorResponse>> = true;
