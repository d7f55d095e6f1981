import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  convertFromUsd,
  DEFAULT_CURRENCY,
  formatMoney,
  formatUsd,
  isCurrency,
  normalizeCurrency,
  roundMoney,
  roundTo,
} from '../../shared/domain/currency.js';

describe('currencies (SPEC §9 "Currencies")', () => {
  it('offers USD, EUR, GBP, JPY, KRW, INR with USD as default', () => {
    expect(CURRENCY_CODES).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'INR']);
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('has SPEC §9 rates relative to USD', () => {
    expect(CURRENCIES.USD.rate).toBe(1);
    expect(CURRENCIES.EUR.rate).toBe(0.92);
    expect(CURRENCIES.GBP.rate).toBe(0.79);
    expect(CURRENCIES.JPY.rate).toBe(149.5);
    expect(CURRENCIES.KRW.rate).toBe(1320);
    expect(CURRENCIES.INR.rate).toBe(83.12);
  });

  it('has SPEC §9 symbols and decimals (JPY, KRW, INR none, others 2)', () => {
    expect(CURRENCY_CODES.map((c) => CURRENCIES[c].symbol)).toEqual(['$', '€', '£', '¥', '₩', '₹']);
    expect(CURRENCY_CODES.map((c) => CURRENCIES[c].decimals)).toEqual([2, 2, 2, 0, 0, 0]);
  });

  it('isCurrency accepts only the six codes', () => {
    for (const c of CURRENCY_CODES) expect(isCurrency(c)).toBe(true);
    expect(isCurrency('usd')).toBe(false);
    expect(isCurrency('CHF')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
  });

  it('normalizeCurrency turns an unknown preference into USD (SPEC §3 "default USD")', () => {
    expect(normalizeCurrency('EUR')).toBe('EUR');
    expect(normalizeCurrency(' gbp ')).toBe('GBP');
    expect(normalizeCurrency('CHF')).toBe('USD');
    expect(normalizeCurrency(null)).toBe('USD');
  });

  it('convertFromUsd applies the rate; unknown codes stay USD', () => {
    expect(convertFromUsd(10, 'USD')).toBe(10);
    expect(convertFromUsd(10, 'EUR')).toBeCloseTo(9.2, 10);
    expect(convertFromUsd(10, 'KRW')).toBe(13200);
    expect(convertFromUsd(10, 'XXX')).toBe(10);
  });
});

describe('formatMoney (SPEC §9: symbol first, JPY/KRW/INR without decimals)', () => {
  it('formats 12.99 USD in every currency', () => {
    expect(formatMoney(12.99, 'USD')).toBe('$12.99');
    expect(formatMoney(12.99, 'EUR')).toBe('€11.95');
    expect(formatMoney(12.99, 'GBP')).toBe('£10.26');
    expect(formatMoney(12.99, 'JPY')).toBe('¥1,942');
    expect(formatMoney(12.99, 'KRW')).toBe('₩17,147');
    expect(formatMoney(12.99, 'INR')).toBe('₹1,080');
  });

  it('uses thousands separators and always the fixed decimals', () => {
    expect(formatMoney(1234567.5, 'USD')).toBe('$1,234,567.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
    expect(formatMoney(1000, 'KRW')).toBe('₩1,320,000');
  });

  it('defaults to USD and treats unknown codes as USD', () => {
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(5, 'CHF')).toBe('$5.00');
  });

  it('rounds half away from zero without float artefacts', () => {
    expect(formatMoney(1.005, 'USD')).toBe('$1.01');
    expect(formatMoney(0.125, 'USD')).toBe('$0.13');
    expect(formatMoney(0.004, 'USD')).toBe('$0.00');
  });

  it('puts the minus before the symbol and never shows -$0.00', () => {
    expect(formatMoney(-5, 'USD')).toBe('-$5.00');
    expect(formatMoney(-0.001, 'USD')).toBe('$0.00');
  });

  it('formatUsd is the report format: "$" and 2 decimals (SPEC §9)', () => {
    expect(formatUsd(191.88)).toBe('$191.88');
    expect(formatUsd(1200)).toBe('$1,200.00');
  });

  it('shows non-finite amounts as zero', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
  });
});

describe('rounding (SPEC §3 "amount with 2 decimals")', () => {
  it('roundMoney rounds to cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(191.88000000000002)).toBe(191.88);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('roundTo rounds to any number of places', () => {
    expect(roundTo(1942.005, 0)).toBe(1942);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(1.23456, 3)).toBe(1.235);
  });
});
