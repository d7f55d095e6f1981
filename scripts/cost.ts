import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { costText } from './cost-report.js';

/**
 * `npm run cost`: writes docs/COST.md, what the product costs a month at 1,000, 100,000 and
 * 1,000,000 users, from the unit prices and assumptions (cost-inputs.ts) and the usage the browser
 * tests measured (docs/cost-usage.json, read by cost-usage.ts); cost-report.ts writes the text. A unit test fails when the committed doc is stale.
 */
const root = resolve(import.meta.dirname, '..');
export const COST_DOC = join(root, 'docs', 'COST.md');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(COST_DOC, costText());
  console.log(`Wrote ${COST_DOC}`);
}
