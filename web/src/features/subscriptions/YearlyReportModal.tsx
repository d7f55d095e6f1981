import type { Subscription } from '@shared/api/subscription';
import { type Category, categoryColorsIn } from '@shared/domain/categories';
import { CURRENCIES, type CurrencyCode, formatAmount, type RateTable } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { cycleName } from '@shared/domain/subscription-labels';
import { ratesLabel, reportCsv, reportFileName, reportText, reportTsv, yearlyReport } from '@shared/domain/subscription-report';
import { ChartNoAxesColumn, ClipboardCopy, FileDown, FileText, FileType } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useToast } from '../../components/ui/Toast';
import { copyText, downloadBlob, downloadText } from '../../lib/browserFiles';
import styles from './YearlyReportModal.module.css';

/** SPEC §8 'Success messages' and 'Clipboard'. */
const messages = {
  csv: 'Your CSV download should start shortly!',
  report: 'Your report download should start shortly!',
  copied: 'Data copied! Open Google Sheets and paste (Ctrl+V)',
  copyFailed: 'Failed to copy. Please try CSV download instead.',
  /** The browser keeps a failed code file's failure until the page reloads. */
  pdfFailed: 'The PDF could not be created. Reload the page and try again, or download the text report.',
} as const;

export interface YearlyReportModalProps {
  subscriptions: readonly Subscription[];
  custom: readonly Category[];
  today: string;
  /** The display currency every total is shown in. */
  currency: CurrencyCode;
  rates: RateTable;
  /** 'Count full price' (issue 26), shown while the list has shared subscriptions: they count the user's share unless it is on. */
  fullPriceSwitch?: ReactNode;
  onClose: () => void;
}

function share(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/**
 * The Yearly Spending report (SPEC §2, §9; vip, premium and owner): yearly total, monthly
 * average, spending by category, the 5-year projection and every active subscription, with
 * CSV, spreadsheet, PDF and text exports (the PDF's layout and library load only when asked for: issue 24 §7). Totals in the display currency at `rates` (issue 24 §1),
 * each renewal at the price in force then (§2); each subscription's price as billed.
 */
export function YearlyReportModal({ subscriptions, custom, today, currency, rates, fullPriceSwitch, onClose }: YearlyReportModalProps) {
  const toast = useToast();
  const summaryRef = useRef<HTMLDListElement>(null);
  const report = useMemo(() => yearlyReport(subscriptions, custom, { currency, rates }), [subscriptions, custom, currency, rates]);
  const total = (amount: number) => formatAmount(amount, report.currency);
  const colorOf = useMemo(() => categoryColorsIn(subscriptions, custom), [subscriptions, custom]);
  const topProjection = report.projection.at(-1)?.total ?? 0;
  const [makingPdf, setMakingPdf] = useState(false);

  function downloadCsv() {
    downloadText(reportCsv(report, today), reportFileName('csv', today), 'text/csv', true);
    toast.success(messages.csv);
  }

  async function copyForSpreadsheet() {
    try {
      await copyText(reportTsv(report, today));
      toast.success(messages.copied);
    } catch (error) {
      console.error('Copy to clipboard failed', error);
      toast.error(messages.copyFailed);
    }
  }

  async function downloadPdf() {
    setMakingPdf(true);
    try {
      const { reportPdf } = await import('./reportPdf');
      downloadBlob(reportPdf(report, today), reportFileName('pdf', today));
      toast.success(messages.report);
    } catch (error) {
      console.error('Creating the PDF report failed', error);
      toast.error(messages.pdfFailed);
    } finally {
      setMakingPdf(false);
    }
  }

  function downloadTextReport() {
    downloadText(reportText(report, today), reportFileName('txt', today), 'text/plain');
    toast.success(messages.report);
  }

  return (
    <Modal
      open
      onClose={onClose}
      initialFocus={summaryRef}
      size="lg"
      title="Yearly Spending Report"
      description={`Your active subscriptions over a year, as of ${formatDateShort(today)}. Totals in ${CURRENCIES[currency].name} (${report.currency}) at ${ratesLabel(report.ratesDate)}.`}
      footer={
        <>
          <Button variant="secondary" icon={<ClipboardCopy aria-hidden="true" />} onClick={() => void copyForSpreadsheet()}>
            Copy for Spreadsheet
          </Button>
          <Button variant="secondary" icon={<FileText aria-hidden="true" />} onClick={downloadTextReport}>
            Download Text
          </Button>
          <Button
            variant="secondary"
            icon={<FileType aria-hidden="true" />}
            loading={makingPdf}
            loadingText="Preparing PDF..."
            onClick={() => void downloadPdf()}
          >
            Download PDF
          </Button>
          <Button icon={<FileDown aria-hidden="true" />} onClick={downloadCsv}>
            Download CSV
          </Button>
        </>
      }
    >
      <div className={styles.report}>
        {fullPriceSwitch}
        <dl ref={summaryRef} tabIndex={-1} className={styles.summary}>
          <div className={[styles.tile, styles.tileMain].join(' ')}>
            <dt>Yearly total</dt>
            <dd>{total(report.yearlyTotal)}</dd>
          </div>
          <div className={styles.tile}>
            <dt>Monthly average</dt>
            <dd>{total(report.monthlyAverage)}</dd>
          </div>
          <div className={styles.tile}>
            <dt>Active subscriptions</dt>
            <dd>{report.count}</dd>
          </div>
        </dl>

        {report.count === 0 ? (
          <p className={styles.empty}>
            <ChartNoAxesColumn aria-hidden="true" />
            No active subscriptions yet. Add one to see what it costs you over a year.
          </p>
        ) : (
          <>
            <div className={styles.columns}>
              <section aria-labelledby="report-categories">
                <h3 id="report-categories" className={styles.heading}>
                  By category
                </h3>
                <ul className={styles.bars}>
                  {report.byCategory.map((c) => (
                    <li key={c.category} className={styles.bar}>
                      <div className={styles.barText}>
                        <span className={styles.barLabel}>
                          <span className={styles.dot} style={{ background: colorOf(c.category) }} aria-hidden="true" />
                          {c.label}
                        </span>
                        <span className={styles.barValue}>
                          {total(c.yearly)} <span className={styles.share}>{share(c.yearly, report.yearlyTotal)}%</span>
                        </span>
                      </div>
                      <span className={styles.track} aria-hidden="true">
                        <span
                          className={styles.fill}
                          style={{
                            width: `${share(c.yearly, report.yearlyTotal)}%`,
                            background: colorOf(c.category),
                          }}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="report-projection">
                <h3 id="report-projection" className={styles.heading}>
                  5-year projection
                </h3>
                <ul className={styles.bars}>
                  {report.projection.map((p) => (
                    <li key={p.year} className={styles.bar}>
                      <div className={styles.barText}>
                        <span className={styles.barLabel}>Year {p.year}</span>
                        <span className={styles.barValue}>{total(p.total)}</span>
                      </div>
                      <span className={styles.track} aria-hidden="true">
                        <span
                          className={[styles.fill, styles.projectionFill].join(' ')}
                          style={{ width: `${share(p.total, topProjection)}%` }}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            </div>

            <section aria-labelledby="report-rows">
              <h3 id="report-rows" className={styles.heading}>
                Subscriptions
              </h3>
              {/* A scrolling region takes the keyboard focus, so its rows can be scrolled without a mouse in every browser. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
              <section className={styles.tableWrap} aria-label="Subscriptions table" tabIndex={0}>
                <table className={styles.table} aria-labelledby="report-rows">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Category</th>
                      <th scope="col">Cycle</th>
                      <th scope="col" className={styles.number}>
                        Amount
                      </th>
                      <th scope="col" className={styles.number}>
                        Per year ({report.currency})
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.map((row, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a read-only table; rows carry no id and names may repeat
                      <tr key={index}>
                        <th scope="row">{row.name}</th>
                        <td>{row.label}</td>
                        <td>{cycleName(row.billingCycle, row.cycleInterval)}</td>
                        <td className={styles.number}>{formatAmount(row.amount, row.currency)}</td>
                        <td className={styles.number}>{total(row.yearly)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </section>
          </>
        )}
      </div>
    </Modal>
  );
}
