import PDFDocument from 'pdfkit';
import type { PublicQuotation } from '@app/shared/contracts';
import { formatCurrency, storageNote, unitName } from '@app/shared/quotations';
import { faceBytes, fontRuns, visualOrder, type Face } from './pdf-fonts';

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A moment as the PDF states it, in UTC: "Mar 2, 2026, 14:05 UTC". */
const utcMoment = (iso: string) => {
  const at = new Date(iso);
  const time = at.toISOString().slice(11, 16);
  return `${longDate(at.toISOString().slice(0, 10))}, ${time} UTC`;
};

/** Who decided and when, as printed on an accepted or rejected quotation. */
export function decisionLines(q: Pick<PublicQuotation, 'status' | 'decided_at' | 'accepted_by' | 'rejection_reason'>): string[] {
  if (!q.decided_at) return [];
  const when = utcMoment(q.decided_at);
  if (q.status === 'accepted') return [`Accepted by ${q.accepted_by ?? 'the client'} on ${when}.`];
  if (q.status === 'rejected') return [`Rejected by the client on ${when}.`, q.rejection_reason ? `Reason: ${q.rejection_reason}` : ''];
  return [];
}

const MARGIN = 50;
const COLUMNS = [
  { label: 'Description', width: 225, align: 'left' as const },
  { label: 'Qty', width: 80, align: 'right' as const },
  { label: 'Rate', width: 95, align: 'right' as const },
  { label: 'Amount', width: 95, align: 'right' as const },
];

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

// A face is registered with a document when the document first prints with it: pdfkit parses the
// face's bytes for that document and keeps one subset of it.
const registered = new WeakMap<Doc, Set<string>>();
function setFace(doc: Doc, face: Face, size: number): void {
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (!names.has(face.name)) {
    doc.registerFont(face.name, faceBytes(face));
    names.add(face.name);
  }
  doc.font(face.name).fontSize(size);
}

interface Style {
  bold?: boolean;
  size?: number;
}

/** Text in the faces that have its characters, one run per face; each line of it flows as one paragraph. */
function write(doc: Doc, text: string, style: Style, x?: number, y?: number, options: TextOptions = {}): void {
  const size = style.size ?? 10;
  text.split('\n').forEach((line, lineIndex) => {
    const runs = fontRuns(visualOrder(line) || ' ', style.bold);
    runs.forEach((run, index) => {
      setFace(doc, run.face, size);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, lineIndex === 0 ? y : undefined, { ...options, continued });
      else doc.text(run.text, { continued });
    });
  });
}

/**
 * The height the text takes. Text in one face is measured in it; text in several is measured in each
 * of them and the tallest counts, so a wide script (a CJK face's full-width characters) is never
 * measured by a narrower face's placeholder glyphs and a table row is never too short for it.
 */
function heightOf(doc: Doc, text: string, style: Style, width: number): number {
  const faces = new Set(text.split('\n').flatMap((line) => fontRuns(visualOrder(line) || ' ', style.bold).map((run) => run.face)));
  let height = 0;
  for (const face of faces) {
    setFace(doc, face, style.size ?? 10);
    height = Math.max(height, doc.heightOfString(text, { width }));
  }
  return height;
}

function bottom(doc: Doc): number {
  return doc.page.height - MARGIN;
}

/** Starts a new page when fewer than `needed` points are left. */
function ensureSpace(doc: Doc, needed: number): boolean {
  if (doc.y + needed <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

function tableRow(doc: Doc, cells: string[], bold: boolean): void {
  const heights = cells.map((cell, index) => heightOf(doc, cell, { bold }, COLUMNS[index].width - 8));
  const height = Math.max(...heights) + 6;
  // A row taller than a page is cut by pdfkit's own flow; every other row moves whole.
  if (ensureSpace(doc, height) && !bold)
    tableRow(
      doc,
      COLUMNS.map((column) => column.label),
      true,
    );
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((cell, index) => {
    write(doc, cell, { bold }, x + 4, top + 3, { width: COLUMNS[index].width - 8, align: COLUMNS[index].align });
    x += COLUMNS[index].width;
  });
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(x, top + height)
    .lineWidth(bold ? 1 : 0.3)
    .stroke('#999999');
  doc.x = MARGIN;
  doc.y = top + height;
}

function block(doc: Doc, heading: string, lines: string[]): void {
  const text = lines.filter(Boolean);
  if (text.length === 0) return;
  ensureSpace(doc, 40);
  doc.moveDown(0.6);
  write(doc, heading, { bold: true, size: 11 }, MARGIN);
  for (const line of text) write(doc, line, {}, MARGIN);
}

function partyBlocks(doc: Doc, q: PublicQuotation): void {
  const top = doc.y;
  const half = (doc.page.width - 2 * MARGIN) / 2;
  const column = (x: number, heading: string, lines: string[]) => {
    write(doc, heading, { bold: true, size: 11 }, x, top, { width: half - 10 });
    for (const line of lines.filter(Boolean)) write(doc, line, {}, x, undefined, { width: half - 10 });
    return doc.y;
  };
  const left = column(MARGIN, 'From', [q.company_name, q.company_address, q.company_phone, q.company_email, q.company_website]);
  const right = column(MARGIN + half, 'Bill To', [q.client_name, q.client_address, q.client_email, q.client_phone]);
  doc.x = MARGIN;
  doc.y = Math.max(left, right);
}

function totals(doc: Doc, q: PublicQuotation): void {
  const money = (amount: number) => formatCurrency(amount, q.currency);
  const rows: Array<[string, string]> = [
    ['Subtotal', money(q.subtotal)],
    [`Discount (${q.discount_rate}%)`, `-${money(q.discount_amount)}`],
    [`Tax (${q.tax_rate}%)`, money(q.tax_amount)],
    [`Total (${q.currency})`, money(q.total)],
  ];
  ensureSpace(doc, rows.length * 16 + 10);
  doc.moveDown(0.5);
  for (const [label, value] of rows) {
    const bold = label.startsWith('Total');
    const top = doc.y;
    const style = { bold, size: bold ? 12 : 10 };
    write(doc, label, style, MARGIN + 255, top, { width: 145, align: 'right' });
    write(doc, value, style, MARGIN + 400, top, { width: 95, align: 'right' });
    doc.x = MARGIN;
  }
}

const LOGO_BOX: [number, number] = [160, 60];

/**
 * The tenant's logo at the top right, within 160 × 60 points. pdf-renderer.ts hands in only a logo
 * lib/printable-image.ts found printable (so its pixels decode before pdfkit's callback decodes
 * them); one pdfkit still refuses is left out rather than failing the PDF.
 */
function logo(doc: Doc, bytes: Buffer): void {
  try {
    doc.image(bytes, doc.page.width - MARGIN - LOGO_BOX[0], MARGIN, { fit: LOGO_BOX, align: 'right' });
  } catch {
    // Left out.
  }
}

/**
 * Whether pdfkit takes the image: drawn on a scratch page whose document is then finished, so the
 * pixels pdfkit decodes after doc.image has returned are decoded within this call. Run on a PDF
 * worker (pdf-worker.mjs), where a failure of that decoding ends the task, not the server.
 */
export function pdfTakesImage(bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [10, 10], margin: 0 });
    doc.on('data', () => undefined);
    doc.on('end', () => resolve(true));
    try {
      doc.image(bytes, 0, 0, { fit: [10, 10] });
    } catch {
      resolve(false);
      return;
    }
    doc.end();
  });
}

/** The printable quotation as PDF bytes: heading, parties, items (header repeated per page), totals, storage note, terms. */
export function renderQuotationPdf(q: PublicQuotation, sender: { logo?: string | null } = {}): Promise<Buffer> {
  // pdfkit reads every info entry, so an empty author is left out rather than set to undefined.
  const info = q.company_name ? { Title: `Quotation ${q.number}`, Author: q.company_name } : { Title: `Quotation ${q.number}` };
  // pdfkit starts each document with Helvetica (about a millisecond); every text here names its own face.
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (sender.logo) logo(doc, Buffer.from(sender.logo, 'base64'));
  write(doc, 'QUOTATION', { bold: true, size: 24 }, MARGIN, MARGIN);
  write(doc, `Quote number: ${q.number}`, {});
  write(doc, `Quote date: ${longDate(q.quote_date)}`, {});
  write(doc, `Valid until: ${longDate(q.valid_until)}`, {});
  write(doc, `Currency: ${q.currency}`, {});
  doc.moveDown();
  partyBlocks(doc, q);

  if (q.title) {
    doc.moveDown(0.8);
    write(doc, q.title, { bold: true, size: 14 }, MARGIN);
  }
  block(doc, 'Product', [q.product_name, q.product_overview, q.product_description]);
  block(doc, 'Subscription', [q.subscription_plan, q.subscription_includes]);

  doc.moveDown();
  tableRow(
    doc,
    COLUMNS.map((column) => column.label),
    true,
  );
  const money = (amount: number) => formatCurrency(amount, q.currency);
  // The quantity as given, with what it counts ("1.5 hours").
  const quantity = (item: PublicQuotation['items'][number]) => [String(item.quantity), unitName(item.quantity, item.unit)].filter(Boolean).join(' ');
  for (const item of q.items) tableRow(doc, [item.description, quantity(item), money(item.rate), money(item.amount)], false);
  totals(doc, q);

  block(doc, q.status === 'accepted' ? 'Accepted' : 'Rejected', decisionLines(q));
  block(doc, 'Document storage', [storageNote(q)]);
  block(doc, 'Terms and Conditions', [q.terms]);
  doc.end();
  return done;
}
