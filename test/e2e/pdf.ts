import { inflateSync } from 'node:zlib';

/** What a PDF file holds, read as a viewer reads it: its pages' count and the text each page shows. */
export interface PdfContents {
  /** The `/Count` of the page tree. */
  pageCount: number;
  /** Per page content stream (decompressed), the strings its text operators show, in order. */
  pages: string[][];
}

/** WinAnsiEncoding (Windows-1252) bytes 0x80–0x9F, where it differs from Latin-1: byte 0x80 is '€'. */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** The strings of `(…) Tj` operators in a content stream, with PDF's escapes undone, as text. */
function shownStrings(content: string): string[] {
  return [...content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map(([, text]) => {
    const shown = (text ?? '').replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) => {
      if (/^[0-7]/.test(escaped)) return String.fromCharCode(Number.parseInt(escaped, 8));
      return { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[escaped] ?? escaped;
    });
    return shown.replace(/[\x80-\x9f]/g, (byte) => WIN_ANSI_80_9F[byte.charCodeAt(0) - 0x80] ?? byte);
  });
}

/**
 * Reads a PDF as a viewer would start to: the header, the cross-reference table that `startxref`
 * points at (every object where the table says it is), the trailer's `/Size`, the page tree's
 * count, and each page's text (its content streams inflated when Flate-compressed). Throws,
 * naming what is wrong, when the file is not a well-formed PDF.
 */
export function readPdf(bytes: Buffer): PdfContents {
  const file = bytes.toString('latin1');
  if (!file.startsWith('%PDF-')) throw new Error(`Not a PDF: it starts ${JSON.stringify(file.slice(0, 8))}`);
  if (!file.trimEnd().endsWith('%%EOF')) throw new Error('The PDF does not end with %%EOF');
  const startXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(file)?.[1]);
  if (!file.startsWith('xref', startXref)) throw new Error(`startxref ${startXref} does not point at the xref table`);
  const table = /^xref\s+0 (\d+)\s+((?:\d{10} \d{5} [nf]\s*)+)trailer\s*<<([\s\S]*?)>>/.exec(file.slice(startXref));
  if (!table) throw new Error('The xref table or its trailer cannot be read');
  const [, count, entries, trailer] = table;
  const size = Number(/\/Size (\d+)/.exec(trailer ?? '')?.[1]);
  if (size !== Number(count)) throw new Error(`The trailer's /Size ${size} is not the xref table's ${count} entries`);
  const objects = [...(entries ?? '').matchAll(/(\d{10}) (\d{5}) ([nf])/g)];
  if (objects.length !== size) throw new Error(`The xref table lists ${objects.length} objects, not ${size}`);
  objects.forEach(([, offset, , kind], number) => {
    if (kind === 'n' && !file.startsWith(`${number} 0 obj`, Number(offset)))
      throw new Error(`Object ${number} is not at offset ${Number(offset)} as the xref table says`);
  });
  if (!/\/Root \d+ 0 R/.test(trailer ?? '')) throw new Error('The trailer names no /Root');

  const pageCount = Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(file)?.[1]);
  const pages: string[][] = [];
  for (const stream of file.matchAll(/<<([^<>]*)>>\s*stream\r?\n/g)) {
    const dictionary = stream[1] ?? '';
    if (/\/Subtype|\/Type \/(XObject|Metadata)/.test(dictionary)) continue;
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = (stream.index ?? 0) + stream[0].length;
    if (!/^\s*endstream/.test(file.slice(start + length, start + length + 12)))
      throw new Error(`A stream's /Length ${length} does not end where its endstream is`);
    const data = bytes.subarray(start, start + length);
    const content = (dictionary.includes('/FlateDecode') ? inflateSync(data) : data).toString('latin1');
    if (/\bBT\b/.test(content)) pages.push(shownStrings(content));
  }
  return { pageCount, pages };
}
