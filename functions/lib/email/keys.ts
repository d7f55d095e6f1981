/** The e-mail domain's item keys. */
export const emailKeys = {
  /** An address SES reported as a permanent bounce or a complaint: no more optional mail to it (email-suppression.ts). */
  suppressedEmail: (email: string) => ({ pk: `SUPPRESSED#${email.trim().toLowerCase()}`, sk: 'SUPPRESSED' }),
} as const;
