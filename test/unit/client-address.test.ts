import { describe, expect, it } from 'vitest';
import { normalizeAddress, parseViewerAddress, throttleKeyOfAddress } from '../../functions/lib/chassis/client-address.js';
import { clientAddress } from '../../functions/lib/chassis/origin.js';
import { recipientKey } from '../../functions/lib/throttles/throttle.js';

describe("CloudFront's viewer address (CloudFront-Viewer-Address: address and source port)", () => {
  it('reads an IPv4 address before its port', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(parseViewerAddress(' 203.0.113.7:0 ')).toBe('203.0.113.7');
  });

  it('reads an IPv6 address with the port after its last colon, or in brackets', () => {
    expect(parseViewerAddress('2001:db8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(parseViewerAddress('2001:DB8::1:443')).toBe('2001:db8::1');
    expect(parseViewerAddress('[2001:db8::1]:46532')).toBe('2001:db8::1');
    expect(parseViewerAddress('::1:8080')).toBe('::1');
  });

  it('reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(parseViewerAddress('[::ffff:198.51.100.10]:443')).toBe('198.51.100.10');
    expect(parseViewerAddress('::ffff:198.51.100.10:443')).toBe('198.51.100.10');
  });

  it('refuses anything that is not an address and a port', () => {
    for (const bad of [
      undefined,
      '',
      '198.51.100.10',
      'example.com:443',
      '999.1.1.1:80',
      '[2001:db8::1]',
      '[nonsense]:80',
      '1.2.3.4:99999',
      '1.2.3.4:',
    ]) {
      expect(parseViewerAddress(bad)).toBeUndefined();
    }
  });
});

describe('the client address a request is counted by', () => {
  const viewer = { 'cloudfront-viewer-address': '198.51.100.10:46532' };

  it("is the viewer's address only when the request came through CloudFront (the origin secret matched)", () => {
    expect(clientAddress('130.176.0.1', viewer, true)).toBe('198.51.100.10');
    expect(clientAddress('130.176.0.1', viewer, false)).toBe('130.176.0.1');
  });

  it("falls back to the source address when CloudFront's header is missing or unreadable", () => {
    expect(clientAddress('130.176.0.1', {}, true)).toBe('130.176.0.1');
    expect(clientAddress('130.176.0.1', { 'cloudfront-viewer-address': 'garbage' }, true)).toBe('130.176.0.1');
  });

  it("normalizes the local stack's socket addresses", () => {
    expect(clientAddress('::ffff:127.0.0.2', {}, false)).toBe('127.0.0.2');
    expect(normalizeAddress('::1')).toBe('::1');
    expect(normalizeAddress('not an address')).toBeUndefined();
  });
});

describe('throttle keys', () => {
  it('counts an IPv4 address by itself and an IPv6 address by its /64, however it is written', () => {
    expect(throttleKeyOfAddress('198.51.100.10')).toBe('198.51.100.10');
    expect(throttleKeyOfAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleKeyOfAddress('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleKeyOfAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleKeyOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleKeyOfAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(throttleKeyOfAddress('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('counts mails to an address in lower case and without a +tag', () => {
    expect(recipientKey('Someone+News@Example.COM')).toBe('someone@example.com');
    expect(recipientKey('someone@example.com')).toBe('someone@example.com');
    expect(recipientKey('a+b+c@example.com')).toBe('a@example.com');
  });
});
