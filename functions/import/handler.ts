import type { ParsedBodyOf } from '../../shared/api/contract.js';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreviewRow,
  importedMessage,
  importInterruptedMessage,
  importMessages,
  importRoutes,
  pastLimitReason,
  sameNameNote,
} from '../../shared/api/import.js';
import { applyPriceEdit, MAX_PRICE_CHANGES, priceHistoryOf, tooManyPricesMessage } from '../../shared/domain/billing.js';
import { isBillingCurrency, normalizeCurrency } from '../../shared/domain/currency.js';
import { parseCalendarDate, todayIn } from '../../shared/domain/dates.js';
import { countActions, exportedIdOf, type ImportRow, type PlannedRow, parseImport, planImport } from '../../shared/domain/import/index.js';
import { effectiveMembership } from '../../shared/domain/membership.js';
import { subscriptionLimit } from '../../shared/domain/subscription-limits.js';
import { createApiHandler } from '../lib/auth/signed-in-api.js';
import { now } from '../lib/chassis/clock.js';
import { badRequest, conflict, HttpError } from '../lib/chassis/errors.js';
import { membershipOf } from '../lib/membership/membership.js';
import { priceEditProblem } from '../lib/sharing/shared-view.js';
import { recordPayment } from '../lib/subscriptions/payments.js';
import {
  createSubscriptions,
  listSubscriptions,
  type SubscriptionFields,
  type SubscriptionItem,
  SubscriptionLimitError,
  toSubscription,
  transition,
} from '../lib/subscriptions/subscriptions.js';
import { recordActivity } from '../lib/users/activity.js';
import type { UserItem } from '../lib/users/user-item.js';

type ImportBody = ParsedBodyOf<typeof importRoutes.previewImport>;

/** The stored fields of a new subscription from an imported row: one price from its next payment (or today when that is later), anchored on its day. */
function createdFields(row: ImportRow, today: string): SubscriptionFields {
  const priceHistory = row.priceHistory ?? [
    { amount: row.amount, currency: row.currency, effectiveFrom: row.dueDate < today ? row.dueDate : today },
  ];
  return { ...sharedFields(row), priceHistory, anchorDay: row.anchorDay ?? parseCalendarDate(row.dueDate)?.day ?? 1 };
}

/** The fields an import sets on a subscription either way. */
function sharedFields(row: ImportRow) {
  return {
    name: row.name,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    category: row.category,
    dueDate: row.dueDate,
    billingCycle: row.billingCycle,
    cycleInterval: row.cycleInterval,
    trialEndsAt: row.trialEndsAt,
    endsAt: row.endsAt,
    noticeDays: row.noticeDays,
    cancelByDate: row.cancelByDate ?? null,
    url: row.url ?? null,
    autoRenew: row.autoRenew,
    externalId: row.externalId,
  };
}

/**
 * The stored fields after a re-import changed a row: a new price is a price change from the row's next
 * payment (issue 24 §2: the file tells what the next payment costs); this product's own JSON brings its
 * whole price history. A new next payment sets a new anchor day.
 */
function updatedFields(row: ImportRow, current: SubscriptionItem): SubscriptionFields {
  const history = priceHistoryOf(current);
  const latest = history.at(-1);
  const priceHistory =
    row.priceHistory ??
    (latest?.amount === row.amount && latest.currency === row.currency ? history : applyPriceEdit(history, row, row.dueDate));
  const anchorDay =
    row.anchorDay ??
    (row.dueDate === current.dueDate && current.anchorDay ? current.anchorDay : (parseCalendarDate(row.dueDate)?.day ?? 1));
  return { ...sharedFields(row), priceHistory, anchorDay };
}

/** How many of a row's payments are written at once. */
const PAYMENTS_AT_ONCE = 25;

/**
 * The payments of this product's JSON export, recorded on the subscription a row became (issue 35 §2.9).
 * A renewal the subscription has a record of already keeps it: an import never erases what is there.
 */
async function recordImportedPayments(userId: string, subscriptionId: string, row: ImportRow | undefined): Promise<void> {
  const payments = row?.payments ?? [];
  for (let start = 0; start < payments.length; start += PAYMENTS_AT_ONCE) {
    await Promise.all(
      payments.slice(start, start + PAYMENTS_AT_ONCE).map((payment) => recordPayment(userId, subscriptionId, payment, { onlyIfNew: true })),
    );
  }
}

/** The preview's view of a planned row: its action, its reason, and the subscription as it would be imported. */
function previewRow(planned: PlannedRow): ImportPreviewRow {
  const base = { line: planned.line, action: planned.action };
  const reason =
    planned.action !== 'create'
      ? { reason: planned.reason }
      : planned.sameNameAs !== undefined
        ? { reason: sameNameNote(planned.sameNameAs) }
        : {};
  if (!planned.row) return { ...base, ...reason, ...(planned.action === 'skip' && planned.name ? { name: planned.name } : {}) };
  const { line: _line, priceHistory: _history, anchorDay: _anchor, unsaid: _unsaid, payments: _payments, ...subscription } = planned.row;
  return { ...base, ...reason, subscription };
}

/**
 * Reads the file and plans each row against the user's subscriptions: 413 for a file over 1 MB, 400 for
 * one this format cannot read or with more than 2,000 rows. The user's effective role gives the ceiling;
 * every subscription the user keeps counts, the trash too.
 */
async function planFor(user: UserItem, body: ImportBody) {
  if (Buffer.byteLength(body.fileText, 'utf8') > IMPORT_MAX_FILE_BYTES) throw new HttpError(413, importMessages.fileTooLarge);
  const parsed = parseImport({
    ...body,
    defaultCurrency: normalizeCurrency(user.currencyPreference),
    isCurrency: isBillingCurrency,
  });
  if (!parsed.ok) throw badRequest(parsed.message);
  if (parsed.rows.length > IMPORT_MAX_ROWS) throw badRequest(importMessages.tooManyRows);
  const kept = await listSubscriptions(user.id);
  const byId = new Map(kept.map((item) => [item.id, item]));
  const role = effectiveMembership(membershipOf(user), now()).role;
  const limit = subscriptionLimit(role);
  const planned = planImport(parsed.rows, kept.map(toSubscription), limit - kept.length, pastLimitReason(role), exportedIdOf);
  // A re-imported price added to a history already at the bound is refused here, at the preview (issue 34 §6).
  for (const p of planned) {
    const current = p.action === 'update' ? byId.get(p.id) : undefined;
    if (p.action === 'update' && current && updatedFields(p.row, current).priceHistory.length > MAX_PRICE_CHANGES)
      throw badRequest(`Line ${p.line}: ${tooManyPricesMessage}`);
  }
  return { planned, ambiguousSymbols: parsed.ambiguousSymbols, byId, limit };
}

/** The import area (issue 24 §6): a preview of what a file would do, and the commit that does it. */
export const handler = createApiHandler(importRoutes, {
  previewImport: async ({ user, body }) => {
    const { planned, ambiguousSymbols } = await planFor(user, body);
    return { rows: planned.map(previewRow), ambiguousSymbols, counts: countActions(planned) };
  },

  commitImport: async ({ user, body, log }) => {
    const { planned, byId, limit } = await planFor(user, body);
    // A re-imported price must still split a shared subscription's fixed shares (issue 26): refused before any write.
    for (const p of planned) {
      if (p.action !== 'update') continue;
      const current = byId.get(p.id);
      const problem = current && priceEditProblem(current, p.row.amount, p.row.currency);
      if (problem) throw badRequest(problem);
    }
    const today = todayIn('UTC', now());
    const createdRows = planned.flatMap((p) => (p.action === 'create' ? [p.row] : []));
    const creates = createdRows.map((row) => ({ fields: createdFields(row, today), status: row.status }));
    // Up to 2,000 rows cannot be one transaction: the commit writes in steps, and a step that fails
    // after others succeeded answers what was done. Importing the same file again finishes it: the rows
    // already imported are recognised by their external ids (issue 34 §6).
    const done = { create: 0, update: 0, skip: 0 };
    try {
      const created = await createSubscriptions(user.id, creates, limit, (count) => {
        done.create += count;
      });
      for (const [i, item] of created.entries()) await recordImportedPayments(user.id, item.id, createdRows[i]);
      for (const p of planned) {
        if (p.action !== 'update') continue;
        const current = byId.get(p.id);
        if (!current) continue;
        const fields = updatedFields(p.row, current);
        const updated = await transition(current, ['active', 'canceled'], fields);
        if (!updated) throw conflict(importMessages.changedMeanwhile);
        await recordImportedPayments(user.id, current.id, p.row);
        done.update++;
      }
    } catch (error) {
      const refused = error instanceof SubscriptionLimitError ? conflict(importMessages.changedMeanwhile) : error;
      if (done.create + done.update === 0) throw refused;
      await recordActivity(user.id, 'subscriptions_imported', user.username, { format: body.format, ...done, interrupted: true });
      log.error('import interrupted', { ...done, error: String(error) });
      throw new HttpError(refused instanceof HttpError ? refused.status : 503, importInterruptedMessage(done));
    }
    const counts = countActions(planned);
    if (counts.create + counts.update > 0) {
      await recordActivity(user.id, 'subscriptions_imported', user.username, { format: body.format, ...counts });
    }
    const sameNames = planned.filter((p) => p.action === 'create' && p.sameNameAs !== undefined).length;
    return { message: importedMessage(counts, sameNames), counts };
  },
});
