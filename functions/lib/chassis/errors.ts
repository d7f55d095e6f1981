import type { ErrorBody } from '../../../shared/api/contract.js';

/**
 * An error with an HTTP status and a body of `{ message, ...flags }` the client may show as is;
 * `headers` are added to the answer (e.g. `Retry-After`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly flags: Omit<ErrorBody, 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): ErrorBody {
    return { message: this.message, ...this.flags };
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 429 with `Retry-After`: the whole seconds until the caller may try again. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'retry-after': String(retryAfterSeconds) });

/** True when a DynamoDB call failed on its condition expression. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
