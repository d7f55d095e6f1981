/**
 * The CSV reader every import format shares (issue 24 §6). Two dialects:
 * - RFC 4180 (SubTrackr, TrackMySubs, spreadsheets): fields may be quoted, `""` is a quote inside a
 *   quoted field, quoted fields may hold the delimiter and line breaks;
 * - unquoted (Wallos): the file is `values.join(',')` per line, so a quote is an ordinary character
 *   and a comma always separates — a comma inside a value shows up as one field too many.
 * Line ends may be `\n`, `\r\n` or `\r`; a leading byte-order mark is dropped; blank lines are ignored.
 */

export interface CsvRecord {
  /** The file line (1-based) the record starts on. */
  line: number;
  fields: string[];
}

export interface CsvOptions {
  /** `false` for Wallos's unquoted CSV. Default true. */
  quoting?: boolean;
  /** Default `,`. */
  delimiter?: string;
}

export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The records of a CSV text, header included, in file order. */
export function readCsv(text: string, options: CsvOptions = {}): CsvRecord[] {
  const quoting = options.quoting ?? true;
  const delimiter = options.delimiter ?? ',';
  const source = stripByteOrderMark(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (inQuotes) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (c === '\n' || (c === '\r' && source[i + 1] !== '\n')) line++;
        field += c;
      }
      continue;
    }
    if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
      continue;
    }
    if (c === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = false;
      continue;
    }
    if (quoting && c === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
      continue;
    }
    field += c;
    fieldStarted = true;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/**
 * The delimiter of a spreadsheet's CSV: `;` or a tab when its first line has more of them than
 * commas outside quotes (spreadsheets in much of Europe write `;` because `,` is their decimal mark).
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let inQuotes = false;
  for (const c of stripByteOrderMark(text)) {
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (c === '\n' || c === '\r')) break;
    else if (!inQuotes && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** A header name as matched: trimmed, lower case, inner whitespace collapsed ('Auto  Renew ' → 'auto renew'). */
export function headerKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Finds a column by name, case- and spacing-insensitively; -1 when absent. */
export function columnIndex(header: readonly string[], name: string): number {
  const key = headerKey(name);
  return header.findIndex((h) => headerKey(h) === key);
}
