import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger logos are refused: a few hundred KB of PNG could otherwise claim gigabytes of pixels. */
const MAX_SIDE = 10_000;
// Samples per pixel by PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha).
const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
// The seven passes of an interlaced PNG: first column and row, and the steps between them.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/**
 * Whether a PNG's pixels decode: its image data inflates to exactly its rows, each starting with
 * a known filter. pdfkit decodes the pixels of a PNG with transparency or interlacing after
 * doc.image has returned, in a callback where a failure cannot be caught and would end the
 * server, so they are checked here first, synchronously.
 */
function pngPixelsDecode(bytes: Buffer): boolean {
  let header: { width: number; height: number; bits: number; samples: number; interlaced: boolean } | undefined;
  const data: Buffer[] = [];
  for (let at = PNG_SIGNATURE.length; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return false;
    if (type === 'IHDR' && length >= 13) {
      const samples = SAMPLES[body[9]];
      if (!samples) return false;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bits: body[8], samples, interlaced: body[12] === 1 };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || header.width < 1 || header.height < 1 || header.width > MAX_SIDE || header.height > MAX_SIDE) return false;
  const { width, height, bits, samples, interlaced } = header;
  // Each pass is rows of (1 filter byte + its pixels); a plain PNG is one pass over every pixel.
  const passes = (interlaced ? ADAM7 : [[0, 0, 1, 1]])
    .map(([x0, y0, dx, dy]) => ({ columns: Math.ceil((width - x0) / dx), rows: Math.ceil((height - y0) / dy) }))
    .filter((pass) => pass.columns > 0 && pass.rows > 0);
  const expected = passes.reduce((sum, pass) => sum + pass.rows * (1 + Math.ceil((pass.columns * bits * samples) / 8)), 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected });
  } catch {
    return false;
  }
  if (pixels.length !== expected) return false;
  let at = 0;
  for (const pass of passes) {
    const rowLength = 1 + Math.ceil((pass.columns * bits * samples) / 8);
    for (let row = 0; row < pass.rows; row++, at += rowLength) if (pixels[at] > 4) return false;
  }
  return true;
}

/**
 * Whether the PDF can print the image (PNG or JPEG), by pdfkit's own documented doc.image on a
 * scratch page, with a PNG's pixels decoded first (pngPixelsDecode). Uploaded logos are checked
 * with it, and the PDF checks a stored logo again before printing it.
 */
export function printableImage(bytes: Buffer): boolean {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) && !pngPixelsDecode(bytes)) return false;
  try {
    new PDFDocument({ size: [10, 10], margin: 0 }).image(bytes, 0, 0, { fit: [10, 10] });
    return true;
  } catch {
    return false;
  }
}
