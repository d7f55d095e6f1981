import * as z from 'zod/mini';
import { emailField } from './auth.js';
import { type MessageResponse, route } from './contract.js';

/** POST /admin/preview-email (SPEC §7): a sample reminder sent to an address, for admins. */
export const previewEmailBody = z.object({
  type: z.enum(['10day', '3day', 'test'], { error: 'Type must be 10day, 3day or test' }),
  email: emailField,
});

export const adminRoutes = {
  previewEmail: route<MessageResponse>()({
    method: 'POST',
    path: '/api/admin/preview-email',
    area: 'admin',
    access: 'admin',
    body: previewEmailBody,
  }),
} as const;
