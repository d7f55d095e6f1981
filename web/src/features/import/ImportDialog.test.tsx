import { routes } from '@shared/api';
import { type ImportedSubscription, type ImportPreview, importMessages, sameNameNote } from '@shared/api/import';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { type ApiCall, deferred, failure, on } from '../../testing/api';
import { renderApp } from '../../testing/render';
import { ImportDialog } from './ImportDialog';

const netflix: ImportedSubscription = {
  externalId: 'generic-csv:2',
  name: 'Netflix',
  description: '',
  amount: 9.99,
  currency: 'EUR',
  category: 'streaming',
  dueDate: '2026-12-01',
  billingCycle: 'monthly',
  cycleInterval: 1,
  trialEndsAt: null,
  endsAt: null,
  noticeDays: null,
  status: 'active',
} as unknown as ImportedSubscription;

function previewOf(over: Partial<ImportPreview> = {}): ImportPreview {
  return {
    rows: [
      { line: 2, action: 'create', subscription: netflix },
      { line: 3, action: 'skip', name: 'Gym', reason: 'Amount must be a number' },
    ],
    ambiguousSymbols: [],
    counts: { create: 1, update: 0, skip: 1 },
    ...over,
  };
}

const spreadsheet = new File(['Thing,Cost,When,Notes\nNetflix,9.99,2026-12-01,\nGym,lots,2026-12-05,\n'], 'mine.csv', { type: 'text/csv' });

function renderImport(...api: Parameters<typeof on>[]) {
  const onClose = vi.fn();
  const view = renderApp(<ImportDialog open onClose={onClose} />, { api: api.map((args) => on(...args)) });
  return { ...view, onClose };
}

describe('the import dialog', () => {
  test('a file over 1 MB is refused at the field before anything is sent', async () => {
    const { user, api } = renderImport();
    const field = await screen.findByLabelText('File');
    await user.upload(field, new File(['x'.repeat(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(importMessages.fileTooLarge);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.path.startsWith('/api/import'))).toHaveLength(0);
  });

  test('a spreadsheet: the format is recognised, the needed columns are asked for, and only then is the preview asked', async () => {
    const previews: ApiCall[] = [];
    const { user } = renderImport([
      routes.previewImport,
      (call: ApiCall) => {
        previews.push(call);
        return previewOf();
      },
    ]);
    await user.upload(await screen.findByLabelText('File'), spreadsheet);
    const format = await screen.findByLabelText('Format');
    expect(document.activeElement).toBe(format);
    expect((format as HTMLSelectElement).value).toBe('generic-csv');
    const columns = screen.getByRole('group', { name: 'Which column holds what' });
    expect(within(columns).getByText('Name, amount and next payment date are needed; the rest is optional.')).toBeTruthy();
    expect(
      within(within(columns).getByLabelText('Name (needed)'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not in the file', 'Thing', 'Cost', 'When', 'Notes']);
    expect(screen.getByRole('button', { name: 'Nothing to import' })).toHaveProperty('disabled', true);

    await user.selectOptions(within(columns).getByLabelText('Name (needed)'), 'Thing');
    await user.selectOptions(within(columns).getByLabelText('Amount (needed)'), 'Cost');
    expect(previews).toHaveLength(0);
    await user.selectOptions(within(columns).getByLabelText('Next payment date (needed)'), 'When');

    const status = await screen.findByText('1 to create, 0 to update, 1 to skip');
    expect(status.getAttribute('role')).toBe('status');
    expect(previews.at(-1)?.body).toMatchObject({ format: 'generic-csv', mapping: { name: 'Thing', amount: 'Cost', dueDate: 'When' } });
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['2NetflixStreaming€9.99/monthDec 1, 2026Create', '3GymNot importedSkipAmount must be a number']);
    expect(screen.getByRole('button', { name: 'Import 1 subscription' })).toHaveProperty('disabled', false);
  });

  test('a row of every 2 quarters reads “/6 months”, and a row named like a subscription already there says so (issue 35 §2.16)', async () => {
    const twoQuarters = { ...netflix, billingCycle: 'quarterly', cycleInterval: 2 } as ImportedSubscription;
    const { user } = renderImport([
      routes.previewImport,
      previewOf({
        rows: [{ line: 2, action: 'create', reason: sameNameNote('Netflix'), subscription: twoQuarters }],
        counts: { create: 1, update: 0, skip: 0 },
      }),
    ]);
    await user.upload(await screen.findByLabelText('File'), spreadsheet);
    const columns = await screen.findByRole('group', { name: 'Which column holds what' });
    await user.selectOptions(within(columns).getByLabelText('Name (needed)'), 'Thing');
    await user.selectOptions(within(columns).getByLabelText('Amount (needed)'), 'Cost');
    await user.selectOptions(within(columns).getByLabelText('Next payment date (needed)'), 'When');
    await screen.findByText('1 to create, 0 to update, 0 to skip');
    const [row] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(row).getByText('€9.99/6 months')).toBeTruthy();
    expect(row.textContent).toContain(`Create${sameNameNote('Netflix')}`);
  });

  test('a file of no known format asks for its format', async () => {
    const { user } = renderImport([routes.previewImport, previewOf()]);
    await user.upload(await screen.findByLabelText('File'), new File(['{"foo": 1}'], 'notes.json', { type: 'application/json' }));
    const format = await screen.findByLabelText('Format');
    expect((format as HTMLSelectElement).value).toBe('');
    expect(screen.getByText('We could not tell which format this is: choose it.')).toBeTruthy();
  });

  test('an ambiguous currency symbol is asked once, and the answer goes with the next preview', async () => {
    const { user, api } = renderImport([
      routes.previewImport,
      (call: ApiCall) =>
        (call.body as { symbolCurrencies?: Record<string, string> }).symbolCurrencies?.$
          ? previewOf()
          : previewOf({ ambiguousSymbols: ['$'] }),
    ]);
    await user.upload(await screen.findByLabelText('File'), spreadsheet);
    const columns = await screen.findByRole('group', { name: 'Which column holds what' });
    await user.selectOptions(within(columns).getByLabelText('Name (needed)'), 'Thing');
    await user.selectOptions(within(columns).getByLabelText('Amount (needed)'), 'Cost');
    await user.selectOptions(within(columns).getByLabelText('Next payment date (needed)'), 'When');
    const currencies = await screen.findByRole('group', { name: 'Currencies' });
    await user.selectOptions(within(currencies).getByLabelText('Currency of “$”'), 'CAD');
    await vi.waitFor(() => expect(screen.queryByRole('group', { name: 'Currencies' })).toBeNull());
    expect(api.callsTo(routes.previewImport).at(-1)?.body).toMatchObject({ symbolCurrencies: { $: 'CAD' } });
  });

  test('a spinner while the preview is made; a refused preview shows the server’s message', async () => {
    const answer = deferred<ImportPreview | ReturnType<typeof failure>>();
    const { user } = renderImport([routes.previewImport, () => answer.promise]);
    await user.upload(
      await screen.findByLabelText('File'),
      new File(['[{"name":"Netflix"}]'], 'export.json', { type: 'application/json' }),
    );
    await user.selectOptions(await screen.findByLabelText('Format'), 'wallos-json');
    expect(await screen.findByText('Reading the file')).toBeTruthy();
    answer.resolve(failure(400, importMessages.tooManyRows));
    expect((await screen.findByRole('alert')).textContent).toContain(importMessages.tooManyRows);
  });

  test('Import sends the same body, then says what was done; Done closes and starts over', async () => {
    const { user, api, onClose } = renderImport(
      [routes.previewImport, previewOf()],
      [routes.commitImport, { message: 'Imported 1 subscription', counts: { create: 1, update: 0, skip: 1 } }],
    );
    await user.upload(await screen.findByLabelText('File'), spreadsheet);
    const columns = await screen.findByRole('group', { name: 'Which column holds what' });
    await user.selectOptions(within(columns).getByLabelText('Name (needed)'), 'Thing');
    await user.selectOptions(within(columns).getByLabelText('Amount (needed)'), 'Cost');
    await user.selectOptions(within(columns).getByLabelText('Next payment date (needed)'), 'When');
    await user.click(await screen.findByRole('button', { name: 'Import 1 subscription' }));

    expect((await screen.findByText(/^Imported 1 subscription/)).textContent).toBe('Imported 1 subscription (1 skipped).');
    expect(api.callsTo(routes.commitImport)[0].body).toEqual(api.callsTo(routes.previewImport).at(-1)?.body);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(document.activeElement).toBe(done);
    await user.click(done);
    expect(onClose).toHaveBeenCalled();
  });

  test('a failed import shows the server’s message and keeps the preview', async () => {
    const { user } = renderImport(
      [routes.previewImport, previewOf()],
      [routes.commitImport, failure(409, importMessages.changedMeanwhile)],
    );
    await user.upload(await screen.findByLabelText('File'), spreadsheet);
    const columns = await screen.findByRole('group', { name: 'Which column holds what' });
    await user.selectOptions(within(columns).getByLabelText('Name (needed)'), 'Thing');
    await user.selectOptions(within(columns).getByLabelText('Amount (needed)'), 'Cost');
    await user.selectOptions(within(columns).getByLabelText('Next payment date (needed)'), 'When');
    await user.click(await screen.findByRole('button', { name: 'Import 1 subscription' }));
    expect((await screen.findByRole('alert')).textContent).toContain(importMessages.changedMeanwhile);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
