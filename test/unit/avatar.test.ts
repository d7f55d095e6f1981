import { describe, expect, it } from 'vitest';
import { avatarMaxBytes, dataUrlBytes, imageFormatOf } from '../../shared/domain/avatar.js';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('avatar images (SPEC §5 Avatar upload, §9)', () => {
  it('tells PNG, JPEG, WebP and GIF by their magic numbers', () => {
    expect(imageFormatOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toBe('png');
    expect(imageFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageFormatOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(imageFormatOf(bytes('GIF87a', [1]))).toBe('gif');
    expect(imageFormatOf(bytes('GIF89a', [1]))).toBe('gif');
  });

  it('refuses everything else, whatever it claims to be', () => {
    expect(imageFormatOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageFormatOf(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(imageFormatOf(bytes('GIF88a'))).toBeNull();
    expect(imageFormatOf(bytes([0x89], 'PN'))).toBeNull();
    expect(imageFormatOf(new Uint8Array())).toBeNull();
  });

  it('allows a GIF 10 MB and other images 5 MB (SPEC §9)', () => {
    expect(avatarMaxBytes('gif')).toBe(10 * 1024 * 1024);
    for (const format of ['png', 'jpeg', 'webp'] as const) expect(avatarMaxBytes(format)).toBe(5 * 1024 * 1024);
  });

  it('decodes base64 data URLs only', () => {
    expect(dataUrlBytes('data:image/png;base64,AQID')).toEqual(new Uint8Array([1, 2, 3]));
    expect(dataUrlBytes('data:;base64,AQI=')).toEqual(new Uint8Array([1, 2]));
    expect(dataUrlBytes('data:image/png,plain')).toBeNull();
    expect(dataUrlBytes('data:image/png;base64,A')).toBeNull();
    expect(dataUrlBytes('data:image/png;base64,@@')).toBeNull();
    expect(dataUrlBytes('https://example.com/a.png')).toBeNull();
  });
});
