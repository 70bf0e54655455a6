import type { CSSProperties, ReactNode } from "react";
import type { alternateFonts, FontType, PublicFont } from "../../../contract/fonts";

const faceStyles: Record<FontType, { weight: number; style: "normal" | "italic" }> = {
  regular: { weight: 400, style: "normal" },
  bold: { weight: 700, style: "normal" },
  italic: { weight: 400, style: "italic" },
  boldItalic: { weight: 700, style: "italic" },
};

/** The generic family each alternate font belongs to: the last resort of the page's font stack. */
const genericFamilies: Record<(typeof alternateFonts)[number], string> = {
  Arial: "sans-serif",
  Helvetica: "sans-serif",
  Verdana: "sans-serif",
  Georgia: "serif",
  "Times New Roman": "serif",
  "Courier New": "monospace",
};

/**
 * A quoted CSS string. Family names are the organizer's file's: quotes, backslashes and line breaks are escaped, and
 * angle brackets too, so no text can close the style element.
 */
const cssString = (value: string) =>
  `"${value.replace(/["\\<>\r\n]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}"`;

/**
 * The account's fonts (SPEC §3 Font) over the page: each face declared with @font-face (shown in the fallback font
 * while it loads), and the family of its regular face, else of its first, for headings and text, its alternate font
 * then the generic family standing in. Without fonts the page is left as it is and nothing is loaded.
 */
export function AccountFonts({ fonts, children }: { fonts: PublicFont[]; children: ReactNode }) {
  const main = fonts.find((font) => font.type === "regular") ?? fonts[0];
  if (!main) return children;
  const stack = [cssString(main.family), cssString(main.alternateFont), genericFamilies[main.alternateFont]].join(", ");
  const faces = fonts.map((font) => {
    const { weight, style } = faceStyles[font.type];
    return `@font-face { font-family: ${cssString(font.family)}; src: url(${cssString(font.url)}) format("woff2"); font-weight: ${weight}; font-style: ${style}; font-display: swap; }`;
  });
  // Mantine's headings and inputs read these variables rather than inheriting the font.
  const style = {
    fontFamily: stack,
    "--mantine-font-family": stack,
    "--mantine-font-family-headings": stack,
  } as CSSProperties;
  return (
    <div style={style}>
      <style>{faces.join("\n")}</style>
      {children}
    </div>
  );
}
