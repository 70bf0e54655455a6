import type { PublicImage } from "../../../contract/public";

/* How a public page picks among an image's resized copies (server/modules/images): by width, WebP where it can. */

/** `url 320w, url 640w…` of one format's copies: the browser picks by the screen's width and density. */
export function sourceSet(image: PublicImage, webp: boolean) {
  return image.variants
    .filter((variant) => (variant.contentType === "image/webp") === webp)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

/** The smallest copy at least `width` wide, in a format every browser shows. */
export function copyFor(image: PublicImage, width: number) {
  const safe = image.variants.filter((variant) => variant.contentType !== "image/webp");
  return safe.find((variant) => variant.width >= width) ?? safe[safe.length - 1] ?? image;
}
