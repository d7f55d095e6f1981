import * as z from 'zod/mini';
import { IMPORT_FORMATS, MAPPED_FIELDS, type MappedField } from '../domain/import/formats.js';
import type { ImportCounts } from '../domain/import/plan.js';
import { canRaiseLimitByUpgrading, subscriptionLimit } from '../domain/subscription-limits.js';
import { route } from './contract.js';

/** The largest file an import reads (issue 24 §6): far beyond any tracker's export of 2,000 subscriptions. */
export const IMPORT_MAX_FILE_BYTES = 1024 * 1024;
/** The most rows one import reads: Premium's ceiling (shared/domain/subscription-limits.ts). */
export const IMPORT_MAX_ROWS = 2000;
/** The request may carry the file with JSON's escapes (a line break is two characters, a quote two). */
const IMPORT_MAX_BODY_BYTES = 3 * IMPORT_MAX_FILE_BYTES;

export const importMessages = {
  formatInvalid: 'Choose the file’s format',
  fileRequired: 'Choose a file to import',
  fileTooLarge: 'The file is larger than 1 MB. Split it into smaller files.',
  tooManyRows: 'The file has more than 2,000 rows. Split it into smaller files.',
  mappingInvalid: 'Each field is mapped to a column name of at most 200 characters',
  symbolsInvalid: 'Each currency symbol is answered with a currency code such as EUR',
  changedMeanwhile: 'Your subscriptions changed while importing. Preview the file again.',
} as const;

/** The reason a row past the user's subscription ceiling is skipped (shared/domain/subscription-limits.ts). */
export function pastLimitReason(role: string): string {
  const limit = subscriptionLimit(role).toLocaleString('en-US');
  return canRaiseLimitByUpgrading(role)
    ? `Over your plan’s limit of ${limit} subscriptions (those in the trash count too)`
    : `Over the limit of ${limit} subscriptions (those in the trash count too)`;
}

/**
 * The preview's note on a row to be created under the name of a subscription the user already has
 * (issue 35 §2.16): importing it makes a second one, which may be a duplicate.
 */
export function sameNameNote(existingName: string): string {
  return `You already have a subscription named “${existingName}”: importing this row adds a second one`;
}

/**
 * The answer to a commit: what was done, in words and numbers, a list the dialog ends with the skipped
 * count ('(1 skipped).'); and how many of the new ones took the name of a subscription the user already
 * had (issue 35 §2.16), so a duplicate is looked for: '2 subscriptions imported, 1 new one named like a
 * subscription you already had'.
 */
export function importedMessage({ create, update }: Pick<ImportCounts, 'create' | 'update'>, sameNames = 0): string {
  const parts = [`${create} subscription${create === 1 ? '' : 's'} imported`];
  if (update > 0) parts.push(`${update} updated`);
  if (sameNames === 1) parts.push('1 new one named like a subscription you already had');
  else if (sameNames > 1) parts.push(`${sameNames} new ones named like subscriptions you already had`);
  return parts.join(', ');
}

/**
 * The answer to a commit that stopped part-way (issue 34 §6): what was done, and how to finish. The
 * rows already imported are recognised by their external ids when the same file is imported again.
 */
export function importInterruptedMessage(done: ImportCounts): string {
  return `The import stopped part-way: ${importedMessage(done)}. Import the same file again to finish; what is already imported is recognised and not imported twice.`;
}

const m = importMessages;

const mapping = z.object(
  Object.fromEntries(
    MAPPED_FIELDS.map((field) => [
      field,
      z.optional(z.string({ error: m.mappingInvalid }).check(z.maxLength(200, { error: m.mappingInvalid }))),
    ]),
  ) as Record<MappedField, z.ZodMiniOptional<z.ZodMiniString>>,
  { error: m.mappingInvalid },
);

export const importBody = z.object({
  format: z.enum(IMPORT_FORMATS, { error: m.formatInvalid }),
  fileText: z.string({ error: m.fileRequired }).check(z.minLength(1, { error: m.fileRequired })),
  mapping: z.optional(mapping),
  symbolCurrencies: z.optional(
    z
      .record(
        z
          .string({ error: m.symbolsInvalid })
          .check(z.minLength(1, { error: m.symbolsInvalid }), z.maxLength(10, { error: m.symbolsInvalid })),
        z.string({ error: m.symbolsInvalid }).check(z.regex(/^[A-Z]{3}$/, { error: m.symbolsInvalid })),
        { error: m.symbolsInvalid },
      )
      .check(z.refine((answers) => Object.keys(answers).length <= 50, { error: m.symbolsInvalid })),
  ),
});

export type ImportInput = z.input<typeof importBody>;

/** A row as it would be imported: the subscription's fields, and the id it is recognised by next time. */
export interface ImportedSubscription {
  externalId: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  category: string;
  dueDate: string;
  billingCycle: 'weekly' | 'monthly' | 'quarterly' | 'yearly';
  cycleInterval: number;
  autoRenew: boolean;
  status: 'active' | 'canceled';
  trialEndsAt: string | null;
  endsAt: string | null;
  noticeDays: number | null;
  /** The last day to cancel as the file gives it, a date (issue 35 §2.5); absent when the file has none. */
  cancelByDate?: string | null;
  /** Its website, http or https (issue 36 §2); absent when the file has none. */
  url?: string | null;
}

export interface ImportPreviewRow {
  /** The file line the row starts on (CSV), or its position in the list from 1 (JSON). */
  line: number;
  action: 'create' | 'update' | 'skip';
  /** Why it is skipped, what changed for an update, or, for a create, that a subscription of that name is already there ({@link sameNameNote}). */
  reason?: string;
  /** The name of a row skipped before it could become a subscription, when it was read. */
  name?: string;
  /** Absent when the row could not be read. */
  subscription?: ImportedSubscription;
}

export interface ImportPreview {
  rows: ImportPreviewRow[];
  /** The file's currency symbols that name several currencies (or none known): ask the user once for each. */
  ambiguousSymbols: string[];
  counts: ImportCounts;
}

export interface ImportResult {
  message: string;
  counts: ImportCounts;
}

export const importRoutes = {
  previewImport: route<ImportPreview>()({
    method: 'POST',
    path: '/api/import/preview',
    area: 'import',
    access: 'user',
    body: importBody,
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  }),
  commitImport: route<ImportResult>()({
    method: 'POST',
    path: '/api/import/commit',
    area: 'import',
    access: 'user',
    body: importBody,
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  }),
} as const;
