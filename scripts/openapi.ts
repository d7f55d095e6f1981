import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../shared/api/openapi.js';

/** `npm run openapi`: writes the API's OpenAPI description to docs/openapi.json (a unit test fails when it is stale). */
const root = resolve(import.meta.dirname, '..');
export const OPENAPI_DOC = join(root, 'docs', 'openapi.json');

/** The description as committed: the contract's document for the package's version, 2-space JSON. */
export function openApiText(): string {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return `${JSON.stringify(openApiDocument(version), null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(OPENAPI_DOC, openApiText());
  console.log(`Wrote ${OPENAPI_DOC}`);
}
