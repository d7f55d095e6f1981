import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for the API tests of passkeys (issue 38 §1): it makes a P-256 credential
 * (ES256), answers a registration with `none` attestation and a sign-in with a signature, as a browser hands them to
 * the page (the JSON @simplewebauthn/browser sends). Its flags, origin and counter can be set wrong on purpose: no
 * user verification, another origin, a clone's counter. The browser tests use Chromium's own virtual authenticator.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAGS = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 };

export interface CeremonyOptions {
  challenge: string;
  rp?: { id: string };
  rpId?: string;
  user?: { id: string };
}

export interface AnswerTweaks {
  /** The origin the client data names (default: the authenticator's). */
  origin?: string;
  /** Whether the user was verified (default true). */
  userVerified?: boolean;
  /** The signature counter to send (default: one more than the last). */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle = '';
  counter = 0;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    this.publicJwk = jwk;
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The registration's answer to the options of POST /api/passkeys/options. */
  register(options: CeremonyOptions, tweaks: AnswerTweaks = {}): Record<string, unknown> {
    const rpId = options.rp?.id ?? '';
    this.userHandle = options.user?.id ?? '';
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const flags = FLAGS.userPresent | (tweaks.userVerified === false ? 0 : FLAGS.userVerified) | FLAGS.attestedData;
    const authData = this.authenticatorData(rpId, flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tweaks.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The sign-in's answer to the options of POST /api/auth/passkey/options, signed by the credential's key. */
  signIn(options: CeremonyOptions, tweaks: AnswerTweaks = {}): Record<string, unknown> {
    this.counter = tweaks.counter ?? this.counter + 1;
    const flags = FLAGS.userPresent | (tweaks.userVerified === false ? 0 : FLAGS.userVerified);
    const authData = this.authenticatorData(options.rpId ?? '', flags, this.counter);
    const clientData = this.clientData('webauthn.get', options.challenge, tweaks.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
