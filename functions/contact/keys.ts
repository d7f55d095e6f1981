/** The contact area's item keys (it has no functions/lib folder: only this function reads or writes them). */
export const contactKeys = {
  /** A message sent with the contact form, kept for CONTACT_MESSAGE_DAYS. */
  contactMessage: (messageId: string) => ({ pk: `CONTACT#${messageId}`, sk: 'MESSAGE' }),
} as const;
