import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The invocation a log line belongs to: Lambda's request id and the X-Ray trace id. Held in
 * AsyncLocalStorage, not a module variable, because the local stack runs many requests of one
 * function at once in one process. Imports nothing else, so the rotation function (which logs
 * without the chassis) can use it too.
 */
export interface InvocationFields {
  requestId?: string;
  traceId?: string;
}

const current = new AsyncLocalStorage<InvocationFields>();

/**
 * The trace id of the `Root=` part of `_X_AMZN_TRACE_ID`, which Lambda sets for each invocation when
 * tracing is active (`Root=1-5759e988-bd862e3fe1be46a994272793;Parent=…;Sampled=1`); undefined without one.
 */
export function traceIdOf(header: string | undefined): string | undefined {
  return /(?:^|;)\s*Root=([^;\s]+)/.exec(header ?? '')?.[1];
}

/** The current invocation's fields, without the ones it has none of (locally there is no trace). */
export function invocationFields(): InvocationFields {
  const fields = current.getStore();
  const out: InvocationFields = {};
  if (fields?.requestId) out.requestId = fields.requestId;
  if (fields?.traceId) out.traceId = fields.traceId;
  return out;
}

/**
 * Wraps a Lambda handler so that every log line written while it runs carries the invocation's
 * request id (`context.awsRequestId`, the second argument) and trace id.
 */
export function withInvocation<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    const context = args[1] as { awsRequestId?: string } | undefined;
    const fields = { requestId: context?.awsRequestId, traceId: traceIdOf(process.env._X_AMZN_TRACE_ID) };
    return current.run(fields, () => handler(...args));
  };
}
