/**
 * The iCalendar text format (RFC 5545 §3.1, §3.3.11), written by hand: content lines ended by CRLF,
 * folded at 75 octets (octets of UTF-8, never inside a character), TEXT values escaped. Pure; the
 * calendar feed (shared/domain/calendar-feed.ts) builds its components with it.
 */

export const CRLF = '\r\n';
/** The longest content line, in octets, without its CRLF (RFC 5545 §3.1). */
export const MAX_LINE_OCTETS = 75;

/** A component (`VCALENDAR`, `VEVENT`, `VALARM`): its content lines, unfolded, then the components inside it. */
export interface CalendarComponent {
  name: string;
  /** Whole content lines such as `SUMMARY:Netflix`, values already escaped where they are TEXT. */
  lines: string[];
  components?: CalendarComponent[];
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as `\n`;
 * other control characters, which TEXT may not hold, dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .split('')
    .filter((char) => char === '\t' || (char >= ' ' && char !== '\u007f'))
    .join('');
}

/** Octets of one character in UTF-8. */
function octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code < 0x10000 ? 3 : 4;
}

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets, each continuation line
 * starting with one space (which counts), a break never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const n = octets(char);
    if (size + n > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** A component as iCalendar text: BEGIN, its folded lines, its components, END; every line ended by CRLF. */
export function serializeComponent(component: CalendarComponent): string {
  return [
    `BEGIN:${component.name}${CRLF}`,
    ...component.lines.map((line) => `${foldLine(line)}${CRLF}`),
    ...(component.components ?? []).map(serializeComponent),
    `END:${component.name}${CRLF}`,
  ].join('');
}

/** A calendar date (YYYY-MM-DD) as a DATE value: `20270131`. */
export const dateValue = (date: string) => date.replaceAll('-', '');

/** An instant (ISO 8601) as a UTC DATE-TIME value: `20270131T080000Z`. */
export function utcDateTimeValue(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}
