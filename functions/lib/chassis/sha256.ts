import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

type SourceData = string | ArrayBuffer | ArrayBufferView;

function toBuffer(data: SourceData): string | Buffer {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/**
 * Stands in for `@smithy/core/checksum` in the function bundles (infra/bundling.ts aliases it
 * here). The clients take only `Sha256` from it, to sign requests; the SDK's own class carries a
 * pure-JavaScript SHA-256 (~3.5 KB minified) for runtimes without `node:crypto`, which Lambda's
 * Node always has. This is the SDK's Node class, SHA-256 or, given a secret, HMAC-SHA-256. The SQS
 * client (the reminder planner) also takes `Md5`, to check the digests SQS answers for the messages
 * it accepted: {@link Md5} below.
 */
export class Sha256 {
  readonly digestLength = 32;
  private readonly secret: SourceData | undefined;
  private hash: Hash | Hmac;
  private finished = false;

  constructor(secret?: SourceData) {
    this.secret = secret;
    this.hash = this.start();
  }

  update(data: SourceData): void {
    if (this.finished) throw new Error('Attempted to update an already finished hash.');
    this.hash.update(toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    let digest: Buffer;
    if (this.secret) {
      // An HMAC cannot be copied: its digest ends it.
      this.finished = true;
      digest = this.hash.digest();
    } else {
      digest = (this.hash as Hash).copy().digest();
    }
    return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
  }

  reset(): void {
    this.hash = this.start();
    this.finished = false;
  }

  private start(): Hash | Hmac {
    return this.secret ? createHmac('sha256', toBuffer(this.secret)) : createHash('sha256');
  }
}

/** `Md5` of `@smithy/core/checksum`, from `node:crypto` (the SQS client checks message digests with it). */
export class Md5 {
  readonly digestLength = 16;
  private hash = createHash('md5');

  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    const digest = this.hash.copy().digest();
    return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
  }

  reset(): void {
    this.hash = createHash('md5');
  }
}
