import sharp, { type Metadata } from 'sharp';

// Each image is read once and dropped: libvips's operation cache would only hold memory.
sharp.cache(false);

/** Bytes of one sample by libvips's band format (sharp's `depth`): PNG and JPEG have 8 or 16 bits. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

export type ImageVerdict = 'printable' | 'too-large' | 'not-printable';

/** What decoding the image would take, from its header alone: width × height × bytes per pixel (every channel's samples). */
export interface ImageFootprint {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  bytesPerPixel: number;
  decodedBytes: number;
}

/**
 * The image's size once decoded, read from its header without decoding a pixel (sharp's documented
 * `metadata()`); null when it is no PNG or JPEG whose header says as much.
 */
export async function imageFootprint(bytes: Buffer): Promise<ImageFootprint | null> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return null;
  }
  const { format, width, height, channels, depth } = metadata;
  const sampleBytes = SAMPLE_BYTES[depth ?? ''];
  if ((format !== 'png' && format !== 'jpeg') || !width || !height || !channels || !sampleBytes) return null;
  const bytesPerPixel = channels * sampleBytes;
  return { format, width, height, bytesPerPixel, decodedBytes: width * height * bytesPerPixel };
}

/**
 * Whether the PDF can print the image, checked in this order so that nothing large is decoded:
 * its header against the pixel budget; every pixel decoded by sharp, off the event loop (libpng and
 * libjpeg, refusing on any warning: a bad checksum, a truncated or corrupt stream, an unknown
 * filter); and `pdfTakes`, pdfkit drawing it on a scratch page on a PDF worker
 * (quotations/pdf-renderer.ts). pdfkit decodes a PNG's pixels after doc.image has returned, in a
 * callback where a failure cannot be caught, so the full decode comes first.
 */
export async function printableImage(bytes: Buffer, pixelBudgetBytes: number, pdfTakes: (bytes: Buffer) => Promise<boolean>): Promise<ImageVerdict> {
  const footprint = await imageFootprint(bytes);
  if (!footprint) return 'not-printable';
  if (footprint.decodedBytes > pixelBudgetBytes) return 'too-large';
  try {
    await sharp(bytes, { failOn: 'warning', limitInputPixels: footprint.width * footprint.height })
      .raw()
      .toBuffer();
  } catch {
    return 'not-printable';
  }
  return (await pdfTakes(bytes)) ? 'printable' : 'not-printable';
}
