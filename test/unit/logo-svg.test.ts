import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SVG_MAX_BYTES, sanitisedSvg } from '../../functions/lib/logos/svg.js';

/**
 * An uploaded SVG logo is stored only as the sanitiser writes it (functions/lib/logos/svg.ts): the drawing
 * survives, every way to run script or reach outside the document is removed, and what cannot be read
 * strictly (DOCTYPE, CDATA, unknown entities, broken XML, too large, too deep) is refused.
 */

const NS = 'xmlns="http://www.w3.org/2000/svg"';

/** The sanitised text of an SVG given as a string (or bytes), null when refused. */
function clean(input: string | Uint8Array): string | null {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const out = sanitisedSvg(bytes);
  return out === null ? null : new TextDecoder('utf-8', { fatal: true }).decode(out);
}

/** An SVG root around `inner`, with a square drawn so the result is never empty for lack of a drawing. */
const svg = (inner: string, rootAttributes = '') =>
  `<svg ${NS} viewBox="0 0 24 24"${rootAttributes}><rect width="24" height="24"/>${inner}</svg>`;

/** What the sanitiser writes for `svg(inner)` when all of `inner` is dropped. */
const bare = `<svg ${NS} viewBox="0 0 24 24"><rect width="24" height="24"/></svg>`;

const LOGO = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Generator: a drawing program -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" width="24" height="24">
  <title>Acme &amp; Co</title>
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff5f6d"/>
      <stop offset="1" stop-color="#ffc371"/>
    </linearGradient>
  </defs>
  <path d="M12 2 L22 22 H2 Z" fill="url(#g)" fill-rule="evenodd"></path>
  <circle cx='12' cy='14' r='3' fill="#fff" />
</svg>
`;

describe('a real logo', () => {
  it('keeps its drawing: the gradient, the url(#g) fill, the shapes, the title; drops the declaration, comment and whitespace', () => {
    expect(clean(LOGO)).toBe(
      `<svg ${NS} viewBox="0 0 24 24" width="24" height="24"><title>Acme &amp; Co</title>` +
        '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5f6d"/>' +
        '<stop offset="1" stop-color="#ffc371"/></linearGradient></defs>' +
        '<path d="M12 2 L22 22 H2 Z" fill="url(#g)" fill-rule="evenodd"/><circle cx="12" cy="14" r="3" fill="#fff"/></svg>',
    );
  });

  it('is written the same when sanitised again', () => {
    const once = clean(LOGO) ?? '';
    expect(clean(once)).toBe(once);
  });

  it('may start with a byte order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(LOGO)]);
    expect(clean(bytes)).toBe(clean(LOGO));
  });

  it('keeps a same-document xlink:href, declaring the xlink namespace on the root', () => {
    const out = clean(
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0h4"/></defs><use xlink:href="#p" x="2"/></svg>`,
    );
    expect(out).toBe(
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0h4"/></defs><use xlink:href="#p" x="2"/></svg>`,
    );
  });

  it('loses an editor’s extras: prefixed elements, metadata, prefixed attributes, class', () => {
    const out = clean(
      `<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" inkscape:version="1.3" xml:space="preserve">` +
        '<sodipodi:namedview pagecolor="#fff"><inkscape:page x="0"/></sodipodi:namedview>' +
        '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description/></rdf:RDF></metadata>' +
        '<g inkscape:label="Layer 1" inkscape:groupmode="layer" class="layer"><path d="M1 1h2" sodipodi:nodetypes="cc"/></g></svg>',
    );
    expect(out).toBe(`<svg ${NS}><g><path d="M1 1h2"/></g></svg>`);
  });

  it('keeps text only inside title, desc, text and tspan, escaped', () => {
    expect(clean(svg('<g>stray words</g><text x="1">a &lt; b &amp; <tspan>&#60;script&#x3E;</tspan></text><desc>"d"</desc>'))).toBe(
      `<svg ${NS} viewBox="0 0 24 24"><rect width="24" height="24"/><g/><text x="1">a &lt; b &amp; <tspan>&lt;script&gt;</tspan></text><desc>&quot;d&quot;</desc></svg>`,
    );
  });

  it('writes attribute values escaped', () => {
    expect(clean(svg('<text font-family="A &amp; B &quot;C&quot; &lt;D&gt;">x</text>'))).toContain(
      '<text font-family="A &amp; B &quot;C&quot; &lt;D&gt;">x</text>',
    );
  });
});

describe('attacks', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['a script element in capitals', '<SCRIPT>alert(1)</SCRIPT>'],
    ['a script element with xlink', '<script xlink:href="https://evil/x.js"/>'],
    ['a link to javascript:', '<a href="javascript:alert(1)"><path d="M0 0h1"/></a>'],
    [
      'HTML in a foreignObject',
      '<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></div></foreignObject>',
    ],
    ['an external image', '<image href="https://evil/x.png" width="9" height="9"/>'],
    ['a style element with @import', '<style>@import url(https://evil/x.css); path { fill: url(http://evil/y) }</style>'],
    ['an iframe', '<iframe src="https://evil"/>'],
    [
      'an animation that sets an href',
      '<animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/>',
    ],
    ['an feImage', '<feImage href="https://evil/x.png"/>'],
    ['an element of another namespace', '<g xmlns="http://www.w3.org/1999/xhtml"><path d="M0 0h1"/></g>'],
  ])('%s is dropped with its content', (_, inner) => {
    expect(clean(svg(inner))).toBe(bare);
  });

  it('an feImage is dropped from its filter, the blur kept', () => {
    expect(clean(svg('<filter id="f"><feImage href="https://evil/x.png"/><feGaussianBlur stdDeviation="2"/></filter>'))).toContain(
      '<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>',
    );
  });

  it.each([
    ['onload on the root', '<svg onload="alert(1)" viewBox="0 0 24 24"><rect width="24" height="24"/></svg>'],
    ['handlers on shapes', svg('').replace('<rect', '<rect onclick="alert(1)" onmouseover="x()" ONLOAD="y()"')],
    ['a style attribute', svg('').replace('<rect', '<rect style="fill: url(https://evil/x); behavior: url(x.htc)"')],
    ['class and xml:base', svg('').replace('<rect', '<rect class="a" xml:base="https://evil/"')],
  ])('%s is dropped from the element', (_, input) => {
    expect(clean(input)).toBe(bare);
  });

  it.each([
    ['use to another site', '<use href="https://evil/sprite.svg#x"/>'],
    ['use to data:', '<use xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>'],
    ['use to javascript&#58; (a numeric reference)', '<use href="javascript&#58;alert(1)"/>'],
    ['use to &#106;avascript:', '<use xlink:href="&#106;avascript:alert(1)"/>'],
    ['use to a fragment with spaces', '<use href=" #x"/>'],
  ])('the href of %s is dropped', (_, inner) => {
    expect(clean(svg(inner))).toBe(`<svg ${NS} viewBox="0 0 24 24"><rect width="24" height="24"/><use/></svg>`);
  });

  it('decodes numeric references before judging an href', () => {
    expect(clean(svg('<use href="&#35;&#x72;"/>'))).toContain('<use href="#r"/>');
  });

  it.each([
    ['fill', 'url(https://evil/x)'],
    ['fill', 'url(#g) https://evil'],
    ['fill', 'URL(#g)'],
    ['fill', "url('#g')"],
    ['mask', 'url(data:image/png;base64,AAAA)'],
    ['filter', '&#117;rl(https://evil/x)'],
    ['stroke', 'expression(alert(1))'],
    ['fill', 'red;@import x'],
    ['stop-color', '\\72 ed'],
    ['font-family', 'javascript:alert(1)'],
  ])('%s="%s" is dropped', (name, value) => {
    expect(clean(svg(`<path d="M0 0h1" ${name}="${value}"/>`))).toBe(
      `<svg ${NS} viewBox="0 0 24 24"><rect width="24" height="24"/><path d="M0 0h1"/></svg>`,
    );
  });

  it('keeps url(#fragment) with spaces inside the parentheses', () => {
    expect(clean(svg('<path d="M0 0h1" fill="url( #g.1-a_b )"/>'))).toContain('fill="url( #g.1-a_b )"');
  });
});

describe('refused files', () => {
  const laughs =
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
    `<svg ${NS}><text>&lol3;</text></svg>`;

  it.each([
    ['a DOCTYPE with entities (billion laughs)', laughs],
    ['a bare DOCTYPE', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg('')}`],
    ['CDATA', svg('<text><![CDATA[<script>alert(1)</script>]]></text>')],
    ['a stylesheet processing instruction', `<?xml-stylesheet href="https://evil/x.css"?>${svg('')}`],
    ['an XML declaration not at the start', ` <?xml version="1.0"?>${svg('')}`],
    ['an unknown named entity in text', svg('<text>&nbsp;</text>')],
    ['an unknown named entity in an attribute', svg('<path d="M0 0h1" id="&foo;"/>')],
    ['a bare ampersand', svg('<text>a & b</text>')],
    ['a reference to NUL', svg('<text>&#0;</text>')],
    ['a reference beyond Unicode', svg('<text>&#x110000;</text>')],
    ['a control character', svg('<text>\u0001</text>')],
    ['an html root', '<html><body><svg><path d="M0 0h1"/></svg></body></html>'],
    ['a prefixed svg root', '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:path d="M0 0h1"/></svg:svg>'],
    ['an svg root in another namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"><path d="M0 0h1"/></svg>'],
    ['an Svg root', '<Svg><path d="M0 0h1"/></Svg>'],
    ['xlink bound to another namespace', svg('', ' xmlns:xlink="https://evil"')],
    ['nothing', ''],
    ['only whitespace and a comment', '  <!-- no drawing -->  '],
    ['nothing drawable', `<svg ${NS}><defs><linearGradient id="g"/></defs><script>alert(1)</script></svg>`],
  ])('%s', (_, input) => {
    expect(clean(input)).toBeNull();
  });

  it.each([
    ['unbalanced tags', `<svg ${NS}><g><path d="M0 0h1"/></svg>`],
    ['a tag closed in another case', `<svg ${NS}><path d="M0 0h1"/></SVG>`],
    ['an unclosed root', `<svg ${NS}><path d="M0 0h1"/>`],
    ['a stray end tag', `${svg('')}</g>`],
    ['an unterminated tag', `<svg ${NS}><path d="M0 0h1"`],
    ['an unterminated attribute', `<svg ${NS}><path d="M0 0h1/></svg>`],
    ['an unterminated comment', `${svg('')}<!-- and then`],
    ['a < in an attribute value', `<svg ${NS}><path d="M0 0h1" id="a<b"/></svg>`],
    ['an unquoted attribute', `<svg ${NS}><path d=M0/></svg>`],
    ['attributes not apart', `<svg ${NS}><path d="M0 0h1"fill="red"/></svg>`],
    ['a duplicate attribute', `<svg ${NS}><path d="M0 0h1" d="M1 1h1"/></svg>`],
    ['a duplicate root', `${svg('')}${svg('')}`],
    ['text outside the root', `${svg('')} trailing`],
    ['text before the root', `hello ${svg('')}`],
    ['a space after <', `< svg ${NS}><path d="M0 0h1"/></svg>`],
    ['invalid UTF-8', new Uint8Array([...new TextEncoder().encode(svg('<text>')), 0xc3, 0x28, ...new TextEncoder().encode('</text>')])],
  ])('malformed: %s', (_, input) => {
    expect(clean(input)).toBeNull();
  });

  it(`refuses more than SVG_MAX_BYTES (${SVG_MAX_BYTES}), keeps up to it`, () => {
    const base = svg('<!---->');
    const padded = (size: number) => base.replace('<!---->', `<!--${' '.repeat(size - base.length)}-->`);
    expect(new TextEncoder().encode(padded(SVG_MAX_BYTES)).length).toBe(SVG_MAX_BYTES);
    expect(clean(padded(SVG_MAX_BYTES))).toBe(bare);
    expect(clean(padded(SVG_MAX_BYTES + 1))).toBeNull();
  });

  it('refuses nesting deeper than 64 levels, keeps 64', () => {
    const nested = (groups: number) => `<svg ${NS}>${'<g>'.repeat(groups)}<path d="M0 0h1"/>${'</g>'.repeat(groups)}</svg>`;
    expect(clean(nested(62))).not.toBeNull(); // root, 62 groups, the path: 64 levels
    expect(clean(nested(63))).toBeNull();
    expect(clean(nested(10_000))).toBeNull();
  });

  it('refuses more than 20,000 elements, dropped ones counted', () => {
    const many = (count: number) => `<svg ${NS}><path d="M0 0h1"/>${'<x/>'.repeat(count - 2)}</svg>`;
    expect(clean(many(20_000))).not.toBeNull();
    expect(clean(many(20_001))).toBeNull();
  });
});

describe('whatever hostile input', () => {
  /** The namespace declarations the sanitiser itself puts on the root: the only URLs it ever writes. */
  const withoutNamespaces = (out: string) => out.replace(`${NS}`, '').replace('xmlns:xlink="http://www.w3.org/1999/xlink"', '');
  /** What must never be in a stored logo. (A hostile input below must not name patternContentUnits/maskContentUnits: they match on…=.) */
  const DANGER = /<script|on[a-z]+=|javascript:|<foreignObject|<style|https?:/i;

  const FRAGMENTS = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC="https://evil/x.js"></SCRIPT>',
    '<path d="M0 0h1" onload="alert(1)"/>',
    '<rect width="1" height="1" OnClick="alert(1)" fill="url(https://evil)"/>',
    '<a href="javascript:alert(1)"><text>x</text></a>',
    '<a xlink:href="javascript&#58;alert(1)"><path d="M0 0h1"/></a>',
    '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil"/></body></foreignObject>',
    '<image href="https://evil/x.png"/>',
    '<use href="https://evil#x"/>',
    '<use xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>',
    '<use href="&#x6A;avascript:alert(1)"/>',
    '<style>@import url(http://evil/x.css);</style>',
    '<g style="background:url(http://evil)"><circle r="1" filter="url(http://evil#f)"/></g>',
    '<text font-family="x&#x3a;y" fill="&#117;rl(https://evil)">hi</text>',
    '<set attributeName="onload" to="alert(1)"/>',
    '<animate attributeName="href" values="javascript:alert(1)"/>',
    '<svg onload="alert(1)"><path d="M1 1h1"/></svg>',
    '<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    '<text>&lt;style&gt;</text>',
    '<g><path d="M0 0h1" mask="url( #m )" clip-path="url(#c) url(https://evil)"/></g>',
    '<feImage xlink:href="https://evil"/>',
    '<!-- <script>alert(1)</script> -->',
  ];

  it('never yields script, handlers, javascript:, foreignObject, style or a URL', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }), fc.boolean(), (parts, nest) => {
        const inner = nest ? parts.map((part) => `<g>${part}`).join('') + '</g>'.repeat(parts.length) : parts.join('');
        const out = clean(svg(inner));
        if (out !== null) expect(withoutNamespaces(out)).not.toMatch(DANGER);
        expect(out).not.toBeNull(); // every input here is well-formed, with a drawing
      }),
      { numRuns: 300 },
    );
  });

  it.each(FRAGMENTS)('alone: %s', (fragment) => {
    const out = clean(svg(fragment));
    expect(out).not.toBeNull();
    expect(withoutNamespaces(out ?? '')).not.toMatch(DANGER);
  });
});
