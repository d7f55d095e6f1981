import type { core } from 'zod/mini';

/** The first message of each top-level field of a failed zod parse: `{ username: 'Username is required' }`. */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
