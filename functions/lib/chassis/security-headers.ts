/**
 * The security headers every API answer carries (DESIGN §7): the handlers' answers (lib/chassis/http.ts)
 * and every answer the local stack writes itself (local/answers.ts).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** A JSON answer's headers: never cached, and the security headers. */
export const JSON_ANSWER_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  ...SECURITY_HEADERS,
};
