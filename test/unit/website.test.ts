import { describe, expect, it } from 'vitest';
import { subscriptionBody, subscriptionMessages } from '../../shared/api/subscriptions.js';
import { rowWebsite } from '../../shared/domain/import/rows.js';
import { MAX_WEBSITE_LENGTH, websiteAddress, websiteHost } from '../../shared/domain/website.js';

/** Issue 36 §2: a subscription's website, http or https only. */
describe('a website as typed', () => {
  it.each([
    ['https://www.netflix.com', 'https://www.netflix.com/'],
    ['  http://example.com/account?tab=billing#plan  ', 'http://example.com/account?tab=billing#plan'],
    ['netflix.com', 'https://netflix.com/'],
    ['www.spotify.com/account', 'https://www.spotify.com/account'],
    ['HTTPS://GitHub.com/settings/billing', 'https://github.com/settings/billing'],
    ['localhost:3000/plan', 'https://localhost:3000/plan'],
    ['example.com:8443', 'https://example.com:8443/'],
    ['https://bücher.example', 'https://xn--bcher-kva.example/'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(websiteAddress(typed)).toBe(kept);
  });

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'ftp://files.example.com',
    'mailto:billing@example.com',
    'file:///etc/passwd',
    'https://user:secret@example.com',
    'https://user@example.com',
    'netflix',
    'https://intranet/',
    'https://',
    'exa mple.com',
    'https://example..com/',
    'https://example.com/a b',
    `https://example.com/${'a'.repeat(MAX_WEBSITE_LENGTH)}`,
  ])('refuses %j', (typed) => {
    expect(websiteAddress(typed)).toBeUndefined();
  });

  it('is read by its host without www. for labels', () => {
    expect(websiteHost('https://www.netflix.com/account')).toBe('netflix.com');
    expect(websiteHost('https://music.apple.com/')).toBe('music.apple.com');
  });
});

describe('the contract’s website field', () => {
  const body = { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: '2026-12-08' };

  it('is absent unless given, none when null or blank, and kept in its standard form', () => {
    expect(subscriptionBody.parse(body).url).toBeUndefined();
    expect(subscriptionBody.parse({ ...body, url: null }).url).toBeNull();
    expect(subscriptionBody.parse({ ...body, url: '  ' }).url).toBeNull();
    expect(subscriptionBody.parse({ ...body, url: 'netflix.com' }).url).toBe('https://netflix.com/');
  });

  it('refuses anything but an http or https address with its message', () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.com', 42]) {
      const parsed = subscriptionBody.safeParse({ ...body, url });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([subscriptionMessages.urlInvalid]);
    }
  });
});

describe('an imported file’s URL', () => {
  it('is the website when it is a web address, else text kept in the description', () => {
    expect(rowWebsite(' https://www.netflix.com ')).toEqual({ url: 'https://www.netflix.com/', notes: '' });
    expect(rowWebsite('ftp://files.example.com/backup')).toEqual({ url: null, notes: 'ftp://files.example.com/backup' });
    expect(rowWebsite('')).toEqual({ url: null, notes: '' });
  });
});
