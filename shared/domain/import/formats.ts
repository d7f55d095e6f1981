/**
 * The import's formats and the spreadsheet mapping's fields (issue 24 §6), in a module of their own:
 * the API contract names them without carrying the parsers into every bundle that reads the routes.
 */

export const IMPORT_FORMATS = [
  'subscription-tracker-json',
  'subscription-tracker-csv',
  'wallos-json',
  'wallos-csv',
  'subtrackr-json',
  'subtrackr-csv',
  'trackmysubs-csv',
  'generic-csv',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Readonly<Record<ImportFormat, string>> = {
  'subscription-tracker-json': 'Subscription Tracker (JSON export)',
  'subscription-tracker-csv': 'Subscription Tracker (CSV export)',
  'wallos-json': 'Wallos (JSON export)',
  'wallos-csv': 'Wallos (CSV export)',
  'subtrackr-json': 'SubTrackr (JSON export)',
  'subtrackr-csv': 'SubTrackr (CSV export)',
  'trackmysubs-csv': 'TrackMySubs (CSV)',
  'generic-csv': 'Spreadsheet (CSV)',
};

export const MAPPED_FIELDS = ['name', 'amount', 'currency', 'billingCycle', 'dueDate', 'category', 'description'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
/** Our field → the file's column header. */
export type ColumnMapping = Partial<Record<MappedField, string>>;

export const REQUIRED_MAPPED_FIELDS: readonly MappedField[] = ['name', 'amount', 'dueDate'];

export const MAPPED_FIELD_LABELS: Readonly<Record<MappedField, string>> = {
  name: 'Name',
  amount: 'Amount',
  currency: 'Currency',
  billingCycle: 'Billing cycle',
  dueDate: 'Next payment date',
  category: 'Category',
  description: 'Description',
};
