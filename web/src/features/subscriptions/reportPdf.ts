/**
 * The Yearly Spending report as an A4 PDF (issue 24 §7): the same content as the text report
 * (shared/domain/subscription-report.ts `reportText`) — summary, spending by category, the
 * 5-year projection and every active subscription — laid out as a document: title, date, tables
 * whose header repeats on each page, and the app's name and page number in every page's footer.
 * jsPDF is heavy, so this module is only imported when the user asks for the PDF (its own chunk).
 */
import { CURRENCIES, formatAmount, normalizeCurrency } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { cycleName } from '@shared/domain/subscription-labels';
import { PROJECTION_YEARS, ratesLabel, type YearlyReport } from '@shared/domain/subscription-report';
import { jsPDF } from 'jspdf';
import { APP_NAME } from '../../brand';

export const REPORT_PDF_TITLE = 'Subscription Spending Report';

/** A4 portrait in millimetres. */
const PAGE = { width: 210, height: 297, margin: 18, footer: 12 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where content stops: above the footer. */
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
const PT_TO_MM = 25.4 / 72;
const LINE_FACTOR = 1.25;

const COLORS = {
  brand: [91, 76, 240],
  text: [24, 24, 38],
  muted: [100, 100, 120],
  rule: [214, 214, 226],
  stripe: [246, 246, 251],
  tile: [241, 240, 255],
} as const satisfies Record<string, readonly [number, number, number]>;

/**
 * Stand-ins for characters outside the PDF standard fonts' (WinAnsi): won and rupee signs as their
 * currency codes, letters without a decomposition as their plain letter.
 */
const STAND_INS: Readonly<Record<string, string>> = {
  '\u20a9': 'KRW ',
  '\u20b9': 'INR ',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};
/** The characters of Windows-1252 above Latin-1's, which the standard fonts also have. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char);
}

/**
 * Text as the PDF's standard fonts can show it: tabs and line breaks become spaces, won and rupee
 * signs their codes, a letter those fonts lack its base letter ('ő' → 'o', 'Ł' → 'L'), and any
 * other character outside Windows-1252 (CJK, emoji) a '?'.
 */
export function pdfText(text: string): string {
  return [...text.replace(/[\t\r\n]+/g, ' ')]
    .map((char) => {
      if (inWinAnsi(char)) return char;
      const base = char.normalize('NFD').charAt(0);
      return STAND_INS[char] ?? (base !== char && inWinAnsi(base) ? base : '?');
    })
    .join('');
}

interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

type FontStyle = 'normal' | 'bold';

/** Writes the document top to bottom, starting a page when the next block does not fit. */
class Layout {
  readonly doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  y = PAGE.margin;

  font(size: number, style: FontStyle = 'normal', color: readonly number[] = COLORS.text): void {
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(color[0], color[1], color[2]);
  }

  lineHeight(size: number): number {
    return size * PT_TO_MM * LINE_FACTOR;
  }

  /** Starts a new page unless `height` more millimetres fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  heading(text: string, keepWithNext: number): void {
    const size = 13;
    this.ensure(this.lineHeight(size) + 3 + keepWithNext);
    this.font(size, 'bold');
    this.y += this.lineHeight(size);
    this.doc.text(pdfText(text), PAGE.margin, this.y);
    this.y += 3;
  }

  paragraph(text: string, size = 10, color: readonly number[] = COLORS.muted): void {
    this.font(size, 'normal', color);
    const lines = this.doc.splitTextToSize(pdfText(text), CONTENT_WIDTH) as string[];
    for (const line of lines) {
      this.ensure(this.lineHeight(size));
      this.y += this.lineHeight(size);
      this.doc.text(line, PAGE.margin, this.y);
    }
  }

  /** A table whose cells wrap; its header row is repeated at the top of each page it continues on. */
  table(columns: readonly Column[], rows: readonly string[][]): void {
    const size = 9.5;
    const padX = 2;
    const padY = 1.8;
    const line = this.lineHeight(size);
    const widths = columns.map((c) => c.width * CONTENT_WIDTH);
    const lefts = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
    const cellX = (i: number) => (columns[i]?.align === 'right' ? (lefts[i] ?? 0) + (widths[i] ?? 0) - padX : (lefts[i] ?? 0) + padX);
    const writeRow = (cells: readonly string[][], top: number) => {
      cells.forEach((lines, i) => {
        lines.forEach((text, n) => {
          this.doc.text(text, cellX(i), top + padY + line * (n + 0.8), { align: columns[i]?.align ?? 'left' });
        });
      });
    };
    const headerHeight = line + 2 * padY;
    const header = () => {
      this.font(size, 'bold', COLORS.muted);
      writeRow(
        columns.map((c) => [pdfText(c.header)]),
        this.y,
      );
      this.y += headerHeight;
      this.doc.setDrawColor(COLORS.rule[0], COLORS.rule[1], COLORS.rule[2]);
      this.doc.setLineWidth(0.3);
      this.doc.line(PAGE.margin, this.y, PAGE.margin + CONTENT_WIDTH, this.y);
    };

    this.font(size);
    const wrapped = rows.map((row) =>
      row.map((cell, i) => this.doc.splitTextToSize(pdfText(cell), (widths[i] ?? 0) - 2 * padX) as string[]),
    );
    this.ensure(headerHeight + line + 2 * padY);
    header();
    wrapped.forEach((cells, index) => {
      const height = Math.max(...cells.map((lines) => lines.length)) * line + 2 * padY;
      if (this.ensure(height)) header();
      if (index % 2 === 1) {
        this.doc.setFillColor(COLORS.stripe[0], COLORS.stripe[1], COLORS.stripe[2]);
        this.doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, height, 'F');
      }
      this.font(size);
      writeRow(cells, this.y);
      this.y += height;
    });
    this.doc.setDrawColor(COLORS.rule[0], COLORS.rule[1], COLORS.rule[2]);
    this.doc.line(PAGE.margin, this.y, PAGE.margin + CONTENT_WIDTH, this.y);
  }

  /** The summary's figures as tiles side by side. */
  tiles(items: readonly { label: string; value: string }[]): void {
    const gap = 4;
    const height = 20;
    const width = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
    this.ensure(height);
    items.forEach((item, i) => {
      const x = PAGE.margin + i * (width + gap);
      this.doc.setFillColor(COLORS.tile[0], COLORS.tile[1], COLORS.tile[2]);
      this.doc.roundedRect(x, this.y, width, height, 2, 2, 'F');
      this.font(9, 'normal', COLORS.muted);
      this.doc.text(pdfText(item.label), x + 4, this.y + 7);
      this.font(15, 'bold');
      this.doc.text(pdfText(item.value), x + 4, this.y + 15);
    });
    this.y += height;
  }

  /** Every page's footer: the app's name, the report and its date, and 'Page n of N'. */
  footers(date: string): void {
    const pages = this.doc.getNumberOfPages();
    for (let page = 1; page <= pages; page += 1) {
      this.doc.setPage(page);
      const y = PAGE.height - PAGE.margin + 2;
      this.doc.setDrawColor(COLORS.rule[0], COLORS.rule[1], COLORS.rule[2]);
      this.doc.setLineWidth(0.3);
      this.doc.line(PAGE.margin, y - 6, PAGE.margin + CONTENT_WIDTH, y - 6);
      this.font(8.5, 'normal', COLORS.muted);
      this.doc.text(pdfText(`${APP_NAME} · ${REPORT_PDF_TITLE} · ${formatDateShort(date)}`), PAGE.margin, y);
      this.doc.text(`Page ${page} of ${pages}`, PAGE.margin + CONTENT_WIDTH, y, { align: 'right' });
    }
  }
}

/**
 * The report as a PDF file: what `reportText` holds, amounts formatted as it formats them (totals in
 * the report's currency, each subscription's price as billed), the date in en-US short format (SPEC §9).
 */
export function reportPdf(report: YearlyReport, date: string): Blob {
  const money = (amount: number) => formatAmount(amount, report.currency);
  const { name: currencyName, code } = CURRENCIES[normalizeCurrency(report.currency)];
  const layout = new Layout();
  const { doc } = layout;
  doc.setProperties({ title: REPORT_PDF_TITLE, subject: `Yearly spending as of ${date}`, creator: APP_NAME, author: APP_NAME });

  layout.font(10, 'bold', COLORS.brand);
  layout.y += layout.lineHeight(10);
  doc.text(APP_NAME, PAGE.margin, layout.y);
  layout.font(22, 'bold');
  layout.y += layout.lineHeight(22);
  doc.text(REPORT_PDF_TITLE, PAGE.margin, layout.y);
  layout.y += 1.5;
  layout.paragraph(
    `Generated ${formatDateShort(date)} · Your active subscriptions over a year, in ${currencyName} (${code}) at ${ratesLabel(report.ratesDate)}.`,
  );
  layout.y += 6;

  layout.tiles([
    { label: 'Yearly total', value: money(report.yearlyTotal) },
    { label: 'Monthly average', value: money(report.monthlyAverage) },
    { label: 'Active subscriptions', value: String(report.count) },
  ]);
  layout.y += 4;

  layout.heading('Spending by category (per year)', 12);
  if (report.byCategory.length === 0) layout.paragraph('None', 10, COLORS.text);
  else
    layout.table(
      [
        { header: 'Category', width: 0.6 },
        { header: 'Share', width: 0.15, align: 'right' },
        { header: 'Per year', width: 0.25, align: 'right' },
      ],
      report.byCategory.map((c) => [
        c.label,
        `${report.yearlyTotal > 0 ? Math.round((c.yearly / report.yearlyTotal) * 100) : 0}%`,
        money(c.yearly),
      ]),
    );
  layout.y += 4;

  layout.heading(`${PROJECTION_YEARS}-year projection`, 12);
  layout.table(
    [
      { header: 'Year', width: 0.6 },
      { header: 'Total', width: 0.4, align: 'right' },
    ],
    report.projection.map((p) => [`Year ${p.year}`, money(p.total)]),
  );
  layout.y += 4;

  layout.heading('Subscriptions', 12);
  if (report.rows.length === 0) layout.paragraph('No active subscriptions', 10, COLORS.text);
  else
    layout.table(
      [
        { header: 'Name', width: 0.36 },
        { header: 'Category', width: 0.2 },
        { header: 'Cycle', width: 0.12 },
        { header: 'Amount', width: 0.16, align: 'right' },
        { header: 'Per year', width: 0.16, align: 'right' },
      ],
      report.rows.map((r) => [
        r.name,
        r.label,
        cycleName(r.billingCycle, r.cycleInterval),
        formatAmount(r.amount, r.currency),
        money(r.yearly),
      ]),
    );

  layout.footers(date);
  return doc.output('blob');
}
