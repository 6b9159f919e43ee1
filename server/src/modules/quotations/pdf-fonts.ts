import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create } from 'fontkit';
import { serverRoot } from '../../server-paths';

/** A face of the PDF: the name each document registers it under, and its file. */
export interface Face {
  name: string;
  file: string;
}

const face = (name: string, file: string): Face => ({ name, file: `@expo-google-fonts/${file}` });

/**
 * The faces the PDF prints with: Noto Sans (Latin with its extensions, Greek, Cyrillic) first, then
 * a face per script it lacks, emoji last (its face also has digits and spaces, which belong to the
 * text faces). pdfkit embeds only the glyphs a document prints.
 *
 * Arabic is Readex Pro, not Noto Sans Arabic or IBM Plex Sans Arabic: Noto draws a dotted letter
 * as a dotless base and its dots, so one glyph stands for several letters (ج and ح, ت and ي in the
 * middle of a word); IBM Plex joins pairs such as بي, ير and ين into one glyph, which extractors of
 * right-to-left text read back the wrong way round (عريب for عربي). As a PDF's text layer maps each
 * glyph to its text, both came out of copy or pdftotext with wrong letters. Readex Pro has a glyph
 * of its own for each letter in each position, and joins only lam-alef, which every Arabic face must.
 */
const FACES = {
  regular: face('NotoSans-Regular', 'noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: face('NotoSans-Bold', 'noto-sans/700Bold/NotoSans_700Bold.ttf'),
  fallbacks: [
    face('ReadexPro-Regular', 'readex-pro/400Regular/ReadexPro_400Regular.ttf'),
    face('NotoSansHebrew-Regular', 'noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
    face('NotoSansSC-Regular', 'noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    face('NotoEmoji-Regular', 'noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
  ],
};

interface LoadedFace {
  bytes: Buffer;
  covers: ReadonlySet<number>;
}

const requireFromServer = createRequire(path.join(serverRoot, 'package.json'));
const loaded = new Map<string, LoadedFace>();

/**
 * A face's file, read once per process when a text first needs it, and the characters it has
 * (read off its character map). Only these bytes are shared between documents: each document
 * registers them and pdfkit parses them for that document alone. A parsed font shared by all
 * documents kept every glyph it had laid out with the text it was first laid out for (a "z" met as
 * a part of "ž" kept none), and later documents' text layers said that instead of their letters.
 */
function load(of: Face): LoadedFace {
  let face = loaded.get(of.name);
  if (!face) {
    const bytes = readFileSync(requireFromServer.resolve(of.file));
    const font = create(bytes);
    if ('fonts' in font) throw new Error(`${of.file} is a font collection, not a font`);
    face = { bytes, covers: new Set(font.characterSet) };
    loaded.set(of.name, face);
  }
  return face;
}

/** The bytes of a face, for a document's registerFont. */
export function faceBytes(of: Face): Buffer {
  return load(of).bytes;
}

const has = (of: Face, codePoint: number) => load(of).covers.has(codePoint);

export interface TextRun {
  text: string;
  face: Face;
}

// Combining marks, joiners and variation selectors stay in the run they are in, so an emoji keeps its modifiers.
const CLINGS = /[\p{M}\p{Cf}\uFE00-\uFE0F]/u;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const LEFT_TO_RIGHT = /(?![\p{Script=Arabic}\p{Script=Hebrew}])\p{L}/u;

/**
 * The line with each stretch of right-to-left words in the order they stand on paper, right to left.
 * The font engine draws a word's letters right to left and pdfkit places words left to right, so the
 * words of such a stretch are given in reverse; spaces between them stay plain spaces. (A stretch is
 * kept to its line: a right-to-left paragraph that wraps reads its lines bottom-up.)
 */
export function visualOrder(line: string): string {
  if (!RIGHT_TO_LEFT.test(line)) return line;
  const tokens = line.split(/(\s+)/);
  const isRtl = (token: string) => RIGHT_TO_LEFT.test(token) && !LEFT_TO_RIGHT.test(token);
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    if (!isRtl(tokens[i])) {
      out.push(tokens[i++]);
      continue;
    }
    let end = i + 1;
    while (end + 1 < tokens.length && isRtl(tokens[end + 1])) end += 2;
    out.push(...tokens.slice(i, end).reverse());
    i = end;
  }
  return out.join('');
}

/** The text cut into runs, each printed with the first face that has its characters. */
export function fontRuns(text: string, bold = false): TextRun[] {
  const main = bold ? FACES.bold : FACES.regular;
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let chosen: Face | undefined;
    if (current && CLINGS.test(char)) chosen = has(current.face, codePoint) ? current.face : undefined;
    if (!chosen) chosen = has(main, codePoint) ? main : FACES.fallbacks.find((fallback) => has(fallback, codePoint));
    // A joiner or selector the run's face lacks is left out; any other character no face has prints as the main face's box.
    if (!chosen) {
      if (CLINGS.test(char)) continue;
      chosen = main;
    }
    if (current?.face === chosen) current.text += char;
    else runs.push((current = { text: char, face: chosen }));
  }
  return runs;
}
