import { describe, expect, it } from 'vitest';
import { csvField, writeCsv } from '../../shared/domain/csv-writer.js';
import { detectDelimiter, readCsv } from '../../shared/domain/import/csv.js';

describe('the shared CSV reader (issue 24 §6)', () => {
  it('reads RFC 4180: quoted commas, doubled quotes, line breaks inside quotes, CRLF; records keep their first line', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""",plain\r\n"two\r\nlines",,end\r\nlast,row,here';
    expect(readCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'plain'] },
      { line: 3, fields: ['two\r\nlines', '', 'end'] },
      { line: 5, fields: ['last', 'row', 'here'] },
    ]);
  });

  it('unquoted (Wallos): quotes are characters, every comma separates', () => {
    expect(readCsv('"a",b,c\nd,"e,f"', { quoting: false })).toEqual([
      { line: 1, fields: ['"a"', 'b', 'c'] },
      { line: 2, fields: ['d', '"e', 'f"'] },
    ]);
  });

  it('drops a byte-order mark and blank lines, keeps empty trailing fields', () => {
    expect(readCsv('\ufeffa,b\n\n1,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
    ]);
  });

  it('detects ; and tab delimiters from the header, ignoring quoted ones', () => {
    expect(detectDelimiter('Name;Preis;Währung\r\n')).toBe(';');
    expect(detectDelimiter('Name\tPrice\n')).toBe('\t');
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',');
  });

  it('writes fields quoted only when needed, and reads back what it wrote', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    const rows = [
      ['Name', 'Note'],
      ['Tom "T" & Jerry', 'one, two\nthree'],
    ];
    expect(readCsv(writeCsv(rows)).map((r) => r.fields)).toEqual(rows);
  });
});
