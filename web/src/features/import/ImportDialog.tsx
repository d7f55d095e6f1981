import { routes } from '@shared/api';
import { IMPORT_MAX_FILE_BYTES, type ImportInput, type ImportResult, importMessages } from '@shared/api/import';
import { BILLING_CURRENCIES } from '@shared/domain/currency';
import {
  type ColumnMapping,
  csvHeaders,
  detectFormat,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  type ImportFormat,
  MAPPED_FIELD_LABELS,
  MAPPED_FIELDS,
  REQUIRED_MAPPED_FIELDS,
  suggestMapping,
  symbolCandidates,
} from '@shared/domain/import/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api, errorMessage } from '../../api/client';
import { queryClient, queryKeys } from '../../api/queries';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Select, type SelectOption } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import styles from './ImportDialog.module.css';
import { ImportPreviewTable } from './ImportPreviewTable';
import { importText } from './importText';

const formatOptions: SelectOption[] = IMPORT_FORMATS.map((format) => ({ value: format, label: IMPORT_FORMAT_LABELS[format] }));

/** Candidates first (most used first), then every other currency a subscription can be billed in. */
function currencyOptions(symbol: string): SelectOption[] {
  const candidates = symbolCandidates(symbol);
  const others = BILLING_CURRENCIES.filter((c) => !candidates.includes(c.code));
  return [
    { value: '', label: 'Choose a currency' },
    ...candidates.map((code) => ({ value: code, label: `${code}` })),
    ...others.map((c) => ({ value: c.code, label: `${c.code} (${c.name})` })),
  ];
}

interface ChosenFile {
  name: string;
  text: string;
  /** Counts the files chosen in this dialog: a preview belongs to one. */
  serial: number;
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The import (issue 24 §6): pick a file → its format, recognised and changeable → for a spreadsheet,
 * which column holds what → a currency for each ambiguous symbol, asked once → the preview of every
 * row (create, update or skip, with the reason) → 'Import N subscriptions' → what was done.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [detected, setDetected] = useState(false);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [symbols, setSymbols] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const serial = useRef(0);
  const formatRef = useRef<HTMLSelectElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const ids = useId();

  const mappingComplete = REQUIRED_MAPPED_FIELDS.every((field) => mapping[field]);
  const input: ImportInput | null =
    file && format && (format !== 'generic-csv' || mappingComplete)
      ? { format, fileText: file.text, ...(format === 'generic-csv' ? { mapping } : {}), symbolCurrencies: symbols }
      : null;

  const preview = useQuery({
    queryKey: ['import-preview', file?.serial, format, mapping, symbols],
    queryFn: ({ signal }) => api(routes.previewImport, { body: input as ImportInput, signal }),
    enabled: open && input !== null && result === null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const commit = useMutation({
    mutationFn: (body: ImportInput) => api(routes.commitImport, { body }),
    onSuccess: (answer) => {
      // Rendered at once (flushSync), so Done exists when it takes the focus.
      flushSync(() => setResult(answer));
      doneRef.current?.focus();
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    },
  });

  function reset() {
    setFile(null);
    setFileError(null);
    setFormat('');
    setDetected(false);
    setHeaders([]);
    setMapping({});
    setSymbols({});
    setResult(null);
    commit.reset();
  }

  function close() {
    if (commit.isPending) return;
    reset();
    onClose();
  }

  async function chooseFile(chosen: File) {
    reset();
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setFileError(importMessages.fileTooLarge);
      return;
    }
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      setFileError(importText.unreadable);
      return;
    }
    serial.current += 1;
    const found = detectFormat(text);
    // Rendered at once (flushSync), so the Format field exists when it takes the focus.
    flushSync(() => {
      setFile({ name: chosen.name, text, serial: serial.current });
      chooseFormat(found ?? '', text);
      setDetected(found !== null);
    });
    formatRef.current?.focus();
  }

  function chooseFormat(next: ImportFormat | '', text = file?.text ?? '') {
    setFormat(next);
    setSymbols({});
    if (next === 'generic-csv') {
      const columns = csvHeaders(text);
      setHeaders(columns);
      setMapping(suggestMapping(columns));
    }
  }

  const answer = preview.data;
  const toImport = answer ? answer.counts.create + answer.counts.update : 0;
  const columnOptions: SelectOption[] = [{ value: '', label: 'Not in the file' }, ...headers.map((h) => ({ value: h, label: h }))];

  return (
    <Modal
      open={open}
      onClose={close}
      title={importText.title}
      description={result ? undefined : importText.description}
      size="lg"
      footer={
        result ? (
          <Button ref={doneRef} onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={commit.isPending}>
              Cancel
            </Button>
            <Button
              disabled={!input || !answer || toImport === 0 || preview.isFetching}
              loading={commit.isPending}
              loadingText="Importing..."
              onClick={() => input && commit.mutate(input)}
            >
              {answer && toImport > 0 ? `Import ${toImport} subscription${toImport === 1 ? '' : 's'}` : importText.noneToImport}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className={styles.result}>
          <CircleCheck aria-hidden="true" className={styles.resultIcon} />
          <p role="status" className={styles.resultText}>
            {result.message}
            {result.counts.skip > 0 ? ` (${result.counts.skip} skipped)` : ''}.
          </p>
        </div>
      ) : (
        <div className={styles.steps}>
          <div className={styles.fileField}>
            <label htmlFor={`${ids}-file`} className={styles.label}>
              {importText.fileLabel}
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,.json,.txt,text/csv,application/json"
              className={styles.fileInput}
              aria-describedby={`${ids}-file-hint${fileError ? ` ${ids}-file-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) void chooseFile(chosen);
              }}
            />
            <p id={`${ids}-file-hint`} className={styles.hint}>
              {importText.fileHint}
            </p>
            {fileError && (
              <p id={`${ids}-file-error`} role="alert" className={styles.error}>
                {fileError}
              </p>
            )}
          </div>

          {file && (
            <Select
              ref={formatRef}
              label="Format"
              options={format ? formatOptions : [{ value: '', label: 'Choose the format' }, ...formatOptions]}
              value={format}
              hint={detected ? importText.detected : importText.undetected}
              onChange={(event) => chooseFormat(event.target.value as ImportFormat)}
            />
          )}

          {file && format === 'generic-csv' && (
            <fieldset className={styles.group}>
              <legend className={styles.legend}>Which column holds what</legend>
              <p className={styles.hint}>Name, amount and next payment date are needed; the rest is optional.</p>
              <div className={styles.grid}>
                {MAPPED_FIELDS.map((field) => (
                  <Select
                    key={field}
                    label={`${MAPPED_FIELD_LABELS[field]}${REQUIRED_MAPPED_FIELDS.includes(field) ? ' (needed)' : ''}`}
                    options={columnOptions}
                    value={mapping[field] ?? ''}
                    onChange={(event) => setMapping({ ...mapping, [field]: event.target.value || undefined })}
                  />
                ))}
              </div>
            </fieldset>
          )}

          {answer && answer.ambiguousSymbols.length > 0 && (
            <fieldset className={styles.group}>
              <legend className={styles.legend}>Currencies</legend>
              <p className={styles.hint}>These symbols stand for more than one currency. Which one does this file mean?</p>
              <div className={styles.grid}>
                {answer.ambiguousSymbols.map((symbol) => (
                  <Select
                    key={symbol}
                    label={`Currency of “${symbol}”`}
                    options={currencyOptions(symbol)}
                    value={symbols[symbol] ?? ''}
                    onChange={(event) => setSymbols({ ...symbols, [symbol]: event.target.value })}
                  />
                ))}
              </div>
            </fieldset>
          )}

          {preview.isError && <Alert tone="danger">{errorMessage(preview.error, importText.previewFailed)}</Alert>}
          {commit.isError && <Alert tone="danger">{errorMessage(commit.error, importText.commitFailed)}</Alert>}
          {input && preview.isFetching && !answer && <Spinner label="Reading the file" />}
          {answer && <ImportPreviewTable rows={answer.rows} counts={answer.counts} busy={preview.isFetching} />}
        </div>
      )}
    </Modal>
  );
}
