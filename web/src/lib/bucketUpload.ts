/**
 * An upload the way the server hands them out (docs/decisions/0077-avatar-uploads.md): post the file straight to
 * the bucket (a multipart form, the ticket's fields first and the file last), then ask how it went until the check
 * on its arrival has decided, every POLL_MS for at most WAIT_MS. An avatar's (settings) and a subscription's logo's
 * (issue 36 §4) go this way.
 */
export const POLL_MS = 400;
export const WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** What S3 answered a refused form: its status and its error's code (EntityTooLarge…), if it said. */
export class BucketRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`The bucket refused the upload (${status}${code ? ` ${code}` : ''})`);
  }
}

/** Posts the file; throws a BucketRefusal for S3's refusal, a TypeError when the post could not be sent. */
export async function postToBucket(ticket: { url: string; fields: Record<string, string> }, file: Blob): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  const posted = await fetch(ticket.url, { method: 'POST', body: form });
  if (posted.ok) return;
  const code = /<Code>([^<]+)<\/Code>/.exec(await posted.text().catch(() => ''))?.[1];
  throw new BucketRefusal(posted.status, code);
}

/** Asks `read` until its outcome is not `pending`; undefined when WAIT_MS passed first. */
export async function settledOutcome<T extends { status: string }>(
  read: () => Promise<T>,
): Promise<Exclude<T, { status: 'pending' }> | undefined> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const outcome = await read();
    if (outcome.status !== 'pending') return outcome as Exclude<T, { status: 'pending' }>;
    await sleep(POLL_MS);
  }
  return undefined;
}
