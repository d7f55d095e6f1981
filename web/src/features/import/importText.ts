import type { ImportPreviewRow } from '@shared/api/import';
import type { BadgeTone } from '../../components/ui/Badge';

/** The import dialog's texts (issue 24 §6). */
export const importText = {
  title: 'Import subscriptions',
  description: 'From Wallos, SubTrackr, TrackMySubs, this app’s own export, or a spreadsheet saved as CSV.',
  fileLabel: 'File',
  fileHint: 'A .csv or .json file of at most 1 MB. Nothing is saved until you import.',
  unreadable: 'The file could not be read. Choose it again.',
  undetected: 'We could not tell which format this is: choose it.',
  detected: 'Recognised from the file; change it if it is wrong.',
  previewFailed: 'The preview could not be made. Please try again.',
  commitFailed: 'The import failed. Please try again.',
  noneToImport: 'Nothing to import',
} as const;

export const ACTION_LABELS: Record<ImportPreviewRow['action'], { label: string; tone: BadgeTone }> = {
  create: { label: 'Create', tone: 'success' },
  update: { label: 'Update', tone: 'info' },
  skip: { label: 'Skip', tone: 'neutral' },
};
