import { routes } from '@shared/api';
import type { SubscriptionWithPayments } from '@shared/api/account';
import type { Subscription } from '@shared/api/subscription';
import { localToday } from '@shared/domain/dates';
import { exportCsv, exportJson } from '@shared/domain/import/subscription-tracker';
import { api } from '../../api/client';
import { downloadText } from '../../lib/browserFiles';

export type ExportKind = 'csv' | 'json';

/** The export's file name, dated like the other downloads: subscriptions-YYYY-MM-DD.csv or .json. */
export const exportFileName = (kind: ExportKind, today: string = localToday()) => `subscriptions-${today}.${kind}`;

/** Every subscription with its payments: the pages of GET /api/auth/export's subscriptions (issue 35 §2.9). */
async function subscriptionsWithPayments(): Promise<SubscriptionWithPayments[]> {
  const first = await api(routes.exportData);
  const subscriptions = [...first.subscriptions];
  for (let after = first.next.subscriptionsAfter; after; ) {
    const page = await api(routes.exportData, { query: { subscriptionsAfter: after } });
    subscriptions.push(...page.subscriptions);
    after = page.next.subscriptionsAfter;
  }
  return subscriptions;
}

/**
 * Saves the user's subscriptions (not the trash) as this product's CSV or full JSON, which the import
 * reads back to the same data (issue 24 §6). The CSV is made from the list the dashboard already holds;
 * the JSON asks the export route for the subscriptions with their payments (paid with the amount
 * charged, skipped), so they go out and come back in (issue 35 §2.9).
 */
export async function downloadExport(kind: ExportKind, subscriptions: readonly Subscription[]): Promise<void> {
  if (kind === 'csv') downloadText(exportCsv(subscriptions), exportFileName('csv'), 'text/csv', true);
  else downloadText(exportJson(await subscriptionsWithPayments(), new Date().toISOString()), exportFileName('json'), 'application/json');
}
