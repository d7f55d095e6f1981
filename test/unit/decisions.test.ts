import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records in docs/decisions/: each has the parts a newcomer reads, the index lists each
 * one, and every reference in the repository names a record that exists (the one-file diary they
 * replaced is gone).
 */
const DIR = 'docs/decisions';
const THIS_FILE = 'test/unit/decisions.test.ts';
const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const SECTIONS = ['## Context', '## Decision', '## Consequences'];

const records = readdirSync(DIR).filter((name) => /^\d{4}-/.test(name));
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
const statusOf = (text: string) => /^- Status: (.+)$/m.exec(text)?.[1];
const linksIn = (text: string) => [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? '');

describe('decision records', () => {
  it('are named NNNN-kebab-title.md with numbers used once', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const name of records) expect(name).toMatch(RECORD_NAME);
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)('%s has a title, a status, a date, context, decision and consequences', (name) => {
    const text = read(name);
    expect(text).toMatch(/^# \S.*\n/);
    expect(statusOf(text)).toMatch(/^(Accepted|Superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))$/);
    const date = /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
    expect(date).toBeDefined();
    expect(Number.isNaN(Date.parse(`${date}T00:00:00Z`))).toBe(false);
    const at = SECTIONS.map((heading) => text.split('\n').indexOf(heading));
    expect(at.every((line) => line > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('are superseded only by an accepted record, and every link in them leads to a file', () => {
    for (const name of records) {
      const text = read(name);
      const by = /^- Status: Superseded by \[\d{4}\]\(([^)]+)\)$/m.exec(text)?.[1];
      if (by !== undefined) expect(statusOf(read(by)), `${name} is superseded by ${by}`).toBe('Accepted');
      for (const link of linksIn(text).filter((l) => !/^https?:/.test(l))) {
        expect(existsSync(normalize(join(DIR, link))), `${name} links to ${link}`).toBe(true);
      }
    }
  });
});

describe('the index, docs/decisions/README.md', () => {
  const index = read('README.md');
  const rows = [...index.matchAll(/^\| (\d{4}) \| \[(.+)\]\(([^)]+)\) \| (.+) \|$/gm)];

  it('lists every record once, with its number, title and status', () => {
    const byName = (a: string, b: string) => a.localeCompare(b);
    expect(rows.map((row) => row[3] ?? '').sort(byName)).toEqual([...records].sort(byName));
    for (const [, number, title, file, status] of rows) {
      const text = read(file ?? '');
      expect(file?.slice(0, 4)).toBe(number);
      expect(text.split('\n')[0]).toBe(`# ${title}`);
      expect(statusOf(text)).toBe(status);
    }
  });

  it('links only to files that exist', () => {
    for (const link of linksIn(index)) expect(existsSync(normalize(join(DIR, link))), link).toBe(true);
  });
});

describe('references to decisions across the repository', () => {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  const files = listed.stdout
    .split('\0')
    .filter((file) => file !== '' && file !== THIS_FILE && existsSync(file))
    .filter((file) => /\.(ts|tsx|mts|mjs|js|cjs|md|css|json|ya?ml|sh|html)$/.test(file));

  it('finds the repository’s files', () => {
    expect(listed.status).toBe(0);
    expect(files).toContain('README.md');
  });

  it('never points to the old one-file diary', () => {
    expect(existsSync('docs/DECISIONS.md')).toBe(false);
    const left = files.filter((file) => /\bDECISIONS\b/.test(readFileSync(file, 'utf8')));
    expect(left).toEqual([]);
  });

  it('names only records that exist', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/docs\/decisions\/([\w.-]+\.md)/g)) {
        if (!existsSync(join(DIR, match[1] ?? ''))) missing.push(`${file}: ${match[0]}`);
      }
      // Relative links from markdown files in docs/ (e.g. DEPLOY.md's ../decisions/…).
      if (file.endsWith('.md')) {
        for (const link of linksIn(text).filter((l) => l.includes('decisions/'))) {
          if (!existsSync(normalize(join(dirname(file), link)))) missing.push(`${file}: ${link}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
