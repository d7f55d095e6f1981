import { describe, expect, it } from 'vitest';
import { parseImport } from '../../shared/domain/import/index.js';
import { byName, imported, importFile, isTestCurrency, parse, skipped } from './import-fixtures.js';

describe('TrackMySubs CSV (issue 24 §6; ../shared/samples trackmysubs-inferred.csv)', () => {
  it('reads frequency × cycle, trials, auto renew, blank ids by content', () => {
    const { rows } = parse('trackmysubs-csv', importFile('trackmysubs-inferred.csv'));
    expect(skipped(rows)).toEqual([]);
    expect(imported(rows)).toHaveLength(9);
    expect(byName(rows, 'Synergy')).toMatchObject({
      billingCycle: 'monthly',
      cycleInterval: 2,
      amount: 310,
      currency: 'AUD',
      description: 'Electricity bill',
    });
    expect(byName(rows, 'Anytime Fitness')).toMatchObject({ billingCycle: 'weekly', cycleInterval: 2 });
    expect(byName(rows, 'RAC Insurance')).toMatchObject({ billingCycle: 'yearly', amount: 412.8 });
    expect(byName(rows, 'Xero')).toMatchObject({ status: 'active', trialEndsAt: '2026-12-21', autoRenew: false });
    expect(byName(rows, 'Adobe Photography')).toMatchObject({ currency: 'USD', category: 'other' });
    expect(byName(rows, 'Netflix').externalId).toMatch(/^trackmysubs:[0-9a-f]{16}$/);
  });

  it('uses the Id when there is one, the default currency when Currency is blank, headers in any case', () => {
    const text =
      'id,COMPANY,cost,currency,frequency,cycle,expiry,status,auto renew\r\n17,Gym,"27,95",,1,fortnightly,2026-12-04,active,no\r\n';
    const { rows } = parse('trackmysubs-csv', text, { defaultCurrency: 'AUD' });
    expect(imported(rows)).toEqual([
      expect.objectContaining({
        externalId: 'trackmysubs:17',
        amount: 27.95,
        currency: 'AUD',
        billingCycle: 'weekly',
        cycleInterval: 2,
        autoRenew: false,
      }),
    ]);
  });

  it('names the required column it cannot find rather than guessing', () => {
    expect(
      parseImport({ format: 'trackmysubs-csv', fileText: importFile('own/trackmysubs-no-frequency.csv'), isCurrency: isTestCurrency }),
    ).toEqual({
      ok: false,
      message: 'The TrackMySubs CSV has no “Frequency” column',
    });
  });
});
