import { deflateSync } from 'node:zlib';
import QRCodeCore from 'qrcode/lib/core/qrcode.js';

/**
 * The setup's QR code as a PNG data URL. Only qrcode's core (the symbol's modules) is bundled: its
 * default entry brings renderers for files, terminals and SVG and the pngjs encoder, while a
 * black-and-white PNG is a few lines over node:zlib (docs/decisions/0013-two-factor-sign-in.md).
 */

/** Pixels per module, and the quiet zone in modules around the symbol (4 is the standard's minimum). */
const SCALE = 6;
const MARGIN = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1-bit greyscale PNG of a square grid of modules (`dark(row, col)`), with a white quiet zone. */
export function modulesToPng(size: number, dark: (row: number, col: number) => boolean): Buffer {
  const width = (size + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(width / 8);
  const raw = Buffer.alloc((rowBytes + 1) * width, 0);
  for (let y = 0; y < width; y++) {
    const offset = y * (rowBytes + 1);
    raw[offset] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const row = Math.floor(y / SCALE) - MARGIN;
      const col = Math.floor(x / SCALE) - MARGIN;
      const isDark = row >= 0 && col >= 0 && row < size && col < size && dark(row, col);
      // In greyscale, bit 1 is white.
      if (!isDark) raw[offset + 1 + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The text as a QR code (error correction M), a `data:image/png;base64,` URL. */
export function qrCodeDataUrl(text: string): string {
  const { modules } = QRCodeCore.create(text, { errorCorrectionLevel: 'M' });
  const png = modulesToPng(modules.size, (row, col) => modules.get(row, col) === 1);
  return `data:image/png;base64,${png.toString('base64')}`;
}
