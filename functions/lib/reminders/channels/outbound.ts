import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outbound requests of reminder channels (issue 25 §2: 'public addresses only, short timeouts'). The host
 * is resolved once, every address it resolves to must be public unicast, and the connection goes to the
 * checked address only (a pinned `lookup`: no second resolution that could answer otherwise). HTTPS only
 * in the cloud; no redirect followed; 5 s for the whole exchange; at most 4 KB of the answer read.
 *
 * The local stack's receivers listen on loopback: it sets CHANNELS_ALLOW_LOOPBACK=1, which lets loopback
 * addresses (and plain http to them) through and nothing else; the CDK stack never sets it
 * (test/infra/cloud.test.ts; docs/decisions/0091-channel-outbound-guard.md).
 */
export const OUTBOUND_TIMEOUT_MS = 5000;
/**
 * A header every outbound request carries, which the local stack's `/_local/*` routes refuse (issue 34 §14):
 * a channel pointed at the stack itself over loopback must not run its reminders or move its clock.
 */
export const OUTBOUND_MARK_HEADER = 'x-subtracker-outbound';
export const ANSWER_BYTES_READ = 4096;
/** The answer excerpt kept for 'Send test' and the deliveries log. */
export const ANSWER_EXCERPT_CHARS = 300;

const NOT_PUBLIC: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, the instance metadata service
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  // All of ::/8, reserved (RFC 4291 §2.4): the unspecified address, loopback, IPv4-compatible, IPv4-mapped and
  // IPv4-translated (::ffff:0:a.b.c.d) addresses, and the rest, none of which is public. An embedded IPv4
  // address is refused here rather than unwrapped. (Outside 2000::/3 nothing is public either: see below.)
  ['::', 8, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'], // NAT64
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['3fff::', 20, 'ipv6'], // documentation (RFC 9637)
  ['2002::', 16, 'ipv6'], // 6to4, which embeds any IPv4 address
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

// One list per family: node checks an IPv4 address against IPv6 rules too, as ::ffff:a.b.c.d, which the
// IPv4-mapped rule would match.
const notPublic = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [network, prefix, type] of NOT_PUBLIC) notPublic[type].addSubnet(network, prefix, type);
/** IPv6's global unicast space (RFC 4291 §2.4): every public IPv6 address is in it; the rest is reserved or local. */
const globalUnicast6 = new BlockList();
globalUnicast6.addSubnet('2000::', 3, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 4 or 6 for an IP address (brackets of an IPv6 URL host removed), 0 for anything else. */
const familyOf = (address: string) => isIP(address);

/** True for a public unicast address: anything a channel may connect to in the cloud. */
export function isPublicAddress(address: string): boolean {
  const family = familyOf(address);
  if (family === 0) return false;
  if (family === 4) return !notPublic.ipv4.check(address, 'ipv4');
  return globalUnicast6.check(address, 'ipv6') && !notPublic.ipv6.check(address, 'ipv6');
}

export function isLoopbackAddress(address: string): boolean {
  const family = familyOf(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The local stack's switch (never set in the cloud): loopback receivers allowed, over http too. */
export const loopbackAllowed = () => process.env.CHANNELS_ALLOW_LOOPBACK === '1';

export interface OutboundRequest {
  url: string;
  method?: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** What came of a request: the provider's answer, or why there was none. */
export interface OutboundAnswer {
  ok: boolean;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The first ANSWER_EXCERPT_CHARS of the answer's body. */
  body: string;
  /** Why it failed, in words; null when it did not. */
  error: string | null;
  /** A failure no retry can fix: a refusal, an invalid URL, a 4xx other than 429, a redirect. */
  permanent: boolean;
  durationMs: number;
}

class Refused extends Error {}

/** The host's addresses, each checked; a Refused error names the first that may not be reached. */
async function checkedAddresses(hostname: string): Promise<Array<{ address: string; family: number }>> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const addresses = familyOf(host) ? [{ address: host, family: familyOf(host) }] : await dnsLookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Refused(`${host} resolves to no address`);
  for (const { address } of addresses) {
    if (isPublicAddress(address)) continue;
    if (loopbackAllowed() && isLoopbackAddress(address)) continue;
    throw new Refused(`Refused: ${host} resolves to ${address}, which is not a public address`);
  }
  return addresses;
}

/** A `lookup` that answers the checked addresses and never resolves again. */
function pinnedLookup(addresses: Array<{ address: string; family: number }>): LookupFunction {
  return ((_hostname: string, options: { all?: boolean } | number, callback: (...args: unknown[]) => void) => {
    if (typeof options === 'object' && options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as unknown as LookupFunction;
}

const failure = (started: number, error: string, permanent: boolean, status: number | null = null, body = ''): OutboundAnswer => ({
  ok: false,
  status,
  body,
  error,
  permanent,
  durationMs: Date.now() - started,
});

/** Words for a network error: its code where node gives one. */
function networkError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
  if (code === 'ECONNRESET') return 'Connection reset';
  return code ? `Network error (${code})` : `Network error: ${String((error as Error).message ?? error)}`;
}

/** POSTs the request through the guard; never throws. */
export async function sendOutbound(
  request: Omit<OutboundRequest, 'body'> & {
    /** Text, or bytes (a Web Push message's encrypted body). */
    body: string | Buffer;
  },
  options: { timeoutMs?: number } = {},
): Promise<OutboundAnswer> {
  const timeoutMs = Math.min(options.timeoutMs ?? OUTBOUND_TIMEOUT_MS, OUTBOUND_TIMEOUT_MS);
  const started = Date.now();
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failure(started, 'Invalid URL', true);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failure(started, 'Only https URLs are allowed', true);
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await checkedAddresses(url.hostname);
  } catch (error) {
    if (error instanceof Refused) return failure(started, error.message, true);
    return failure(started, networkError(error), false);
  }
  if (url.protocol === 'http:' && !(loopbackAllowed() && addresses.every((a) => isLoopbackAddress(a.address)))) {
    return failure(started, 'Only https URLs are allowed', true);
  }
  const body = Buffer.from(request.body);
  return new Promise<OutboundAnswer>((resolve) => {
    let done = false;
    const finish = (answer: OutboundAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const transport = url.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    let timer: NodeJS.Timeout | undefined;
    try {
      req = transport.request(
        url,
        {
          method: request.method ?? 'POST',
          headers: {
            ...request.headers,
            'content-length': String(body.length),
            'user-agent': 'SubTracker-Reminders/1',
            [OUTBOUND_MARK_HEADER]: '1',
          },
          lookup: pinnedLookup(addresses),
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const answered = () => {
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_EXCERPT_CHARS);
            if (status >= 200 && status < 300)
              return finish({ ok: true, status, body: text, error: null, permanent: false, durationMs: Date.now() - started });
            if (status >= 300 && status < 400)
              return finish(failure(started, `Redirect to ${res.headers.location ?? 'another address'} not followed`, true, status, text));
            const passing = status === 429 || status >= 500;
            finish(failure(started, `The server answered ${status}`, !passing, status, text));
          };
          res.on('data', (chunk: Buffer) => {
            if (read >= ANSWER_BYTES_READ) return;
            chunks.push(chunk.subarray(0, ANSWER_BYTES_READ - read));
            read += chunk.length;
            if (read >= ANSWER_BYTES_READ) answered();
          });
          res.on('end', answered);
          res.on('error', (error) => finish(failure(started, networkError(error), false)));
        },
      );
    } catch (error) {
      // A request node will not make (a header value that is not Latin-1 text, say): no retry can fix it (issue 34 §7).
      done = true;
      resolve(failure(started, `Invalid request: ${(error as Error).message}`, true));
      return;
    }
    timer = setTimeout(() => finish(failure(started, `Timed out after ${timeoutMs / 1000} s`, false)), timeoutMs);
    req.on('error', (error) => finish(failure(started, networkError(error), false)));
    req.end(body);
  });
}
