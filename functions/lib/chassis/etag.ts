import { createHash } from 'node:crypto';
import type { ApiResult } from './http.js';

/**
 * The answer of an `etag` route (the session check): its ETag, a hash of the exact body, added; or
 * 304 with no body when the request's `If-None-Match` names it. The chassis calls it only after
 * authentication, so a 304 never hides a 401.
 */
export function withETag(answer: ApiResult, ifNoneMatch = ''): ApiResult {
  const etag = `"${createHash('sha256').update(answer.body).digest('base64url')}"`;
  answer.headers.etag = etag;
  if (!ifNoneMatch.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()))) return answer;
  delete answer.headers['content-type'];
  return { ...answer, statusCode: 304, body: '' };
}
