import * as z from 'zod/mini';
import { CURRENCY_CODES } from '../domain/currency-codes.js';
import { passwordMessages, passwordProblem } from '../domain/password.js';
import { PROFILE_COLOR_VALUES, PROFILE_EFFECT_VALUES } from '../domain/profile.js';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../domain/text.js';
import { EMAIL_MAX_LENGTH, emailMessages, emailProblem, usernameMessages, usernameProblem } from '../domain/username.js';
import { authMessages, unsubscribeMessages } from './auth-messages.js';
import { type MessageResponse, route } from './contract.js';
import type { User } from './user.js';

export { authMessages };

const requiredString = (message: string, max = 1000) =>
  z.string({ error: message }).check(z.maxLength(max, { error: `Must be at most ${max} characters` }));

/** A check that reports a domain rule's message: `problem` returns it, or null when the value is fine. */
const domainRule = (problem: (value: string) => string | null) =>
  z.superRefine<string>((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const usernameField = z.string({ error: usernameMessages.required }).check(z.trim(), domainRule(usernameProblem));

export const emailField = z
  .string({ error: emailMessages.required })
  .check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, { error: emailMessages.invalid }), domainRule(emailProblem));

export const newPasswordField = z
  .string({ error: passwordMessages.required })
  .check(domainRule((value) => (value === '' ? passwordMessages.required : passwordProblem(value))));

/** IANA zone names such as Europe/Berlin or America/Argentina/Buenos_Aires; checked against Intl on the server. */
const ianaTimeZone = z
  .string({ error: 'Invalid time zone' })
  .check(z.maxLength(64, { error: 'Invalid time zone' }), z.regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { error: 'Invalid time zone' }));

/**
 * A field whose invalid value is ignored (read as absent) instead of refused. Written as a transform
 * rather than `z.catch`, which would bring zod's whole `util` namespace (~10 KB) into the auth bundle.
 */
const ignoredWhenInvalid = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(
    z.pipe(
      z.unknown(),
      z.transform((value): z.output<T> | undefined => {
        const parsed = z.safeParse(schema, value);
        return parsed.success ? parsed.data : undefined;
      }),
    ),
  );

/** At login a time zone the browser got wrong never blocks signing in: it is ignored. */
export const timeZoneField = ignoredWhenInvalid(ianaTimeZone);

export const registerBody = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});

export const loginBody = z.object({
  username: requiredString('Username is required', 254).check(z.trim(), z.minLength(1, { error: 'Username is required' })),
  password: requiredString('Password is required', 1000).check(z.minLength(1, { error: 'Password is required' })),
  timeZone: timeZoneField,
  deviceToken: ignoredWhenInvalid(z.string().check(z.maxLength(200))),
});

export const emailOnlyBody = z.object({ email: emailField });

/** POST /auth/confirm-sign-in: the token of the sign-in link mailed when an account is under a password attack. */
export const confirmSignInBody = z.object({
  token: requiredString(authMessages.signInLinkInvalid, 200).check(z.minLength(1, { error: authMessages.signInLinkInvalid })),
});

export const resetPasswordBody = z.object({
  token: requiredString('Reset token is required', 200).check(z.minLength(1, { error: 'Reset token is required' })),
  password: newPasswordField,
});

/** The hour of the day reminders go out at, in the user's time zone (issue 25 §1). */
export const reminderHourMessage = 'Reminder hour must be a whole hour from 0 to 23';

const reminderSetting = z.optional(z.boolean({ error: 'Reminder settings must be true or false' }));

/**
 * PUT /auth/settings (SPEC §7) takes one of three kinds of change, and only one at a time:
 * - account information and preferences: email, username, displayName, phoneNumber,
 *   notificationMethod, currencyPreference, notify10Days/3Days/1Day, timeZone and reminderHour;
 * - a password change: currentPassword and newPassword;
 *   (an account change that changes or removes the e-mail carries currentPassword too: ASVS 5.0 V7.5.1);
 * - profile customization: profileEffect, profileColor, allowAnimatedPfp.
 * Every field is optional; only the given ones change. An empty email removes the address.
 */
export const settingsBody = z.object({
  email: z.optional(
    z.string({ error: emailMessages.invalid }).check(
      z.trim(),
      z.maxLength(EMAIL_MAX_LENGTH, { error: emailMessages.invalid }),
      domainRule((value) => (value === '' ? null : emailProblem(value))),
    ),
  ),
  username: z.optional(usernameField),
  displayName: z.optional(
    z.string({ error: 'Display name must be text' }).check(
      z.trim(),
      z.maxLength(50, { error: 'Display name must be at most 50 characters' }),
      z.refine((t: string) => !hasForbiddenCharacters(t), { error: forbiddenCharactersMessage('Display name') }),
    ),
  ),
  phoneNumber: z.optional(
    z
      .string({ error: 'Phone number must be text' })
      .check(
        z.trim(),
        z.maxLength(20, { error: 'Please enter a valid phone number' }),
        z.regex(/^$|^\+?[0-9 ()-]{6,20}$/, { error: 'Please enter a valid phone number' }),
      ),
  ),
  notificationMethod: z.optional(z.enum(['email', 'sms', 'both'], { error: 'Notification method must be email, sms or both' })),
  currencyPreference: z.optional(z.enum(CURRENCY_CODES, { error: 'Currency must be one of USD, EUR, GBP, JPY, KRW, INR' })),
  notify10Days: reminderSetting,
  notify3Days: reminderSetting,
  notify1Day: reminderSetting,
  timeZone: z.optional(ianaTimeZone),
  reminderHour: z.optional(
    z
      .number({ error: reminderHourMessage })
      .check(z.refine((hour: number) => Number.isInteger(hour) && hour >= 0 && hour <= 23, { error: reminderHourMessage })),
  ),
  currentPassword: z.optional(
    requiredString('Current password is required', 1000).check(z.minLength(1, { error: 'Current password is required' })),
  ),
  newPassword: z.optional(newPasswordField),
  profileEffect: z.optional(z.enum(PROFILE_EFFECT_VALUES, { error: 'Unknown profile effect' })),
  profileColor: z.optional(z.enum(PROFILE_COLOR_VALUES, { error: 'Unknown color scheme' })),
  allowAnimatedPfp: z.optional(z.boolean({ error: 'Animated profile pictures must be true or false' })),
});

export interface SettingsResponse extends MessageResponse {
  user: User;
  /** An address was added or changed: a verification mail went to it (SPEC §2 'Email Added Successfully!'). */
  emailAdded?: boolean;
  /**
   * After a password change: a new session token for this device. Changing the password ends every
   * session, this one included; the browser stores this token and stays signed in.
   */
  token?: string;
}

/** A completed sign-in: the session token and the user. */
export interface SignedIn {
  token: string;
  userId: string;
  requiresTwoFactor: false;
  user: User;
}

/**
 * The password was right and the account has two-factor sign-in (DESIGN §5): no token yet. The
 * ticket, signed and short-lived, goes with the code to POST /api/2fa/verify.
 */
export interface TwoFactorChallenge {
  requiresTwoFactor: true;
  userId: string;
  twoFactorTicket: string;
}

export type LoginResponse = SignedIn | TwoFactorChallenge;

export interface RegisterResponse extends MessageResponse {
  userId: string;
}

export const authRoutes = {
  register: route<RegisterResponse>()({
    method: 'POST',
    path: '/api/auth/register',
    area: 'auth',
    access: 'public',
    body: registerBody,
    successStatus: 201,
  }),
  login: route<LoginResponse>()({ method: 'POST', path: '/api/auth/login', area: 'auth', access: 'public', body: loginBody }),
  confirmSignIn: route<LoginResponse>()({
    method: 'POST',
    path: '/api/auth/confirm-sign-in',
    area: 'auth',
    access: 'public',
    body: confirmSignInBody,
  }),
  updateSettings: route<SettingsResponse>()({
    method: 'PUT',
    path: '/api/auth/settings',
    area: 'auth',
    access: 'user',
    body: settingsBody,
  }),
  forgotPassword: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/forgot-password',
    area: 'auth',
    access: 'public',
    body: emailOnlyBody,
  }),
  resetPassword: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/reset-password',
    area: 'auth',
    access: 'public',
    body: resetPasswordBody,
  }),
  resendVerificationPublic: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/resend-verification-public',
    area: 'auth',
    access: 'public',
    body: emailOnlyBody,
  }),
  /**
   * Ends the session whose token the request carries, if it is still going; 204 either way, so a
   * logout is idempotent and a device whose session already ended signs out without an error.
   */
  logout: route<null>()({
    method: 'POST',
    path: '/api/auth/logout',
    area: 'auth',
    access: 'public',
    body: undefined,
    successStatus: 204,
  }),
  logoutAll: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/logout-all',
    area: 'auth',
    access: 'user',
    body: undefined,
  }),
  verifyEmail: route<MessageResponse>()({
    method: 'GET',
    path: '/api/auth/verify-email/{token}',
    area: 'auth',
    access: 'public',
    body: undefined,
    badParameter: { status: 400, message: authMessages.verificationInvalid },
  }),
  /**
   * One-click unsubscribe (RFC 8058): the List-Unsubscribe URL of every reminder e-mail, and what the
   * /unsubscribe page calls. Turns the user's reminders off; idempotent. Any body (a mail provider
   * posts `List-Unsubscribe=One-Click`) is ignored.
   */
  unsubscribe: route<MessageResponse>()({
    method: 'POST',
    path: '/api/auth/unsubscribe/{token}',
    area: 'auth',
    access: 'public',
    body: undefined,
    badParameter: { status: 400, message: unsubscribeMessages.linkInvalid },
  }),
} as const;
