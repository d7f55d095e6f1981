/**
 * A logo a user uploads as an SVG, made safe to serve from our own origin (issue 36). The file is served as
 * `image/svg+xml`: shown through `<img>` a script would not run, but opened directly in a tab it would, with
 * our origin's cookies. So nothing of the upload is kept as it came: a small strict XML reader walks it, and
 * a fresh document is written from what it read, keeping only the elements and attributes of an allowlist
 * (shapes, gradients, a few filters, text). No DOM is needed, so it runs as is in Lambda.
 *
 * Refused outright (null): anything that is not well-formed XML, a DOCTYPE or entity declaration (no entity
 * is ever expanded), CDATA, processing instructions, a named reference other than XML's five, a root other
 * than `svg`, more than SVG_MAX_BYTES, more than MAX_DEPTH levels or MAX_ELEMENTS elements, and a result
 * with nothing drawn. Dropped quietly: elements outside the allowlist with everything inside them, and
 * attributes outside it or with a value that could reach outside the document.
 */

/** The most an uploaded SVG may have. */
export const SVG_MAX_BYTES = 512 * 1024;
/** The deepest nesting of elements, the root being level 1. */
const MAX_DEPTH = 64;
/** The most elements, dropped ones included. */
const MAX_ELEMENTS = 20_000;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** The elements kept (case-sensitive, as SVG is). Any other is dropped with its whole subtree. */
const ELEMENTS = new Set(
  [
    'svg g defs title desc symbol use path rect circle ellipse line polyline polygon text tspan',
    'linearGradient radialGradient stop clipPath mask pattern filter feGaussianBlur feOffset feBlend',
    'feColorMatrix feComposite feFlood feMerge feMergeNode feMorphology',
  ]
    .join(' ')
    .split(' '),
);

/** The kept elements that draw something; a result without one is refused. */
const DRAWABLE = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'use']);

/** The elements whose text is kept; text anywhere else is dropped. */
const TEXT_HOLDERS = new Set(['title', 'desc', 'text', 'tspan']);

/**
 * The attributes kept: geometry and presentation only. Not `style` or `class` (CSS can fetch), no `on*`
 * handler. `xmlns` and `xmlns:xlink` are not copied: the root is given its own declarations.
 */
const ATTRIBUTES = new Set(
  [
    'id viewBox width height x y x1 y1 x2 y2 cx cy r rx ry d points transform',
    'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin stroke-miterlimit',
    'stroke-dasharray stroke-dashoffset opacity clip-path clip-rule mask filter offset stop-color stop-opacity',
    'gradientUnits gradientTransform spreadMethod fx fy patternUnits patternContentUnits patternTransform',
    'maskUnits maskContentUnits clipPathUnits filterUnits primitiveUnits preserveAspectRatio',
    'font-family font-size font-weight font-style text-anchor dominant-baseline letter-spacing dx dy',
    'in in2 result stdDeviation mode type values operator k1 k2 k3 k4 radius flood-color flood-opacity',
    'version href xlink:href display visibility color',
  ]
    .join(' ')
    .split(' '),
);

/** A reference to an element of the same document, the only thing `href` may hold. */
const FRAGMENT = /^#[A-Za-z0-9_.-]+$/;
/** The only `url(…)` a value may be: one to an element of the same document. */
const URL_REFERENCE = /^url\(\s*#[A-Za-z0-9_.-]+\s*\)$/;
/**
 * What no kept value may contain (compared without whitespace, lowercased). No allowed attribute needs a
 * colon, so one drops every scheme (`https:`, `javascript:`, `data:`…), not only those named.
 */
const FORBIDDEN = ['javascript:', 'data:', 'expression(', '@import', '\\', ':'];

/** An XML name, ASCII only: a prefixed one (`inkscape:label`) keeps its colon. */
const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
/** A reference: numeric, or one of XML's five. Anything else after `&` refuses the file. */
const REFERENCE = /&(?:#x([0-9A-Fa-f]{1,6});|#([0-9]{1,7});|(amp|lt|gt|quot|apos);)?/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** A character XML does not allow (controls, U+FFFE, U+FFFF). */
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Thrown inside the reader when the file is refused; sanitisedSvg turns it into null. */
class Refused extends Error {}
function refuse(): never {
  throw new Refused('not a safe SVG');
}

/** An element open while reading: `kept` when it and every element around it are written out. */
interface Open {
  name: string;
  kept: boolean;
  /** Whether its start tag was closed with `>` (something was written inside it). */
  hasContent: boolean;
}

/** Where the reader is and what it has written. */
interface Reader {
  src: string;
  pos: number;
  stack: Open[];
  out: string[];
  elements: number;
  drawables: number;
  rootClosed: boolean;
  usesXlink: boolean;
}

/** The SVG made safe to serve from our origin, or null when the bytes are not an SVG we can make safe. */
export function sanitisedSvg(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length > SVG_MAX_BYTES) return null;
  const src = decodedUtf8(bytes);
  if (src === null || NOT_XML_CHAR.test(src)) return null;
  try {
    const written = rewritten(src);
    return written === null ? null : new TextEncoder().encode(written);
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}

/** The text of UTF-8 bytes (a leading BOM is dropped), or null when they are not valid UTF-8. */
function decodedUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Reads the whole document and writes the safe one; null when nothing drawable is left. */
function rewritten(src: string): string | null {
  const r: Reader = { src, pos: 0, stack: [], out: [], elements: 0, drawables: 0, rootClosed: false, usesXlink: false };
  if (/^<\?xml[ \t\r\n]/.test(src)) skipPast(r, '<?xml', '?>');
  while (r.pos < src.length) {
    if (src.startsWith('<!--', r.pos)) skipPast(r, '<!--', '-->');
    // Any other `<!` or `<?`: a DOCTYPE, an ENTITY, CDATA, a processing instruction.
    else if (src.startsWith('<!', r.pos) || src.startsWith('<?', r.pos)) refuse();
    else if (src.startsWith('</', r.pos)) endTag(r);
    else if (src[r.pos] === '<') startTag(r);
    else text(r);
  }
  if (!r.rootClosed) refuse(); // no root, or one left open
  if (r.drawables === 0) return null;
  // The root's start was written as `<svg`: its namespace declarations are ours, whatever the upload said.
  r.out[0] = `<svg xmlns="${SVG_NS}"${r.usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`;
  return r.out.join('');
}

/** Moves past what `start` opens up to its `end` (the XML declaration, a comment: dropped); refuses an unterminated one. */
function skipPast(r: Reader, start: string, end: string): void {
  const at = r.src.indexOf(end, r.pos + start.length);
  if (at < 0) refuse();
  r.pos = at + end.length;
}

/** The name at the reader's position, moving past it; refuses when there is none. */
function readName(r: Reader): string {
  NAME.lastIndex = r.pos;
  const match = NAME.exec(r.src);
  if (!match) refuse();
  r.pos = NAME.lastIndex;
  return match[0];
}

/** Moves past spaces, tabs and line ends; whether there were any. */
function skipSpace(r: Reader): boolean {
  const start = r.pos;
  while (r.pos < r.src.length && ' \t\r\n'.includes(r.src[r.pos])) r.pos++;
  return r.pos > start;
}

/** A start tag: checks where it stands, then opens the element (and closes it at once when it is empty). */
function startTag(r: Reader): void {
  r.pos++;
  const name = readName(r);
  const { attributes, selfClosing } = readAttributes(r);
  if (r.rootClosed) refuse(); // a second root
  if (++r.elements > MAX_ELEMENTS || r.stack.length >= MAX_DEPTH) refuse();
  const parent = r.stack.at(-1);
  const namespace = attributes.get('xmlns');
  if (!parent && (name !== 'svg' || (namespace !== undefined && namespace !== SVG_NS))) refuse();
  const kept = (parent?.kept ?? true) && ELEMENTS.has(name) && (namespace === undefined || namespace === SVG_NS);
  if (kept) {
    if (parent) openContent(r, parent);
    r.out.push(`<${name}`, keptAttributes(r, attributes));
    if (DRAWABLE.has(name)) r.drawables++;
  }
  r.stack.push({ name, kept, hasContent: false });
  if (selfClosing) closeElement(r);
}

/** The attributes of a start tag, their references decoded, up to and past its `>` or `/>`. */
function readAttributes(r: Reader): { attributes: Map<string, string>; selfClosing: boolean } {
  const attributes = new Map<string, string>();
  for (;;) {
    const spaced = skipSpace(r);
    if (r.src.startsWith('/>', r.pos) || r.src[r.pos] === '>') {
      const selfClosing = r.src[r.pos] === '/';
      r.pos += selfClosing ? 2 : 1;
      return { attributes, selfClosing };
    }
    if (!spaced) refuse(); // attributes must be apart, and the tag must end
    const name = readName(r);
    skipSpace(r);
    if (r.src[r.pos] !== '=') refuse();
    r.pos++;
    skipSpace(r);
    const value = readQuoted(r);
    if (attributes.has(name)) refuse();
    if (name === 'xmlns:xlink' && value !== XLINK_NS) refuse(); // `xlink:` would then mean something else
    attributes.set(name, value);
  }
}

/** A quoted attribute value, its references decoded; refuses an unquoted or unterminated one, or a `<` in it. */
function readQuoted(r: Reader): string {
  const quote = r.src[r.pos];
  if (quote !== '"' && quote !== "'") refuse();
  const end = r.src.indexOf(quote, r.pos + 1);
  if (end < 0) refuse();
  const raw = r.src.slice(r.pos + 1, end);
  if (raw.includes('<')) refuse();
  r.pos = end + 1;
  return decodedReferences(raw);
}

/** The attributes of the allowlist whose values are safe, written out (` name="value"`…). */
function keptAttributes(r: Reader, attributes: Map<string, string>): string {
  let written = '';
  for (const [name, value] of attributes) {
    if (!keepsAttribute(name, value)) continue;
    if (name === 'xlink:href') r.usesXlink = true;
    written += ` ${name}="${escaped(value)}"`;
  }
  return written;
}

/** Whether an attribute is kept: on the allowlist, an href only to this document, no way out in its value. */
function keepsAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name === 'href' || name === 'xlink:href') return FRAGMENT.test(value);
  const squashed = value.replace(/\s/g, '').toLowerCase();
  if (FORBIDDEN.some((word) => squashed.includes(word))) return false;
  return !squashed.includes('url(') || URL_REFERENCE.test(value);
}

/** An end tag: must close the element open last. */
function endTag(r: Reader): void {
  r.pos += 2;
  const name = readName(r);
  skipSpace(r);
  if (r.src[r.pos] !== '>' || r.stack.at(-1)?.name !== name) refuse();
  r.pos++;
  closeElement(r);
}

/** Closes the element open last: `/>` when nothing was written inside it. */
function closeElement(r: Reader): void {
  const open = r.stack.pop();
  if (open?.kept) r.out.push(open.hasContent ? `</${open.name}>` : '/>');
  if (r.stack.length === 0) r.rootClosed = true;
}

/** Ends an open element's start tag with `>`, before the first thing written inside it. */
function openContent(r: Reader, open: Open): void {
  if (open.hasContent) return;
  r.out.push('>');
  open.hasContent = true;
}

/** Text up to the next tag: only whitespace outside the root; written only inside a kept text holder. */
function text(r: Reader): void {
  const end = r.src.indexOf('<', r.pos);
  const raw = r.src.slice(r.pos, end < 0 ? undefined : end);
  r.pos += raw.length;
  const open = r.stack.at(-1);
  if (!open) {
    if (!/^[ \t\r\n]*$/.test(raw)) refuse();
    return;
  }
  const decoded = decodedReferences(raw); // checked even where it is dropped
  if (!open.kept || !TEXT_HOLDERS.has(open.name) || decoded === '') return;
  openContent(r, open);
  r.out.push(escaped(decoded));
}

/** Text with its references replaced by their characters; refuses any other `&` and a character XML forbids. */
function decodedReferences(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(REFERENCE, (_, hex: string | undefined, decimal: string | undefined, named: string | undefined) => {
    if (named) return NAMED[named];
    if (hex === undefined && decimal === undefined) refuse();
    const code = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
    const character = code <= 0x10ffff ? String.fromCodePoint(code) : refuse();
    return NOT_XML_CHAR.test(character) ? refuse() : character;
  });
}

/** Text or an attribute value escaped for writing between tags or within double quotes. */
function escaped(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ESCAPES[c]);
}
