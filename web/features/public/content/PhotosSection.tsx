import { SimpleGrid, UnstyledButton } from "@mantine/core";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicPhoto } from "../../../../contract/photos";
import { ContentSection } from "./ContentSection";
import { ResponsiveImage } from "./ResponsiveImage";

// The lightbox's code comes on the first opening: a visitor who only scrolls past the gallery never fetches it.
const Lightbox = lazy(() => import("./Lightbox"));

/** Three thumbnails a row on a phone, four from a tablet's width, within the page's 720 pixels. */
const thumbnailSizes = "(min-width: 48em) 180px, 33vw";

/** The photo gallery: square thumbnails loaded lazily as small copies; a click opens the photo in the lightbox. */
export function PhotosSection({ photos }: { photos: PublicPhoto[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const alt = (photo: PublicPhoto, index: number) =>
    photo.caption || t("public.content.photoOf", { number: index + 1, total: photos.length });
  return (
    <ContentSection id="photos" title={t("public.content.photos")}>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={6}>
        {photos.map((photo, index) => (
          <UnstyledButton
            key={photo.id}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setOpen(index);
            }}
            aria-haspopup="dialog"
            style={{ display: "block", borderRadius: "var(--mantine-radius-sm)", overflow: "hidden" }}
          >
            <ResponsiveImage
              image={photo}
              alt={alt(photo, index)}
              sizes={thumbnailSizes}
              displayWidth={180}
              style={{ width: "100%", aspectRatio: "1 / 1", objectFit: "cover" }}
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox
            photos={photos}
            index={open}
            alt={alt}
            onIndexChange={setOpen}
            onClose={() => {
              setOpen(null);
              // Back to the thumbnail the visitor opened, where they were.
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </ContentSection>
  );
}
