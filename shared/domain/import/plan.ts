/**
 * What an import does with each row (issue 24 §6): create it, update the subscription imported from
 * it before when the file says something else now, or skip it with the reason — already imported,
 * unreadable, past the user's subscription ceiling. Re-importing a file therefore changes nothing.
 */
import type { ImportRow, ParsedRow } from './rows.js';

/** The fields an import sets, compared to tell "already imported" from "changed". */
export const IMPORTED_FIELDS = [
  'name',
  'description',
  'amount',
  'currency',
  'category',
  'dueDate',
  'billingCycle',
  'cycleInterval',
  'autoRenew',
  'trialEndsAt',
  'endsAt',
  'noticeDays',
  'cancelByDate',
  'url',
] as const satisfies readonly (keyof ImportRow)[];

export type ImportedField = (typeof IMPORTED_FIELDS)[number];

/** What the words of a changed field are in the preview's reason. */
const FIELD_WORDS: Readonly<Record<ImportedField, string>> = {
  name: 'name',
  description: 'description',
  amount: 'amount',
  currency: 'currency',
  category: 'category',
  dueDate: 'next payment',
  billingCycle: 'billing cycle',
  cycleInterval: 'billing cycle',
  autoRenew: 'auto-renew',
  trialEndsAt: 'trial end',
  endsAt: 'end date',
  noticeDays: 'notice period',
  cancelByDate: 'cancel-by date',
  url: 'website',
};

/** A subscription the user keeps, as the import compares it. */
export type KeptSubscription = Pick<ImportRow, ImportedField> & {
  id: string;
  externalId: string | null;
  status: 'active' | 'canceled' | 'deleted';
};

export type PlannedRow =
  /** `sameNameAs`: the name of a subscription the user already has under the same name (issue 35 §2.16), told before it is created again. */
  | { line: number; action: 'create'; row: ImportRow; sameNameAs?: string }
  | { line: number; action: 'update'; row: ImportRow; id: string; reason: string }
  | { line: number; action: 'skip'; reason: string; row?: ImportRow; name?: string };

export const importReasons = {
  alreadyImported: 'Already imported',
  inTrash: 'Already imported, and now in the trash: recover it there',
  sameIdAbove: (line: number) => `The same subscription as line ${line}`,
} as const;

export interface ImportCounts {
  create: number;
  update: number;
  skip: number;
}

export function countActions(rows: readonly { action: PlannedRow['action'] }[]): ImportCounts {
  const counts: ImportCounts = { create: 0, update: 0, skip: 0 };
  for (const row of rows) counts[row.action]++;
  return counts;
}

/** The fields whose value in the file differs from the kept subscription's. */
export function changedFields(row: ImportRow, kept: KeptSubscription): ImportedField[] {
  // A field the subscription has no value for (a cancel-by date before issue 35 §2.5) reads as null.
  return IMPORTED_FIELDS.filter((field) => (row[field] ?? null) !== (kept[field] ?? null));
}

/**
 * The row as it updates `kept`: the fields the file does not say (`unsaid`) keep the subscription's own
 * values, so an import never erases what the file does not say (issue 35 §2.10).
 */
export function keepUnsaid(row: ImportRow, kept: KeptSubscription): ImportRow {
  // A file without cancel-by dates (most formats) says nothing of the user's own date (issue 35 §2.5).
  if (row.cancelByDate === undefined) row = { ...row, cancelByDate: kept.cancelByDate ?? null };
  // Nor does a file without websites say anything of the user's own (issue 36 §2).
  if (row.url === undefined) row = { ...row, url: kept.url ?? null };
  if (!row.unsaid || row.unsaid.length === 0) return row;
  const { unsaid, ...said } = row;
  const keptValues = Object.fromEntries(unsaid.map((field) => [field, kept[field]]));
  return { ...said, ...keptValues };
}

/** Words for a list of changed fields: 'Changed: amount, next payment'. */
function changeReason(fields: readonly ImportedField[]): string {
  return `Changed: ${[...new Set(fields.map((f) => FIELD_WORDS[f]))].join(', ')}`;
}

/**
 * A name as a user reads it, to tell one already there: case, accents and runs of spaces ignored
 * ('Netflix' is 'netflix ', 'Crème' is 'Creme').
 */
export function sameNameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Each row's action, in file order. A row whose external id a kept subscription carries (its
 * own export's rows name a subscription by `subscription-tracker:<id>` too, see `externalIdOf`) is
 * already imported, or an update when the file says something else now. A new row is created
 * while `places` last (the user's ceiling minus what they keep); after that it is skipped with
 * `limitReason`. A row created under the name of a subscription the user keeps (not one in the trash)
 * carries that name as `sameNameAs`: the preview says so, since a file from another tracker names no id
 * of ours and the row may well be the same subscription (issue 35 §2.16).
 */
export function planImport(
  rows: readonly ParsedRow[],
  kept: readonly KeptSubscription[],
  places: number,
  limitReason: string,
  externalIdOf: (subscription: KeptSubscription) => string | null = (s) => s.externalId,
): PlannedRow[] {
  const byExternalId = new Map<string, KeptSubscription>();
  for (const subscription of kept) {
    const id = externalIdOf(subscription);
    if (id !== null && !byExternalId.has(id)) byExternalId.set(id, subscription);
  }
  const byName = new Map<string, string>();
  for (const subscription of kept) {
    const key = sameNameKey(subscription.name);
    if (subscription.status !== 'deleted' && !byName.has(key)) byName.set(key, subscription.name);
  }
  const firstLine = new Map<string, number>();
  let left = Math.max(0, places);
  return rows.map((parsed): PlannedRow => {
    if (!parsed.ok) return { line: parsed.line, action: 'skip', reason: parsed.reason, ...(parsed.name ? { name: parsed.name } : {}) };
    const { row } = parsed;
    const earlier = firstLine.get(row.externalId);
    if (earlier !== undefined) return { line: row.line, action: 'skip', reason: importReasons.sameIdAbove(earlier), row };
    firstLine.set(row.externalId, row.line);
    const match = byExternalId.get(row.externalId);
    if (match) {
      if (match.status === 'deleted') return { line: row.line, action: 'skip', reason: importReasons.inTrash, row };
      const said = keepUnsaid(row, match);
      const changed = changedFields(said, match);
      if (changed.length === 0) return { line: row.line, action: 'skip', reason: importReasons.alreadyImported, row: said };
      return { line: row.line, action: 'update', row: said, id: match.id, reason: changeReason(changed) };
    }
    if (left === 0) return { line: row.line, action: 'skip', reason: limitReason, row };
    left--;
    const sameNameAs = byName.get(sameNameKey(row.name));
    return { line: row.line, action: 'create', row, ...(sameNameAs !== undefined ? { sameNameAs } : {}) };
  });
}
