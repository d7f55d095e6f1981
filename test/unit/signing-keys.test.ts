import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  KEY_RELOAD_MIN_MS,
  SESSION_LIFETIME_SECONDS,
  SIGNING_KEYS_CACHE_MS,
  type SigningKey,
  type SigningKeys,
  signingKeyRing,
} from '../../functions/lib/auth/jwt.js';
import { type RotationStore, rotate } from '../../functions/rotation/steps.js';
import { JWT_KEY_ROTATION_DAYS } from '../../infra/secrets.js';

const keyOf = (kid: string): SigningKey => ({ kid, key: new TextEncoder().encode(`${kid}-a-key-of-at-least-thirty-two-characters`) });

/** A key ring over a rotating secret (v1 → v2 → v3) with a clock the test moves. */
function rotatingSecret() {
  let keys: SigningKeys = { current: keyOf('v1') };
  let clock = 1_000_000;
  let loads = 0;
  let unreachable = false;
  const ring = signingKeyRing(
    async () => {
      loads += 1;
      if (unreachable) throw new Error('Secrets Manager is down');
      return keys;
    },
    () => clock,
  );
  return {
    ring,
    rotate(next: string) {
      keys = { current: keyOf(next), previous: keys.current };
    },
    advance(ms: number) {
      clock += ms;
    },
    loads: () => loads,
    failLoads() {
      unreachable = true;
    },
  };
}

/** What a function does with a token: verify it with the key its `kid` names (functions/lib/auth/jwt.ts). */
async function accepts(ring: ReturnType<typeof signingKeyRing>, token: string): Promise<boolean> {
  try {
    await jwtVerify(
      token,
      async (header) => {
        const key = await ring.verifying(header.kid);
        if (!key) throw new Error('unknown key');
        return key;
      },
      { algorithms: ['HS256'] },
    );
    return true;
  } catch {
    return false;
  }
}

const tokenSignedWith = (key: SigningKey, kid: string | undefined = key.kid) =>
  new SignJWT({ sid: 's' })
    .setProtectedHeader(kid === undefined ? { alg: 'HS256' } : { alg: 'HS256', kid })
    .setExpirationTime('1h')
    .sign(key.key);

describe('session signing keys', () => {
  it('signs with the current key and names it in the token', async () => {
    const secret = rotatingSecret();
    expect((await secret.ring.signing()).kid).toBe('v1');
  });

  it('accepts a token signed with the previous key after a rotation, and refuses one signed with an older key', async () => {
    const secret = rotatingSecret();
    const byV1 = await tokenSignedWith(keyOf('v1'));
    secret.rotate('v2');
    secret.advance(SIGNING_KEYS_CACHE_MS);
    expect(await accepts(secret.ring, byV1)).toBe(true);
    expect(await accepts(secret.ring, await tokenSignedWith(keyOf('v2')))).toBe(true);

    secret.rotate('v3');
    secret.advance(SIGNING_KEYS_CACHE_MS);
    expect(await accepts(secret.ring, byV1)).toBe(false);
  });

  it('refuses an unknown kid, and a token that names a known key but was signed with another', async () => {
    const secret = rotatingSecret();
    expect(await accepts(secret.ring, await tokenSignedWith(keyOf('v0')))).toBe(false);
    expect(await accepts(secret.ring, await tokenSignedWith(keyOf('forged'), 'v1'))).toBe(false);
  });

  it('checks a token without kid (signed before keys had ids) with the current key', async () => {
    const secret = rotatingSecret();
    expect(await accepts(secret.ring, await tokenSignedWith(keyOf('v1'), undefined))).toBe(true);
    expect(await accepts(secret.ring, await tokenSignedWith(keyOf('other'), undefined))).toBe(false);
  });

  it('keeps the keys for minutes, then picks up a rotated key', async () => {
    const secret = rotatingSecret();
    await secret.ring.signing();
    secret.rotate('v2');
    secret.advance(SIGNING_KEYS_CACHE_MS - 1);
    expect((await secret.ring.signing()).kid).toBe('v1');
    expect(secret.loads()).toBe(1);
    secret.advance(1);
    expect((await secret.ring.signing()).kid).toBe('v2');
    expect(secret.loads()).toBe(2);
  });

  it('reads the keys again at once for a token signed with a key it has not seen yet, at most once in a while', async () => {
    const secret = rotatingSecret();
    await secret.ring.signing();
    secret.rotate('v2');
    const byV2 = await tokenSignedWith(keyOf('v2'));
    // Just read: an unknown kid does not make it read again (nobody can make it call Secrets Manager per request).
    expect(await accepts(secret.ring, byV2)).toBe(false);
    expect(secret.loads()).toBe(1);
    secret.advance(KEY_RELOAD_MIN_MS);
    expect(await accepts(secret.ring, byV2)).toBe(true);
    expect(secret.loads()).toBe(2);
  });

  it('goes on with the keys in hand when reading them again fails', async () => {
    const secret = rotatingSecret();
    await secret.ring.signing();
    secret.failLoads();
    secret.advance(SIGNING_KEYS_CACHE_MS);
    expect((await secret.ring.signing()).kid).toBe('v1');
    expect(secret.loads()).toBe(2);
    // With no keys in hand, the failure is the caller's.
    const never = signingKeyRing(async () => {
      throw new Error('Secrets Manager is down');
    });
    await expect(never.signing()).rejects.toThrow('Secrets Manager is down');
  });

  it('rotates more slowly than sessions last, so the previous key covers every live session', () => {
    expect(SESSION_LIFETIME_SECONDS).toBeLessThan(JWT_KEY_ROTATION_DAYS * 24 * 3600);
  });
});

/** Secrets Manager's versions and stages, as the rotation steps see them. */
function secretVersions(): RotationStore & { values: Map<string, string>; stages: Map<string, string[]> } {
  const values = new Map([['v1', 'k'.repeat(64)]]);
  const stages = new Map<string, string[]>([['v1', ['AWSCURRENT']]]);
  return {
    values,
    stages,
    async describe() {
      return { rotationEnabled: true, versions: Object.fromEntries(stages) };
    },
    async valueOf(versionId, stage) {
      return stages.get(versionId)?.includes(stage) ? values.get(versionId) : undefined;
    },
    async randomKey(length) {
      return 'n'.repeat(length);
    },
    async putPending(versionId, value) {
      values.set(versionId, value);
    },
    async makeCurrent(to, from) {
      for (const [id, list] of stages)
        stages.set(
          id,
          list.filter((stage) => stage !== 'AWSPREVIOUS'),
        );
      stages.set(from, ['AWSPREVIOUS']);
      stages.set(to, ['AWSCURRENT']);
    },
  };
}

describe('signing key rotation steps', () => {
  it('creates a pending key once, tests it, and makes it current, the old key previous', async () => {
    const secret = secretVersions();
    // Secrets Manager starts a rotation by making a version id pending.
    secret.stages.set('v2', ['AWSPENDING']);
    expect(await rotate('createSecret', 'v2', secret)).toBe('created pending key');
    expect(secret.values.get('v2')).toHaveLength(64);
    secret.values.set('v2', 'x'.repeat(64));
    expect(await rotate('createSecret', 'v2', secret)).toBe('pending key exists');
    expect(secret.values.get('v2')).toBe('x'.repeat(64));
    expect(await rotate('setSecret', 'v2', secret)).toBe('nothing to set');
    expect(await rotate('testSecret', 'v2', secret)).toBe('pending key is usable');
    expect(await rotate('finishSecret', 'v2', secret)).toBe('pending key is current');
    expect(Object.fromEntries(secret.stages)).toEqual({ v1: ['AWSPREVIOUS'], v2: ['AWSCURRENT'] });
    expect(await rotate('finishSecret', 'v2', secret)).toBe('already current');
  });

  it('refuses a version that is not pending, a short key, and a secret without rotation', async () => {
    const secret = secretVersions();
    await expect(rotate('createSecret', 'v9', secret)).rejects.toThrow('not a version');
    secret.stages.set('v2', []);
    await expect(rotate('createSecret', 'v2', secret)).rejects.toThrow('not pending');
    secret.stages.set('v2', ['AWSPENDING']);
    secret.values.set('v2', 'short');
    await expect(rotate('testSecret', 'v2', secret)).rejects.toThrow('too short');
    await expect(
      rotate('createSecret', 'v2', { ...secret, describe: async () => ({ rotationEnabled: false, versions: {} }) }),
    ).rejects.toThrow('not enabled');
  });
});
