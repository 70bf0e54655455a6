/** The part of fontkit (a dependency of pdfkit, which ships no types) that reads an uploaded face. */
declare module "fontkit" {
  type Face = { familyName: string; subfamilyName: string; numGlyphs: number };
  /** A collection (TTC, DFont) answers its faces rather than one. */
  type Collection = { fonts: Face[] };
  export function create(buffer: Buffer): Face | Collection;
}
