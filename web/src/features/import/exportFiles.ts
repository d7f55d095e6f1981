import type { Subscription } from '@shared/api/subscription';
import { localToday } from '@shared/domain/dates';
import { exportCsv, exportJson } from '@shared/domain/import/subscription-tracker';
import { downloadText } from '../../lib/browserFiles';

export type ExportKind = 'csv' | 'json';

/** The export's file name, dated like the other downloads: subscriptions-YYYY-MM-DD.csv or .json. */
export const exportFileName = (kind: ExportKind, today: string = localToday()) => `subscriptions-${today}.${kind}`;

/**
 * Saves the user's subscriptions (not the trash) as this product's CSV or full JSON, which the import
 * reads back to the same data (issue 24 §6). Made from the list the dashboard already holds.
 */
export function downloadExport(kind: ExportKind, subscriptions: readonly Subscription[]): void {
  if (kind === 'csv') downloadText(exportCsv(subscriptions), exportFileName('csv'), 'text/csv', true);
  else downloadText(exportJson(subscriptions, new Date().toISOString()), exportFileName('json'), 'application/json');
}
