import { createHash, createHmac } from 'node:crypto';
import { Sha256 as SdkSha256 } from '@smithy/core/checksum';
import { describe, expect, it } from 'vitest';
import { resolveEndpointDiscoveryConfig } from '../../functions/lib/chassis/no-endpoint-discovery.js';
import { Sha256 } from '../../functions/lib/chassis/sha256.js';

/** The modules infra/bundling.ts puts in place of SDK modules in the function bundles (BUNDLE_ALIASES). */
describe('the SHA-256 the bundled clients sign requests with', () => {
  const date = '20260101T000000Z\n';
  const bytes = new TextEncoder().encode('GET\n/\n\nhost:dynamodb.us-east-1.amazonaws.com\n');

  it.each([
    ['a hash', undefined],
    ['an HMAC with a text key', 'AWS4wJalrXUtnFEMI/K7MDENG'],
    ['an HMAC with a binary key', new Uint8Array([1, 2, 3, 250])],
  ])('computes %s exactly as the SDK does', async (_kind, secret) => {
    const ours = new Sha256(secret);
    const sdk = new SdkSha256(secret);
    ours.update(date);
    sdk.update(new TextEncoder().encode(date));
    ours.update(bytes);
    sdk.update(bytes);
    const digest = await ours.digest();
    expect(digest).toEqual(await sdk.digest());
    const expected =
      secret === undefined ? createHash('sha256') : createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret));
    expect(Buffer.from(digest).toString('hex')).toBe(expected.update(date).update(bytes).digest('hex'));
  });

  it('hashes again after a reset, and refuses more data once an HMAC is finished', async () => {
    const hmac = new Sha256('key');
    hmac.update('one');
    await hmac.digest();
    expect(() => hmac.update('two')).toThrow('Attempted to update an already finished hash.');
    hmac.reset();
    hmac.update('two');
    expect(Buffer.from(await hmac.digest()).toString('hex')).toBe(createHmac('sha256', 'key').update('two').digest('hex'));
  });
});

describe('DynamoDB endpoint discovery in the bundles', () => {
  it('is off, with the configuration fields the client sets', async () => {
    const config = resolveEndpointDiscoveryConfig({ region: 'us-east-1' }, { endpointDiscoveryCommandCtor: Object });
    expect(config).toMatchObject({ region: 'us-east-1', endpointDiscoveryCommandCtor: Object, isClientEndpointDiscoveryEnabled: false });
    await expect(config.endpointDiscoveryEnabled()).resolves.toBe(false);
  });

  it('fails by name when a client asks for it', () => {
    expect(() => resolveEndpointDiscoveryConfig({ endpointDiscoveryEnabled: true }, { endpointDiscoveryCommandCtor: Object })).toThrow(
      'DynamoDB endpoint discovery is not bundled in the functions',
    );
  });
});
