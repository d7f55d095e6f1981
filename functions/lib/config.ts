import { z } from 'zod';

/**
 * Configuration from the environment the stack sets (DESIGN §7c), validated once at cold start
 * so a misconfiguration fails loudly at deploy time, not on a user's request.
 */
const configSchema = z.object({
  TABLE_NAME: z.string().min(1),
  PUBLIC_URL: z.string().url(),
  SENDER_EMAIL: z.string().email(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().min(1).optional(),
  AVATARS_BUCKET: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = configSchema.safeParse(process.env);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ');
      throw new Error(`Invalid function configuration: ${detail}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The public site URL without a trailing slash; e-mail links are built from it, never from a request's Host. */
export function publicUrl(path = ''): string {
  return config().PUBLIC_URL.replace(/\/+$/, '') + path;
}
