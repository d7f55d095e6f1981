import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aesKey, decryptWithKey, encryptWithKey } from '../../functions/lib/chassis/secret-box.js';
import { hashBackupCode, newBackupCode, newBackupCodes } from '../../functions/twofa/codes.js';
import { crc32, modulesToPng } from '../../functions/twofa/qr-code.js';
import { BACKUP_CODE } from '../../shared/api/twofa.js';
import { normalizeBackupCode } from '../../shared/domain/two-factor.js';

describe('backup codes (SPEC §5, §9)', () => {
  it('are 10 distinct XXXX-XXXX codes over letters and digits', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(BACKUP_CODE);
  });

  it('use every character of an alphabet without lookalikes: no 0/O, no 1/I/L (issue 23)', () => {
    const seen = new Set(Array.from({ length: 400 }, newBackupCode).join('').replaceAll('-', ''));
    expect([...seen].toSorted().join('')).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
    for (const lookalike of '01ILO') expect(seen).not.toContain(lookalike);
  });

  it('read the same in any case, with or without the dash or spaces', () => {
    for (const typed of ['ab12-cd34', 'AB12CD34', 'ab12 cd34', ' Ab12-Cd34 ', 'AB-12-CD-34'])
      expect(normalizeBackupCode(typed)).toBe('AB12-CD34');
    expect(normalizeBackupCode('AB12-CD345')).toBe('AB12-CD345');
    expect(normalizeBackupCode('AB12-CD345')).not.toMatch(BACKUP_CODE);
  });

  it('are stored as SHA-256 hashes, the same for any way of typing them', () => {
    expect(hashBackupCode('ab12-cd34')).toBe(hashBackupCode('AB12-CD34'));
    expect(hashBackupCode('ab12cd34')).toBe(hashBackupCode('AB12-CD34'));
    expect(hashBackupCode('AB12-CD34')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashBackupCode('AB12-CD34')).not.toBe(hashBackupCode('AB12-CD35'));
  });
});

describe('two-factor secret encryption (AES-256-GCM)', () => {
  const key = aesKey('k'.repeat(48));

  it('round-trips, with a fresh IV each time', () => {
    const a = encryptWithKey(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptWithKey(key, 'JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(a);
    expect(decryptWithKey(key, a, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another user, an altered value and garbage', () => {
    const sealed = encryptWithKey(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(decryptWithKey(aesKey('x'.repeat(48)), sealed, 'user-1')).toBeNull();
    expect(decryptWithKey(key, sealed, 'user-2')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = `${parts[3].slice(0, -2)}${parts[3].endsWith('AA') ? 'BB' : 'AA'}`;
    expect(decryptWithKey(key, parts.join('.'), 'user-1')).toBeNull();
    for (const garbage of ['', 'v1', 'v1.a.b', 'v2.a.b.c', `${sealed}.x`]) expect(decryptWithKey(key, garbage, 'user-1')).toBeNull();
  });
});

describe('QR code PNG', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('draws each module as a 6-pixel square inside a 4-module quiet zone', () => {
    const dark = (row: number, col: number) => (row + col) % 3 === 0;
    const png = modulesToPng(5, dark);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const width = png.readUInt32BE(16);
    expect(width).toBe((5 + 8) * 6);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    const rowBytes = Math.ceil(width / 8) + 1;
    const pixelIsDark = (x: number, y: number) => ((raw[y * rowBytes + 1 + (x >> 3)] >> (7 - (x & 7))) & 1) === 0;
    for (let y = 0; y < width; y += 3) {
      for (let x = 0; x < width; x += 3) {
        const row = Math.floor(y / 6) - 4;
        const col = Math.floor(x / 6) - 4;
        const inside = row >= 0 && col >= 0 && row < 5 && col < 5;
        expect(pixelIsDark(x, y)).toBe(inside && dark(row, col));
      }
    }
  });
});

describe('two-factor tickets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('last 5 minutes, and are never taken for session tokens nor the other way round', async () => {
    process.env.JWT_SECRET ??= 's'.repeat(48);
    process.env.TABLE_NAME ??= 'table';
    process.env.PUBLIC_URL ??= 'http://localhost:3000';
    process.env.SENDER_EMAIL ??= 'sender@example.com';
    process.env.SES_CONFIGURATION_SET ??= 'unit';
    const { signSession, signTwoFactorTicket, verifySession, verifyTwoFactorTicket } = await import('../../functions/lib/auth/jwt.js');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const ticket = await signTwoFactorTicket({ userId: 'u1', tokenVersion: 3, timeZone: 'Europe/Berlin' });
    expect(await verifyTwoFactorTicket(ticket)).toMatchObject({ userId: 'u1', tokenVersion: 3, timeZone: 'Europe/Berlin' });
    expect(await verifySession(ticket)).toBeNull();
    expect(await verifyTwoFactorTicket(await signSession({ userId: 'u1', tokenVersion: 3, sessionId: 's1' }))).toBeNull();
    vi.setSystemTime(new Date('2026-01-01T00:04:50Z'));
    expect(await verifyTwoFactorTicket(ticket)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T00:05:01Z'));
    expect(await verifyTwoFactorTicket(ticket)).toBeNull();
  });
});
