import { describe, expect, it } from 'vitest';
import { avatarMaxBytes, avatarProblemOf, dataUrlBytes, imageFormatOf, imageSizeOf } from '../../shared/domain/avatar.js';

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

  it('reads the size each format declares in its header', () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(imageSizeOf(png, 'png')).toEqual({ width: 640, height: 480 });
    expect(imageSizeOf(bytes('GIF89a', [0x2c, 0x01, 0x64, 0x00]), 'gif')).toEqual({ width: 300, height: 100 });
    // APP0, then SOF2 (progressive): height 200, width 150.
    const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc2, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x00, 0x96, 3, 1, 0x22, 0]);
    expect(imageSizeOf(jpeg, 'jpeg')).toEqual({ width: 150, height: 200 });
    expect(imageSizeOf(new Uint8Array(Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')), 'webp')).toEqual({
      width: 1,
      height: 1,
    });
    expect(imageSizeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0, 0, 0, 0, 0, 0x2b, 0x01, 0, 0x09, 0, 0]), 'webp')).toEqual({
      width: 300,
      height: 10,
    });
    expect(imageSizeOf(bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg')).toBeNull();
  });

  it('tells the first rule an upload breaks, for the user as they are', () => {
    const gif = bytes('GIF89a', [1, 0, 1, 0]);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');
    const all = { animatedUnlocked: true, animatedEnabled: true };
    expect(avatarProblemOf(bytes('%PDF-1.7'), all)).toEqual({ problem: 'invalid' });
    expect(avatarProblemOf(gif, { animatedUnlocked: false, animatedEnabled: true })).toEqual({ problem: 'gifLocked' });
    expect(avatarProblemOf(gif, { animatedUnlocked: true, animatedEnabled: false })).toEqual({ problem: 'gifNeedsToggle' });
    expect(avatarProblemOf(gif, all)).toEqual({ format: 'gif', size: { width: 1, height: 1 } });
    const wideGif = bytes('GIF89a', [0xe8, 0x03, 1, 0]);
    expect(avatarProblemOf(wideGif, all)).toMatchObject({ format: 'gif' });
    expect(avatarProblemOf(Buffer.concat([gif, Buffer.alloc(10 * 1024 * 1024)]), all)).toEqual({ problem: 'gifTooLarge' });
    expect(avatarProblemOf(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), all)).toEqual({ problem: 'imageTooLarge' });
    const wide = Buffer.from(png);
    wide.writeUInt32BE(301, 16);
    expect(avatarProblemOf(wide, all)).toEqual({ problem: 'tooManyPixels' });
    wide.writeUInt32BE(300, 16);
    expect(avatarProblemOf(wide, all)).toEqual({ format: 'png', size: { width: 300, height: 1 } });
  });
});
