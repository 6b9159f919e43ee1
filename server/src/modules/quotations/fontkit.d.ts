declare module 'fontkit' {
  /** The part of fontkit's font the PDF uses; pdfkit takes the object itself as a font source. */
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(filename: string): Font;
}
