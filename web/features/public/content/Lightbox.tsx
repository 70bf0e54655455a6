import { type KeyboardEvent, type TouchEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PublicPhoto } from "../../../../contract/photos";
import { copyFor, sourceSet } from "../responsive-image";

type Props = {
  photos: PublicPhoto[];
  index: number;
  alt(photo: PublicPhoto, index: number): string;
  onIndexChange(index: number): void;
  onClose(): void;
};

/** A swipe this long (in CSS pixels) across the photo moves to the next or previous one. */
const swipeDistance = 50;

const buttonStyle = {
  minWidth: 44,
  minHeight: 44,
  border: 0,
  borderRadius: 22,
  background: "rgba(255, 255, 255, 0.9)",
  color: "#111",
  fontSize: 22,
  lineHeight: 1,
  cursor: "pointer",
} as const;

/**
 * One photo of the gallery over the whole screen, as large as the screen takes it: the arrow keys and a swipe move
 * through the photos, Escape closes, and the focus stays inside while it is open (the gallery returns it to the
 * thumbnail). A small component of its own rather than a library, its chunk loaded on the first opening.
 */
export default function Lightbox({ photos, index, alt, onIndexChange, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<number | null>(null);
  const photo = photos[index];
  const move = (step: number) => onIndexChange((index + step + photos.length) % photos.length);

  useEffect(() => {
    close.current?.focus();
    // The page behind stays where it is.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") onClose();
    else if (event.key === "ArrowRight") move(1);
    else if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "Tab") {
      // The focus goes round the dialog's own buttons.
      const buttons = [...(dialog.current?.querySelectorAll("button") ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const next = buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
      event.preventDefault();
      next?.focus();
    } else return;
    if (event.key !== "Tab") event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < swipeDistance) return;
    move(end < start ? 1 : -1);
  };

  if (!photo) return null;
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t("public.content.photos")}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onTouchStart={(event) => {
        touchStart.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={onTouchEnd}
      // A click beside the photo closes, as in every gallery.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 400,
        background: "rgba(0, 0, 0, 0.92)",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        padding: "56px 8px 72px",
      }}
    >
      <picture style={{ display: "contents" }}>
        <source type="image/webp" srcSet={sourceSet(photo, true)} sizes="100vw" />
        <img
          key={photo.id}
          src={copyFor(photo, 1280).url}
          srcSet={sourceSet(photo, false)}
          sizes="100vw"
          width={photo.width}
          height={photo.height}
          alt={alt(photo, index)}
          style={{ maxWidth: "100%", maxHeight: "100%", width: "auto", height: "auto", objectFit: "contain" }}
        />
      </picture>
      {photo.caption && <p style={{ color: "#fff", margin: "8px 0 0", textAlign: "center" }}>{photo.caption}</p>}
      <p aria-live="polite" style={{ position: "absolute", top: 12, left: 16, margin: 0, color: "#fff" }}>
        {t("public.content.photoCounter", { number: index + 1, total: photos.length })}
      </p>
      <button
        ref={close}
        type="button"
        onClick={onClose}
        aria-label={t("public.content.closePhoto")}
        style={{ ...buttonStyle, position: "absolute", top: 8, right: 8 }}
      >
        ×
      </button>
      {photos.length > 1 && (
        <div style={{ position: "absolute", bottom: 12, display: "flex", gap: 24 }}>
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label={t("public.content.previousPhoto")}
            style={buttonStyle}
          >
            ‹
          </button>
          <button type="button" onClick={() => move(1)} aria-label={t("public.content.nextPhoto")} style={buttonStyle}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}
