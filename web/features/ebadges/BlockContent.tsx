import { Center, Text } from "@mantine/core";
import QRCode from "qrcode";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../contract/common";
import type { EbadgeBlock } from "../../../contract/ebadges";
import type { Event } from "../../../contract/events";
import type { Font } from "../../../contract/fonts";
import type { CustomField } from "../../../contract/guests";
import { useImage } from "../../ui/image-upload/images.queries";
import { formatEventDates } from "../events/event-dates";
import { badgeFontFamily } from "./badge-fonts";
import { pointInMillimetres } from "./badge-geometry";

export type BlockSources = {
  accountId: string;
  event: Event;
  fonts: Font[];
  customFields: CustomField[];
  language: Language;
};

/** What a text-like block says on the page: the text in the language shown, the event's dates or place, a field. */
export function useBlockText(block: EbadgeBlock, sources: BlockSources): string {
  const { t } = useTranslation();
  const { event, language, customFields } = sources;
  switch (block.kind) {
    case "text":
      return block.text?.[language] ?? "";
    case "date":
      return formatEventDates(event, language);
    case "location":
      return [event.venueName, event.address].filter(Boolean).join("\n");
    case "field": {
      const key = block.field ?? "lastName";
      if (key === "ticket") return `[${t("ebadges.fields.ticket")}]`;
      if (key.startsWith("custom:")) {
        const field = customFields.find((candidate) => `custom:${candidate.id}` === key);
        return `[${field?.name ?? t("ebadges.fields.unknown")}]`;
      }
      return `[${t(`guests.fields.${key}`)}]`;
    }
    default:
      return "";
  }
}

/** A block drawn as the PDF will print it, at `scale` pixels per millimetre. */
export function BlockContent({ block, sources, scale }: { block: EbadgeBlock; sources: BlockSources; scale: number }) {
  const { t } = useTranslation();
  const text = useBlockText(block, sources);
  if (block.kind === "qr") return <QrSample />;
  if (block.kind === "logo")
    return <LogoImage block={block} accountId={sources.accountId} eventId={sources.event.id} />;
  const font = sources.fonts.find((candidate) => candidate.id === block.fontId);
  return (
    <div
      style={{
        fontFamily: badgeFontFamily(font),
        fontSize: block.fontSize * pointInMillimetres * scale,
        lineHeight: 1.2,
        color: block.color,
        textAlign: block.align,
        whiteSpace: "pre-line",
        overflow: "hidden",
        width: "100%",
        height: "100%",
        overflowWrap: "anywhere",
      }}
    >
      {text || <span style={{ opacity: 0.55, fontStyle: "italic" }}>{t("ebadges.designer.emptyText")}</span>}
    </div>
  );
}

/** A QR code of the shape a guest's signed code gives, so that the designer sees its real density. */
function QrSample() {
  const { t } = useTranslation();
  const path = useMemo(() => {
    const { modules } = QRCode.create(`G.${"0".repeat(36)}.${"0".repeat(43)}`, { errorCorrectionLevel: "M" });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) squares.push(`M${column + 1} ${row + 1}h1v1h-1z`);
      }
    }
    return { d: squares.join(""), size: modules.size + 2 };
  }, []);
  return (
    <svg
      viewBox={`0 0 ${path.size} ${path.size}`}
      width="100%"
      height="100%"
      role="img"
      aria-label={t("ebadges.kinds.qr")}
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

function LogoImage({ block, accountId, eventId }: { block: EbadgeBlock; accountId: string; eventId: string }) {
  const { t } = useTranslation();
  const image = useImage(accountId, eventId, block.imageId ?? null);
  if (!image.data) {
    return (
      <Center h="100%" bg="gray.1" style={{ border: "1px dashed var(--mantine-color-gray-6)" }}>
        <Text size="xs" c="gray.7">
          {t("ebadges.kinds.logo")}
        </Text>
      </Center>
    );
  }
  return (
    <img
      src={image.data.url}
      alt={t("ebadges.kinds.logo")}
      style={{ width: "100%", height: "100%", objectFit: "contain", display: "block" }}
    />
  );
}
