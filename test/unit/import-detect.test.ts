import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../shared/domain/import/index.js';
import { importFile } from './import-fixtures.js';

describe('detectFormat (issue 24 §6: the format from the header or shape)', () => {
  it('recognises each sample', () => {
    expect(detectFormat(importFile('wallos-export.json'))).toBe('wallos-json');
    expect(detectFormat(importFile('own/wallos-endpoint.json'))).toBe('wallos-json');
    expect(detectFormat(importFile('wallos-export.csv'))).toBe('wallos-csv');
    expect(detectFormat(importFile('own/wallos-shifted.csv'))).toBe('wallos-csv');
    expect(detectFormat(importFile('subtrackr-export.json'))).toBe('subtrackr-json');
    expect(detectFormat(importFile('subtrackr-export.csv'))).toBe('subtrackr-csv');
    expect(detectFormat(importFile('trackmysubs-inferred.csv'))).toBe('trackmysubs-csv');
    expect(detectFormat(importFile('generic.csv'))).toBe('generic-csv');
    expect(detectFormat(importFile('own/generic-semicolon.csv'))).toBe('generic-csv');
  });

  it('says nothing for empty files and JSON of no known shape', () => {
    expect(detectFormat('')).toBeNull();
    expect(detectFormat('  \n')).toBeNull();
    expect(detectFormat('{"hello":1}')).toBeNull();
    expect(detectFormat('{not json')).toBeNull();
    expect(detectFormat('\ufeff[]')).toBe('wallos-json');
  });
});
