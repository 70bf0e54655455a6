import { useEffect } from "react";
import type { Font } from "../../../contract/fonts";

/** The CSS family a block in this font is drawn with: the account's face, then its web-safe stand-in. */
export function badgeFontFamily(font: Font | undefined): string {
  return font ? `"badge-font-${font.id}", "${font.alternateFont}", sans-serif` : "Helvetica, Arial, sans-serif";
}

/**
 * Makes the account's fonts drawable in the designer: each face is registered once per page under its own family
 * (the face is the style: a bold font's file is already bold, so no weight is synthesized on top of it).
 */
export function useBadgeFontFaces(fonts: Font[] | undefined) {
  useEffect(() => {
    // jsdom, and browsers long gone, have no FontFace: the stand-in family is drawn instead.
    if (!fonts || typeof FontFace === "undefined") return;
    const registered = new Set([...document.fonts].map((face) => face.family.replaceAll('"', "")));
    for (const font of fonts) {
      const family = `badge-font-${font.id}`;
      if (registered.has(family)) continue;
      const face = new FontFace(family, `url(${font.url}) format("woff2")`);
      document.fonts.add(face);
      face.load().catch(() => {
        // An unreadable file leaves the stand-in family in place; the fonts page says which file is wrong.
      });
    }
  }, [fonts]);
}
