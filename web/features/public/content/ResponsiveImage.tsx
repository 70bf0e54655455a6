import type { CSSProperties } from "react";
import type { PublicImage } from "../../../../contract/public";
import { copyFor, sourceSet } from "../responsive-image";

type Props = {
  image: PublicImage;
  alt: string;
  /** The `sizes` attribute: how wide the image shows, for the browser to pick its copy. */
  sizes: string;
  /** The width the image shows at in CSS pixels, for the fallback copy and its reserved place. */
  displayWidth: number;
  style?: CSSProperties;
  className?: string;
};

/**
 * An image of the page's content, below its first screen: loaded lazily, as one of its resized copies (WebP where the
 * browser takes it), its width and height given so that nothing moves when it arrives.
 */
export function ResponsiveImage({ image, alt, sizes, displayWidth, style, className }: Props) {
  return (
    <picture>
      <source type="image/webp" srcSet={sourceSet(image, true)} sizes={sizes} />
      <img
        src={copyFor(image, displayWidth).url}
        srcSet={sourceSet(image, false)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={className}
        style={{ display: "block", maxWidth: "100%", height: "auto", ...style }}
      />
    </picture>
  );
}
