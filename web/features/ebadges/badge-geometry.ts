import {
  type EbadgeBlock,
  type EbadgeBlockKind,
  type EbadgeBody,
  type EbadgeFormat,
  ebadgeFormats,
} from "../../../contract/ebadges";

/** A design as the designer edits it: the saved body with every default filled in. */
export type BadgeDesign = Required<Omit<EbadgeBody, "blocks">> & { blocks: EbadgeBlock[] };
export type PageSize = { width: number; height: number };

/** The page in millimetres, its long side down in portrait and across in landscape. */
export function pageSize(format: EbadgeFormat, orientation: "portrait" | "landscape"): PageSize {
  const [short, long] = ebadgeFormats[format];
  return orientation === "portrait" ? { width: short, height: long } : { width: long, height: short };
}

/** A typographic point in millimetres: font sizes are points, as in the PDF. */
export const pointInMillimetres = 25.4 / 72;

/** The size a new block of each kind starts at (mm): a QR code square, a line of text as wide as a name. */
const startingSizes: Record<EbadgeBlockKind, { width: number; height: number; fontSize: number }> = {
  text: { width: 90, height: 14, fontSize: 18 },
  logo: { width: 50, height: 25, fontSize: 14 },
  date: { width: 90, height: 10, fontSize: 12 },
  location: { width: 90, height: 10, fontSize: 12 },
  qr: { width: 40, height: 40, fontSize: 14 },
  field: { width: 100, height: 14, fontSize: 20 },
};

/** Millimetres kept to a tenth: what a number input shows and a designer can aim at. */
export const roundMillimetres = (value: number) => Math.round(value * 10) / 10;

/** A new block of `kind`, centred on the page. */
export function newBlock(kind: EbadgeBlockKind, page: PageSize, id: string): EbadgeBlock {
  const { width, height, fontSize } = startingSizes[kind];
  return {
    id,
    kind,
    x: roundMillimetres((page.width - width) / 2),
    y: roundMillimetres((page.height - height) / 2),
    width,
    height,
    rotation: 0,
    fontId: null,
    fontSize,
    color: "#000000",
    align: "center",
    ...(kind === "field" && { field: "lastName" as const }),
    ...(kind === "text" && { text: {} }),
  };
}

/** Keeps a block on the page: it may not start outside it, nor be larger than it. */
export function keepOnPage(block: EbadgeBlock, page: PageSize): EbadgeBlock {
  const width = Math.min(Math.max(block.width, 1), page.width);
  const height = Math.min(Math.max(block.height, 1), page.height);
  return {
    ...block,
    width,
    height,
    x: roundMillimetres(Math.min(Math.max(block.x, 0), page.width - width)),
    y: roundMillimetres(Math.min(Math.max(block.y, 0), page.height - height)),
  };
}

/**
 * What an arrow key does to the selected block: moves it 1 mm (10 mm with Shift), or with Alt makes it wider,
 * narrower, taller or shorter. Null for any other key.
 */
export function arrowKeyChange(
  block: EbadgeBlock,
  key: string,
  modifiers: { shiftKey: boolean; altKey: boolean },
): EbadgeBlock | null {
  const steps: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const direction = steps[key];
  if (!direction) return null;
  const step = modifiers.shiftKey ? 10 : 1;
  const [dx, dy] = direction.map((unit) => unit * step) as [number, number];
  if (modifiers.altKey) return { ...block, width: block.width + dx, height: block.height + dy };
  return { ...block, x: block.x + dx, y: block.y + dy };
}

/** A design's draft from the saved badge, every default in place so that the designer compares like with like. */
export function designOf(badge: {
  name: string;
  format: EbadgeFormat;
  orientation: "portrait" | "landscape";
  rotation: number;
  backgroundImageId: string | null;
  blocks: EbadgeBlock[];
}): BadgeDesign {
  const { name, format, orientation, rotation, backgroundImageId, blocks } = badge;
  return { name, format, orientation, rotation, backgroundImageId, blocks };
}
