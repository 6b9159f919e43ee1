import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { QUOTATION_LOGO_PIXEL_BUDGET_BYTES, type PublicQuotation } from '@app/shared/contracts';
import { printableImage, type ImageVerdict } from '../../lib/printable-image';
import { serverRoot } from '../../server-paths';

/** What a PDF is drawn from: the quotation as its client sees it and the tenant's logo. */
export interface PdfJob {
  quotation: PublicQuotation;
  logo: string | null;
}

export interface PdfRenderer {
  /** The PDF of this version of the quotation: drawn on a worker thread, or the one drawn last time when nothing changed. */
  render(quotationId: string, job: PdfJob): Promise<Buffer>;
  /** Whether a logo can be printed, or is over the pixel budget (lib/printable-image.ts), pdfkit's part tried on a worker. */
  judgeLogo(bytes: Buffer): Promise<ImageVerdict>;
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  /** Worker threads drawing at once; the default leaves a core to the request thread. */
  threads?: number;
  /** Bytes of drawn PDFs kept in memory (oldest used dropped first). */
  cacheBytes?: number;
}

const WORKER = path.join(serverRoot, 'src', 'modules', 'quotations', 'pdf-worker.mjs');
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
// A worker stays this long after its last PDF, so a burst of downloads does not pay its start each time.
const IDLE_MS = 5 * 60_000;
// Logos judged lately, by their hash: a tenant's logo is checked once, not for every PDF.
const JUDGED_LOGOS = 32;

export const defaultPdfThreads = () => Math.max(1, os.availableParallelism() - 1);

/** Everything the drawing reads, hashed: any change to the quotation or the logo is another version. */
function versionOf(job: PdfJob): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(job.quotation))
    .update('\0')
    .update(job.logo ?? '')
    .digest('base64url');
}

interface Kept {
  version: string;
  pdf: Promise<Buffer>;
  bytes: number;
}

/**
 * Draws quotation PDFs off the request thread: a large quotation takes most of a second of CPU,
 * which on the request thread held every other request (health checks included) for as long.
 * The last drawn version of each quotation is kept, so repeated downloads of an unchanged quotation
 * draw nothing, and downloads of one version at the same moment share one drawing.
 */
export function pdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  // Two tasks: drawing a PDF (the default export) and trying an image (`takesImage`).
  const pool = new Piscina<PdfJob | Uint8Array, Uint8Array | boolean>({
    filename: WORKER,
    minThreads: 0,
    maxThreads: options.threads ?? defaultPdfThreads(),
    idleTimeout: IDLE_MS,
  });
  const limit = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
  // An image whose decoding fails on the worker ends that task (and the worker), not the server.
  const pdfTakes = (bytes: Buffer) =>
    pool.run(new Uint8Array(bytes), { name: 'takesImage' }).then(
      (answer) => answer === true,
      () => false,
    );
  const judgeLogo = (bytes: Buffer) => printableImage(bytes, QUOTATION_LOGO_PIXEL_BUDGET_BYTES, pdfTakes);
  const judged = new Map<string, Promise<boolean>>();
  /**
   * The logo if the PDF can print it, else null: uploads are checked the same way, and this guards a
   * logo stored before that check (or past today's pixel budget) from reaching pdfkit on a worker.
   */
  const printableLogo = async (logo: string | null): Promise<string | null> => {
    if (!logo) return null;
    const key = crypto.createHash('sha256').update(logo).digest('base64url');
    let verdict = judged.get(key);
    if (!verdict) {
      verdict = judgeLogo(Buffer.from(logo, 'base64')).then((answer) => answer === 'printable');
      judged.set(key, verdict);
      if (judged.size > JUDGED_LOGOS) judged.delete(judged.keys().next().value!);
    }
    return (await verdict) ? logo : null;
  };
  // One entry per quotation, its latest version; Map order is the order of last use.
  const kept = new Map<string, Kept>();
  let keptBytes = 0;

  const forget = (quotationId: string, entry: Kept) => {
    if (kept.get(quotationId) !== entry) return;
    kept.delete(quotationId);
    keptBytes -= entry.bytes;
  };

  const trim = () => {
    for (const [id, entry] of kept) {
      if (keptBytes <= limit) break;
      forget(id, entry);
    }
  };

  return {
    render(quotationId, job) {
      const version = versionOf(job);
      const hit = kept.get(quotationId);
      if (hit?.version === version) {
        kept.delete(quotationId);
        kept.set(quotationId, hit);
        return hit.pdf;
      }
      if (hit) forget(quotationId, hit);
      const pdf = printableLogo(job.logo)
        .then((logo) => pool.run({ ...job, logo }))
        .then((drawn) => {
          if (!(drawn instanceof Uint8Array)) throw new Error('the PDF worker answered no PDF');
          return Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
        });
      const entry: Kept = { version, bytes: 0, pdf };
      kept.set(quotationId, entry);
      entry.pdf.then(
        (pdf) => {
          if (kept.get(quotationId) !== entry) return;
          entry.bytes = pdf.byteLength;
          keptBytes += entry.bytes;
          trim();
        },
        () => forget(quotationId, entry),
      );
      return entry.pdf;
    },
    judgeLogo,
    async close() {
      kept.clear();
      keptBytes = 0;
      await pool.close();
    },
  };
}
