import type { ServerResponse } from 'node:http';
import { JSON_ANSWER_HEADERS, SECURITY_HEADERS } from '../functions/lib/chassis/security-headers.js';

/**
 * The answers the local stack writes itself, not a handler (API Gateway's 404 and 413, preflights,
 * the local routes, the web's 404 and 503): they carry the handlers' security headers too.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...JSON_ANSWER_HEADERS, ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
  res.end(text);
}

/** An answer with no body (a CORS preflight's 204). */
export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string>): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
  res.end();
}
