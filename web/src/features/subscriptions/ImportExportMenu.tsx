import type { Subscription } from '@shared/api/subscription';
import { ArrowDownUp, FileDown, FileUp } from 'lucide-react';
import { MenuButton } from '../../components/ui/MenuButton';
import { useToast } from '../../components/ui/Toast';
import { downloadExport } from '../import';

export const exportFailed = 'The export could not be made. Please try again.';

/**
 * 'Import / Export' beside the list's heading (issue 24 §6): the import dialog, and the user's
 * subscriptions saved as CSV or as the full JSON, both of which the import reads back.
 */
export function ImportExportMenu({ subscriptions, onImport }: { subscriptions: readonly Subscription[]; onImport: () => void }) {
  const toast = useToast();
  const exportAs = (kind: 'csv' | 'json') => {
    Promise.resolve()
      .then(() => downloadExport(kind, subscriptions))
      .catch(() => toast.error(exportFailed));
  };
  const empty = !subscriptions.some((s) => s.status !== 'deleted');
  const emptyHint = empty ? 'No subscriptions to export yet' : undefined;
  return (
    <MenuButton
      label="Import / Export subscriptions"
      items={[
        { label: 'Import from a file…', icon: <FileUp aria-hidden="true" />, onSelect: onImport },
        {
          label: 'Export as CSV',
          icon: <FileDown aria-hidden="true" />,
          onSelect: () => exportAs('csv'),
          disabled: empty,
          title: emptyHint,
        },
        {
          label: 'Export as JSON',
          icon: <FileDown aria-hidden="true" />,
          onSelect: () => exportAs('json'),
          disabled: empty,
          title: emptyHint,
        },
      ]}
    >
      <ArrowDownUp aria-hidden="true" />
      Import / Export
    </MenuButton>
  );
}
