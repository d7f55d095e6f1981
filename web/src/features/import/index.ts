/**
 * What other features may use of the import feature (issue 24 §6): the import dialog and the exports.
 * They are part of the dashboard's chunk: a chunk loaded from inside a lazily loaded one makes Vite's
 * bundler move the modules both share with the entry into a chunk of their own, which the landing page
 * would then load first (about 1 KB gzip more, past its 90 KB budget).
 */

export { downloadExport, type ExportKind } from './exportFiles';
export { ImportDialog } from './ImportDialog';
