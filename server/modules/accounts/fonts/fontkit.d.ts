/** The part of fontkit (a dependency of pdfkit, which ships no types) that reads an uploaded face. */
declare module "fontkit" {
  type Face = {
    familyName: string;
    subfamilyName: string;
    numGlyphs: number;
    /** The glyphs that draw a text, as pdfkit lays it out before embedding them. */
    layout(text: string): { glyphs: { id: number }[] };
    /** The subset pdfkit embeds in a PDF: its `encode` is where a glyph the subsetter cannot copy throws. */
    createSubset(): { includeGlyph(glyph: number): number; encode(): Uint8Array };
  };
  /** A collection (TTC, DFont) answers its faces rather than one. */
  type Collection = { fonts: Face[] };
  export function create(buffer: Buffer): Face | Collection;
}
