// No imports: the web client's entry chunk uses these texts without pulling zod in.

/** Messages the auth routes answer with; the SPA shows them as they come. */
export const authMessages = {
  registered: 'Registration successful! Please check your email to verify your account before logging in.',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid username or password',
  verificationRequired: 'Please verify your email before logging in.',
  loginDeactivated: 'Your account has been deactivated. Please contact support.',
  tooManyAttempts: 'Too many failed login attempts. Please try again in 15 minutes.',
  resetLinkSent: 'If an account exists for that email, a password reset link has been sent.',
  verificationSent: 'If an unverified account exists for that email, a verification link has been sent.',
  passwordReset: 'Password reset successful! You can now log in with your new password.',
  resetLinkInvalid: 'Invalid or expired reset link',
  emailVerified: 'Email verified successfully! You can now log in.',
  verificationExpired: 'This verification link has expired',
  verificationInvalid: 'Invalid or already used verification link',
  /** 401 flags (SPEC §4 Session): the SPA stores these texts for the login screen. */
  accountDeactivated: 'Your account has been deactivated by an administrator',
  sessionTerminated: 'Your session has been terminated by an administrator',
  sessionExpired: 'Your session has expired. Please log in again.',
  signInRequired: 'Please log in to continue',
  adminOnly: 'Admin access required',
  settingsUpdated: 'Account settings updated successfully!',
  smsComingSoon: 'SMS notifications are coming soon: only email can be chosen for now',
  oneDayPaidOnly: 'The 1-day reminder is available for VIP and Premium members',
  timeZoneInvalid: 'Invalid time zone',
  passwordChanged: 'Password changed successfully!',
  /** 400, never 401: a 401 would sign the user out (issue 9). */
  currentPasswordWrong: 'Current password is incorrect',
  /** Checked in the browser only (SPEC §5 'Change password in settings'). */
  newPasswordsMismatch: 'New passwords do not match',
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  oneKindOfChange: 'Change your password, your account information or your profile customization one at a time',
  profileSaved: 'Profile customization saved!',
  effectLocked: 'That profile effect is not available for your membership',
  colorLocked: 'That color scheme is not available for your membership',
  animatedLocked: 'Animated profile pictures are available for VIP and Premium members',
  /** Two changes of one account's name or address raced; the later one is refused (409). */
  changedMeanwhile: 'Your account was changed in the meantime. Please reload and try again.',
  /** Changing the address sends a verification mail: at most 3 in 15 minutes (429). */
  tooManyEmailChanges: 'Too many verification emails. Please try again in 15 minutes.',
  /** 429 with Retry-After: sign-ups and mail requests from one client address (docs/decisions/0022-mail-throttles.md). */
  tooManyRequestsFromAddress: 'Too many requests from your network. Please try again later.',
  /** 429 with Retry-After: mails to one e-mail address, whoever asks for them. */
  tooManyEmailsToAddress: 'Too many emails have been sent to this address. Please try again later.',
  loggedOutEverywhere: 'Signed out of all devices',
  /** Changing or removing the address, and setting up two-factor sign-in, ask for the current password (400 when missing). */
  passwordRequiredForEmail: 'Enter your current password to change your email',
  passwordRequiredForTwoFactor: 'Enter your password to set up two-factor authentication',
  /** The address of a verification link for a new address was taken by another account meanwhile (409). */
  pendingEmailTaken: 'This email address now belongs to another account. Choose another address in Settings.',
  newEmailVerified: 'Email verified successfully! It is now the address of your account.',
  /**
   * 403 `signInLinkSent`: the account had 20 wrong passwords this hour, so a password alone does not sign
   * in; every password gets this answer, right or wrong (issue 34 §1), and only the right one mails a
   * single-use link to the verified address (issue 21).
   */
  signInLinkSent:
    "Too many wrong passwords were tried for this account, so a password alone cannot sign in right now. If yours was right, we sent a sign-in link to the account's verified email address: open it within 15 minutes. Without a verified address, try again in an hour.",
  signInLinkInvalid: 'This sign-in link is invalid, expired or already used. Please log in again.',
  /** Account deletion: the password confirms it. */
  passwordIncorrect: 'Password is incorrect',
  accountDeleted: 'Your account and all its data have been deleted',
} as const;

/**
 * The one-click unsubscribe route's answers (not in SPEC; docs/decisions/0021-one-click-unsubscribe.md),
 * apart from authMessages so that only the auth bundle carries them.
 */
export const unsubscribeMessages = {
  unsubscribed: 'Reminder e-mails are off. You can turn them back on in Settings → Notification Preferences.',
  linkInvalid: 'This unsubscribe link is not valid. Sign in and turn reminders off in Settings → Notification Preferences.',
} as const;
