/**
 * What other features may use of the import feature (issue 24 §6): the import dialog and the
 * exports, both loaded only when the user asks for them (the dashboard's first visit stays small).
 */

export { downloadExport, type ExportKind } from './exportFiles';
export { ImportDialog } from './ImportDialog';
