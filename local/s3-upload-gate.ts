import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PolicyCondition, type PostPolicy, policySignature } from '../functions/lib/avatars/post-policy.js';

/**
 * S3's checks of a browser POST upload, in front of s3rver, which stores a POST's file without reading
 * its policy (docs/decisions/0077-avatar-uploads.md). On its own 127.0.0.1 port, it takes
 * `POST /<bucket>` as S3 does: the signature (SigV4 over the base64 policy, with the key of the
 * credential it names), the expiry, every condition (exact fields, `starts-with`, the file's
 * `content-length-range`) and no field the policy does not name. What passes goes to s3rver unchanged,
 * which stores it and emits the object's creation; what fails gets S3's error (400 EntityTooLarge,
 * 403 AccessDenied or SignatureDoesNotMatch) and is never stored. Answers carry CORS headers for the
 * site's origin, as the bucket's CORS rule does in the cloud.
 */
export interface UploadGate {
  /** The bucket's POST URL as the browser uses it: `http://127.0.0.1:<port>/<bucket>`. */
  url: string;
  stop(): Promise<void>;
}

export interface UploadGateOptions {
  bucket: string;
  /** s3rver's endpoint, which stores what passes. */
  s3Endpoint: string;
  /** The secret of each access key the emulator knows. */
  secrets: Record<string, string>;
  /** Origins whose pages may post (the bucket's CORS rule). */
  allowedOrigins: readonly string[];
}

/** The largest body read: S3 refuses larger ones too, whatever the policy. */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_BODY_BYTES) {
        req.pause();
        reject(new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What S3 checks of a POST form against its policy; throws the refusal S3 answers. */
export function checkPostForm(form: FormData, bucket: string, secrets: Record<string, string>, now: Date): void {
  const fields = new Map<string, string>();
  let file: File | undefined;
  for (const [name, value] of form.entries()) {
    if (file) break; // S3 ignores what follows the file.
    if (name === 'file') file = value as File;
    else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  if (!file) throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const encoded = fields.get('policy') ?? '';
  const [accessKeyId, date, region, service, terminal] = (fields.get('x-amz-credential') ?? '').split('/');
  const secret = secrets[accessKeyId ?? ''];
  if (!secret) throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || service !== 's3' || terminal !== 'aws4_request' || !region || !date) {
    throw new S3Refusal(400, 'InvalidArgument', 'The credential or algorithm of the form is not valid.');
  }
  if (policySignature(encoded, secret, date, region) !== fields.get('x-amz-signature')) {
    throw new S3Refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PostPolicy;
  if (!(Date.parse(policy.expiration) > now.getTime()))
    throw new S3Refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  fields.set('bucket', bucket);
  const named = new Set(['policy', 'x-amz-signature', 'bucket']);
  const failed = (condition: PolicyCondition) =>
    new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  for (const condition of policy.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (fields.get(name.toLowerCase()) !== value) throw failed(condition);
      }
    } else if (condition[0] === 'content-length-range') {
      const [, min, max] = condition;
      if (file.size > max) throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (file.size < min) throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
    } else {
      const [operator, field, value] = condition;
      const name = field.slice(1).toLowerCase();
      named.add(name);
      const actual = fields.get(name) ?? '';
      if (operator === 'eq' ? actual !== value : !actual.startsWith(value)) throw failed(condition);
    }
  }
  for (const name of fields.keys()) {
    if (!named.has(name) && !name.startsWith('x-ignore-')) {
      throw new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
}

export async function startUploadGate(options: UploadGateOptions): Promise<UploadGate> {
  const server = createServer((req, res) => void answer(req, res));
  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    return origin && options.allowedOrigins.includes(origin)
      ? { 'access-control-allow-origin': origin, vary: 'Origin' }
      : { vary: 'Origin' };
  };
  const refuse = (req: IncomingMessage, res: ServerResponse, refusal: S3Refusal) => {
    res.writeHead(refusal.status, { 'content-type': 'application/xml', connection: 'close', ...corsHeaders(req) });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${xml(refusal.message)}</Message></Error>`,
    );
  };
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const path = new URL(req.url ?? '/', 'http://gate').pathname;
      if (req.method !== 'POST' || path.replace(/\/+$/, '') !== `/${options.bucket}`) {
        throw new S3Refusal(405, 'MethodNotAllowed', 'Only browser POST uploads to the bucket come here.');
      }
      const body = await readBody(req);
      const contentType = req.headers['content-type'] ?? '';
      let form: FormData;
      try {
        form = await new Request('http://gate/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
      } catch {
        throw new S3Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
      }
      checkPostForm(form, options.bucket, options.secrets, new Date());
      const stored = await fetch(`${options.s3Endpoint}/${options.bucket}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      res.writeHead(stored.status, { 'content-type': stored.headers.get('content-type') ?? 'application/xml', ...corsHeaders(req) });
      res.end(Buffer.from(await stored.arrayBuffer()));
    } catch (error) {
      if (error instanceof S3Refusal) return refuse(req, res, error);
      refuse(req, res, new S3Refusal(500, 'InternalError', String(error)));
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${options.bucket}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
