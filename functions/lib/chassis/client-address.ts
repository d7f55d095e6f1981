import { isIP } from 'node:net';

/**
 * The client's address (docs/decisions/0062-the-edge.md): CloudFront's `CloudFront-Viewer-Address`
 * once the origin secret matched, else API Gateway's `clientAddress` (the local stack's socket address).
 */

/** An IPv4 address as is, an IPv6 one in lower case, an IPv4-mapped IPv6 one (`::ffff:192.0.2.1`) as IPv4; undefined when not an address. */
export function normalizeAddress(address: string): string | undefined {
  const text = address.trim();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return undefined;
  const lower = text.toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  return lower;
}

/**
 * The address of a `CloudFront-Viewer-Address` value, which is the viewer's address and source
 * port: `198.51.100.10:46532`, `2001:db8::8a2e:370:7334:46532`, or with the IPv6 address in
 * brackets, `[2001:db8::1]:46532`. The port is always there, so the last `:digits` is it.
 * Undefined for anything else.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^\[([^\]]+)\]:(\d{1,5})$/.exec(value.trim()) ?? /^(.+):(\d{1,5})$/.exec(value.trim());
  if (!match || Number(match[2]) > 65535) return undefined;
  return normalizeAddress(match[1]);
}

/** The eight 16-bit groups of an IPv6 address, as numbers. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const ipv4Tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/**
 * What per-address throttles count by: an IPv4 address itself, and for IPv6 its /64 network,
 * because one subscriber gets a whole /64 and could step through its addresses at will.
 */
export function throttleKeyOfAddress(address: string): string {
  const normalized = normalizeAddress(address);
  if (!normalized) return address;
  if (isIP(normalized) === 4) return normalized;
  return `${ipv6Groups(normalized)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
