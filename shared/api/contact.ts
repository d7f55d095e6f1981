import * as z from 'zod/mini';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../domain/text.js';
import { EMAIL_MAX_LENGTH, emailMessages, emailProblem } from '../domain/username.js';
import { type MessageResponse, route } from './contract.js';

/** Longest accepted fields of a contact message (SPEC §3 'Contact message': name, email, message). */
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

/** Messages of the contact form (SPEC §5 'Contact': all three required; §8 'Contact' and 'Success messages'). */
export const contactMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  /** SPEC §8, word for word. */
  sent: "Message sent successfully! We'll respond within 1-3 business days.",
  failed: 'Failed to send message. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  tooMany: 'Too many messages. Please try again later.',
} as const;

const m = contactMessages;

/** Trimmed, required, bounded text without control characters; a one-line field has its line breaks folded into spaces. */
const requiredText = (field: string, required: string, max: number, tooLong: string, oneLine = false) =>
  z
    .pipe(
      z.optional(z.nullable(z.string({ error: required }))),
      z.transform((value: string | null | undefined) => (oneLine ? (value ?? '').replace(/\s+/g, ' ') : (value ?? '')).trim()),
    )
    .check(
      z.refine((text: string) => text !== '', { error: required }),
      z.refine((text: string) => text.length <= max, { error: tooLong }),
      z.refine((text: string) => !hasForbiddenCharacters(text), { error: forbiddenCharactersMessage(field) }),
    );

export const contactBody = z.object({
  name: requiredText('Name', m.nameRequired, CONTACT_LIMITS.name, m.nameTooLong, true),
  email: z.string({ error: emailMessages.required }).check(
    z.trim(),
    z.maxLength(EMAIL_MAX_LENGTH, { error: emailMessages.invalid }),
    z.superRefine<string>((value, ctx) => {
      const problem = emailProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  message: requiredText('Message', m.messageRequired, CONTACT_LIMITS.message, m.messageTooLong),
});

/** GET /api/contact: the address the contact form's messages go to (SUPPORT_EMAIL), for the pages that name it. */
export interface ContactDetails {
  supportEmail: string;
}

export const contactRoutes = {
  contactDetails: route<ContactDetails>()({
    method: 'GET',
    path: '/api/contact',
    area: 'contact',
    access: 'public',
    body: undefined,
  }),
  sendContactMessage: route<MessageResponse>()({
    method: 'POST',
    path: '/api/contact',
    area: 'contact',
    access: 'public',
    body: contactBody,
    successStatus: 201,
  }),
} as const;
