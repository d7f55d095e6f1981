import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outbound requests: reminder channels' (issue 25 §2: 'public addresses only, short timeouts') and the logo
 * function's downloads of websites' icons (issue 36 §3). The host is resolved once, every address it resolves
 * to must be public unicast, and the connection goes to the checked address only (a pinned `lookup`: no second
 * resolution that could answer otherwise). HTTPS only in the cloud; 5 s for the whole exchange. A channel's
 * POST follows no redirect and reads at most 4 KB of the answer; a download follows a few redirects within the
 * same site, each checked again, and refuses a body over its cap.
 *
 * The local stack's receivers listen on loopback: it sets OUTBOUND_ALLOW_LOOPBACK=1, which lets loopback
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
export const loopbackAllowed = () => process.env.OUTBOUND_ALLOW_LOOPBACK === '1';

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

/** The URL, checked: an http(s) URL whose host resolves to addresses that may be reached (https only in the cloud). */
async function guarded(
  target: string,
): Promise<{ url: URL; addresses: Array<{ address: string; family: number }> } | { error: string; permanent: boolean }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { error: 'Invalid URL', permanent: true };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'Only https URLs are allowed', permanent: true };
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await checkedAddresses(url.hostname);
  } catch (error) {
    if (error instanceof Refused) return { error: error.message, permanent: true };
    return { error: networkError(error), permanent: false };
  }
  if (url.protocol === 'http:' && !(loopbackAllowed() && addresses.every((a) => isLoopbackAddress(a.address)))) {
    return { error: 'Only https URLs are allowed', permanent: true };
  }
  return { url, addresses };
}

/** An answer as it came: its status, headers and the first bytes of its body. */
interface Exchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
  /** True when the body had more than `maxBytes` (only the first `maxBytes` are in `bytes`). */
  truncated: boolean;
}

/**
 * One request to a checked address, the connection pinned to it: the answer's first `maxBytes` (reading stops
 * there), or why there was none. Never throws.
 */
function exchange(
  url: URL,
  addresses: Array<{ address: string; family: number }>,
  request: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    userAgent: string;
    body?: Buffer;
    maxBytes: number;
    timeoutMs: number;
  },
): Promise<Exchange | { error: string; permanent: boolean }> {
  return new Promise((resolve) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    let req: http.ClientRequest | undefined;
    const finish = (answer: Exchange | { error: string; permanent: boolean }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req?.destroy();
      resolve(answer);
    };
    const transport = url.protocol === 'https:' ? https : http;
    try {
      req = transport.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(request.body ? { 'content-length': String(request.body.length) } : {}),
            'user-agent': request.userAgent,
            [OUTBOUND_MARK_HEADER]: '1',
          },
          lookup: pinnedLookup(addresses),
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const answered = (truncated: boolean) =>
            finish({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks), truncated });
          res.on('data', (chunk: Buffer) => {
            if (done) return;
            chunks.push(chunk.subarray(0, request.maxBytes - read));
            read += chunk.length;
            if (read > request.maxBytes) answered(true);
            else if (read === request.maxBytes) answered(false);
          });
          res.on('end', () => answered(false));
          res.on('error', (error) => finish({ error: networkError(error), permanent: false }));
        },
      );
    } catch (error) {
      // A request node will not make (a header value that is not Latin-1 text, say): no retry can fix it (issue 34 §7).
      finish({ error: `Invalid request: ${(error as Error).message}`, permanent: true });
      return;
    }
    timer = setTimeout(() => finish({ error: `Timed out after ${request.timeoutMs / 1000} s`, permanent: false }), request.timeoutMs);
    req.on('error', (error) => finish({ error: networkError(error), permanent: false }));
    req.end(request.body);
  });
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
  const target = await guarded(request.url);
  if ('error' in target) return failure(started, target.error, target.permanent);
  const answer = await exchange(target.url, target.addresses, {
    method: request.method ?? 'POST',
    headers: request.headers,
    userAgent: 'SubTracker-Reminders/1',
    body: Buffer.from(request.body),
    maxBytes: ANSWER_BYTES_READ,
    timeoutMs,
  });
  if ('error' in answer) return failure(started, answer.error, answer.permanent);
  const { status } = answer;
  const text = answer.bytes.toString('utf8').slice(0, ANSWER_EXCERPT_CHARS);
  if (status >= 200 && status < 300)
    return { ok: true, status, body: text, error: null, permanent: false, durationMs: Date.now() - started };
  if (status >= 300 && status < 400)
    return failure(started, `Redirect to ${answer.headers.location ?? 'another address'} not followed`, true, status, text);
  const passing = status === 429 || status >= 500;
  return failure(started, `The server answered ${status}`, !passing, status, text);
}

/** Redirects a GET follows, each to the same site (below). */
const REDIRECTS_FOLLOWED = 3;

/** A host without a leading `www.`: `www.example.com` and `example.com` are one site. */
const siteOf = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** What a GET brought: the body's bytes and type, and the URL they came from after redirects; or why not. */
export type Download =
  | { ok: true; url: string; contentType: string; bytes: Buffer }
  | {
      ok: false;
      url: string;
      error: string;
      status: number | null;
      /** True when the guard refused the address before connecting: the site's other addresses are refused too. */
      refused: boolean;
    };

/**
 * GETs a URL through the guard (issue 36 §3: a website's page and icons): at most `maxBytes` of body (a larger
 * one is refused, not cut), 5 s for every exchange, and at most REDIRECTS_FOLLOWED redirects, each to the same
 * site (its host with or without `www.`, http upgraded to https) and each checked again before connecting. A
 * redirect anywhere else is not followed. Never throws.
 */
export async function downloadOutbound(
  address: string,
  options: { maxBytes: number; accept: string; timeoutMs?: number },
): Promise<Download> {
  const timeoutMs = Math.min(options.timeoutMs ?? OUTBOUND_TIMEOUT_MS, OUTBOUND_TIMEOUT_MS);
  let current = address;
  for (let redirects = 0; ; redirects++) {
    const target = await guarded(current);
    if ('error' in target) return { ok: false, url: current, error: target.error, status: null, refused: target.permanent };
    const answer = await exchange(target.url, target.addresses, {
      method: 'GET',
      headers: { accept: options.accept },
      // Some sites answer only what looks like a browser; this says what it is too.
      userAgent: 'Mozilla/5.0 (compatible; SubTracker-Logos/1)',
      maxBytes: options.maxBytes,
      timeoutMs,
    });
    if ('error' in answer) return { ok: false, url: current, error: answer.error, status: null, refused: false };
    const { status } = answer;
    if (status >= 300 && status < 400 && answer.headers.location) {
      let next: URL;
      try {
        next = new URL(answer.headers.location, target.url);
      } catch {
        return { ok: false, url: current, error: 'Redirect to an invalid URL not followed', status, refused: false };
      }
      const sameSite =
        siteOf(next.hostname) === siteOf(target.url.hostname) && (next.protocol === target.url.protocol || next.protocol === 'https:');
      if (!sameSite || redirects >= REDIRECTS_FOLLOWED)
        return { ok: false, url: current, error: `Redirect to ${next.href} not followed`, status, refused: false };
      current = next.href;
      continue;
    }
    if (status < 200 || status >= 300) return { ok: false, url: current, error: `The server answered ${status}`, status, refused: false };
    if (answer.truncated) return { ok: false, url: current, error: `Larger than ${options.maxBytes} bytes`, status, refused: false };
    return { ok: true, url: current, contentType: String(answer.headers['content-type'] ?? ''), bytes: answer.bytes };
  }
}
