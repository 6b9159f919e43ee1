import { createRequire } from 'node:module';
import path from 'node:path';
import { openSync, type Font } from 'fontkit';
import { serverRoot } from '../../server-paths';

/**
 * The faces the PDF prints with: Noto Sans (Latin with its extensions, Greek, Cyrillic) first, then
 * a face per script it lacks, emoji last (its face also has digits and spaces, which belong to the text
 * faces). Each file is read once per process, when a text first needs it; pdfkit subsets what it prints.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  fallbacks: [
    '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
    '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  ],
};

const requireFromServer = createRequire(path.join(serverRoot, 'package.json'));
const opened = new Map<string, Font>();
function face(file: string): Font {
  let font = opened.get(file);
  if (!font) {
    font = openSync(requireFromServer.resolve(file));
    opened.set(file, font);
  }
  return font;
}

function fallbackFor(codePoint: number): Font | undefined {
  for (const file of FILES.fallbacks) {
    const font = face(file);
    if (font.hasGlyphForCodePoint(codePoint)) return font;
  }
  return undefined;
}

export interface TextRun {
  text: string;
  font: Font;
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
  const main = face(bold ? FILES.bold : FILES.regular);
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let font: Font | undefined;
    if (current && CLINGS.test(char)) font = current.font.hasGlyphForCodePoint(codePoint) ? current.font : undefined;
    if (!font) font = main.hasGlyphForCodePoint(codePoint) ? main : fallbackFor(codePoint);
    // A joiner or selector the run's face lacks is left out; any other character no face has prints as the main face's box.
    if (!font) {
      if (CLINGS.test(char)) continue;
      font = main;
    }
    if (current?.font === font) current.text += char;
    else runs.push((current = { text: char, font }));
  }
  return runs;
}
