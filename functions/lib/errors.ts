import type { ErrorBody } from '../../shared/api/contract.js';

/** An error with an HTTP status and a body of `{ message, ...flags }` the client may show as is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly flags: Omit<ErrorBody, 'message'> = {},
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

/** True when a DynamoDB call failed on its condition expression. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
