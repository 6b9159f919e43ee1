import { inflateSync } from 'node:zlib';
import { createCrmFixture, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, pdfText } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
const LATIN_1_LETTERS = 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ';

/** Letters in words of at most 16, so that no word is wider than the column it is printed in. */
const inWords = (letters: string) => (letters.match(/.{1,16}/gu) ?? []).join(' ');

/** The quotation checked: its title, client, items and terms hold words of each script. */
const CHECKED = {
  title: 'Lazy dozen jazz quiz 🚀 Zebra Quartz',
  client_name: 'Zoë Jäger-Ærøskøbing',
  client_email: 'zed.quiz@example.com',
  client_address: 'Καλημέρα κόσμε, Привет мир, 北京市朝阳区',
  items: [
    { description: `ASCII ${inWords(PRINTABLE_ASCII)}`, quantity: 1, rate: 1 },
    { description: `Latin-1 ${inWords(LATIN_1_LETTERS)}`, quantity: 1, rate: 1 },
    { description: `Ελληνικά ${inWords('ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ αβγδεζηθικλμνξοπρστυφχψως')}`, quantity: 1, rate: 1 },
    { description: `Кириллица ${inWords('АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ')} ${inWords('абвгдеёжзийклмнопрстуфхцчшщъыьэюя')}`, quantity: 1, rate: 1 },
    { description: 'שלום עולם אבגדהוזחטיכךלמםנןסעפףצץקרשת', quantity: 1, rate: 1 },
    { description: 'مرحبا بالعالم كتاب جميل السلام عليكم', quantity: 1, rate: 1 },
    { description: 'ابتثجحخدذرسشصضطظعغفقكلمنهوي', quantity: 1, rate: 1 },
    // Pairs a face may join into one glyph (بي, ير, ين, في), which extractors then read reversed.
    { description: 'العربي عربي في كبير تبين لي غين مستشفى يبيع نبيل', quantity: 1, rate: 1 },
    { description: '你好世界 中文测试', quantity: 1, rate: 1 },
    { description: 'Launch 🚀 done', quantity: 1, rate: 1 },
  ],
  terms: `Payment in 30 days. ${inWords(PRINTABLE_ASCII)} ${inWords(LATIN_1_LETTERS)} Ωραία Жизнь שלום مرحبا 你好 🚀`,
};

/** Other quotations printed before, in the same process, as a server prints them all day. */
function otherQuotation(n: number) {
  const words = [
    'Łódź Žižkov Źródło',
    'Ýdalir Ÿvelines Ĵurnalo',
    'Ängelholm Öresund Ærø',
    'Überlingen Ñuñoa Ēriks',
    'Ζάκυνθος Ψαρά',
    'Йошкар-Ола Ёлки',
    'תל אביב',
    'الدار البيضاء',
    '上海 深圳',
    'Rocket 🚀 ✅',
  ];
  const text = (k: number) => words[(n + k) % words.length];
  return {
    title: `${text(0)} ${n}`,
    client_name: text(1),
    client_address: text(2),
    client_email: `client${n}@example.com`,
    items: [
      { description: text(3), quantity: n + 1, rate: 10 },
      { description: text(4), quantity: 1, rate: 5 },
    ],
    terms: text(5),
  };
}

/**
 * The text pdftotext gives for a word as typed. It writes right-to-left words in their logical
 * order, as typed, and marks them with bidi embedding controls (U+202A–U+202E), left out here; it
 * gives the text each glyph maps to, so no presentation forms appear and no normalisation is needed.
 * One exception: the lam-alef ligature (لا, لأ, لإ, لآ) is one glyph for two letters, and pdftotext
 * reverses a right-to-left line letter by letter, not glyph by glyph, so those two come out the
 * other way round (pdfminer and pypdf read it so too). The PDF itself maps that glyph to lam, then
 * alef, as typed: the test checks that in the document's ToUnicode maps.
 */
const asPdftotextReads = (word: string) => word.replace(/ل([اأإآ])/g, '$1ل');
const withoutBidiControls = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/** The ToUnicode maps of a PDF (pdfkit compresses every stream): what each glyph of each font says as text. */
function toUnicodeMaps(pdf: Buffer): string {
  const maps: string[] = [];
  const binary = pdf.toString('latin1');
  for (const match of binary.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = binary.indexOf('endstream', start);
    try {
      const text = inflateSync(pdf.subarray(start, end)).toString('latin1');
      if (text.includes('beginbfrange')) maps.push(text);
    } catch {
      // Not a compressed stream of text (an image, a font file).
    }
  }
  return maps.join('\n');
}

test('every character printed in a quotation PDF extracts as itself, however many documents the server printed before', async () => {
  for (let n = 0; n < 30; n++) {
    const other = await createQuotation(t, f.staff, f.demoTenantId, otherQuotation(n));
    expect((await t.request({ url: `/api/v1/quotations/${other.id}/pdf`, token: f.staff })).statusCode).toBe(200);
  }

  const q = await createQuotation(t, f.staff, f.demoTenantId, CHECKED);
  const response = await t.request({ url: `/api/v1/quotations/${q.id}/pdf`, token: f.staff });
  expect(response.statusCode).toBe(200);
  const text = withoutBidiControls(pdfText(response.rawPayload));
  const typed = [
    CHECKED.title,
    CHECKED.client_name,
    CHECKED.client_email,
    CHECKED.client_address,
    ...CHECKED.items.map((item) => item.description),
    CHECKED.terms,
  ];
  const words = [...new Set(typed.flatMap((field) => field.split(/\s+/)))];
  expect(words.filter((word) => !text.includes(asPdftotextReads(word)))).toEqual([]);

  // No glyph says nothing (a dropped "z" was an empty entry, <>), and the lam-alef glyph says lam, then alef.
  const maps = toUnicodeMaps(response.rawPayload);
  expect(maps).toContain('beginbfrange');
  expect(maps).not.toContain('<>');
  expect(maps).toContain('<0644 0627>');
  // Thirty-one PDFs, each drawn on a worker thread: on a busy two-core machine that takes more than the default half minute.
}, 120_000);
