import { Box } from "@mantine/core";
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { EbadgeBlock } from "../../../contract/ebadges";
import classes from "./BadgeCanvas.module.css";
import { BlockContent, type BlockSources, useBlockText } from "./BlockContent";
import { arrowKeyChange, keepOnPage, type PageSize } from "./badge-geometry";

type Props = {
  page: PageSize;
  /** Pixels per millimetre. */
  scale: number;
  /** The whole design's rotation on the page, degrees clockwise. */
  rotation: number;
  backgroundUrl: string | null;
  blocks: EbadgeBlock[];
  selectedId: string | null;
  sources: BlockSources;
  onSelect(id: string | null): void;
  onChange(block: EbadgeBlock): void;
  onRemove(id: string): void;
};

/**
 * The page drawn to scale with its background and blocks where the PDF puts them. A block is picked by a click or by
 * Tab, moved by dragging or by the arrow keys (Shift: 10 mm), resized by its corner handle or Alt + arrows, and
 * removed with Delete: nothing here needs a mouse.
 */
export function BadgeCanvas({
  page,
  scale,
  rotation,
  backgroundUrl,
  blocks,
  selectedId,
  sources,
  onSelect,
  onChange,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  return (
    <Box
      className={classes.page}
      w={page.width * scale}
      h={page.height * scale}
      role="region"
      aria-label={t("ebadges.designer.canvas")}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onSelect(null);
      }}
    >
      <div
        className={classes.design}
        style={{
          transform: rotation ? `rotate(${rotation}deg)` : undefined,
          backgroundImage: backgroundUrl ? `url("${backgroundUrl}")` : undefined,
        }}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget) onSelect(null);
        }}
      >
        {blocks.map((block) => (
          <CanvasBlock
            key={block.id}
            block={block}
            page={page}
            scale={scale}
            designRotation={rotation}
            selected={block.id === selectedId}
            sources={sources}
            onSelect={() => onSelect(block.id)}
            onChange={onChange}
            onRemove={() => onRemove(block.id)}
          />
        ))}
      </div>
    </Box>
  );
}

type Drag = { mode: "move" | "resize"; pointerX: number; pointerY: number; start: EbadgeBlock };

function CanvasBlock({
  block,
  page,
  scale,
  designRotation,
  selected,
  sources,
  onSelect,
  onChange,
  onRemove,
}: {
  block: EbadgeBlock;
  page: PageSize;
  scale: number;
  designRotation: number;
  selected: boolean;
  sources: BlockSources;
  onSelect(): void;
  onChange(block: EbadgeBlock): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const text = useBlockText(block, sources);

  const startDrag = (mode: Drag["mode"]) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    onSelect();
    (event.currentTarget.closest("[data-block]") as HTMLElement | null)?.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, pointerX: event.clientX, pointerY: event.clientY, start: block };
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    // The pointer moves on the screen; the block moves on the design, which the whole badge's rotation turns.
    const angle = (-designRotation * Math.PI) / 180;
    const screenX = (event.clientX - current.pointerX) / scale;
    const screenY = (event.clientY - current.pointerY) / scale;
    const dx = screenX * Math.cos(angle) - screenY * Math.sin(angle);
    const dy = screenX * Math.sin(angle) + screenY * Math.cos(angle);
    const { start } = current;
    const moved =
      current.mode === "move"
        ? { ...start, x: start.x + dx, y: start.y + dy }
        : { ...start, width: start.width + dx, height: start.height + dy };
    onChange(keepOnPage(moved, page));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onRemove();
      return;
    }
    const changed = arrowKeyChange(block, event.key, event);
    if (!changed) return;
    event.preventDefault();
    onChange(keepOnPage(changed, page));
  };

  const kind = t(`ebadges.kinds.${block.kind}`);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a positioned, draggable block holding rich content cannot be a <button>.
    <div
      data-block={block.id}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t("ebadges.designer.blockLabel", {
        kind,
        text: text || "",
        x: block.x,
        y: block.y,
        width: block.width,
        height: block.height,
      })}
      aria-roledescription={t("ebadges.designer.blockRole")}
      aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Delete"
      className={classes.block}
      data-selected={selected || undefined}
      style={{
        left: block.x * scale,
        top: block.y * scale,
        width: block.width * scale,
        height: block.height * scale,
        transform: block.rotation ? `rotate(${block.rotation}deg)` : undefined,
      }}
      onFocus={onSelect}
      onKeyDown={keyDown}
      onPointerDown={startDrag("move")}
      onPointerMove={moveDrag}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <BlockContent block={block} sources={sources} scale={scale} />
      {selected && (
        <span
          className={classes.handle}
          aria-hidden
          onPointerDown={startDrag("resize")}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
      )}
    </div>
  );
}
