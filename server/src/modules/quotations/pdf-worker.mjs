/*
 * The worker thread that draws quotation PDFs (pdf-renderer.ts starts it through piscina). It is
 * plain JavaScript so a worker can start it however the server runs (node --import tsx, the tsx
 * command, or the tests' ts-jest, whose loaders a worker thread does not get), and it reads the
 * drawing code from its TypeScript source through tsx's own loader.
 */
import { tsImport } from 'tsx/esm/api';

const { pdfTakesImage, renderQuotationPdf } = await tsImport('./pdf.ts', import.meta.url);

/** @param {{ quotation: import('@app/shared/contracts').PublicQuotation, logo: string | null }} job */
export default function drawPdf({ quotation, logo }) {
  return renderQuotationPdf(quotation, { logo });
}

/** Whether pdfkit takes an image, its pixels decoded here (pdf-renderer.ts runs it by this name). @param {Uint8Array} bytes */
export function takesImage(bytes) {
  return pdfTakesImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
