import { Button, NavLink, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type EbadgeBlock, type EbadgeBlockKind, ebadgeBlockKinds } from "../../../contract/ebadges";
import { type BlockSources, useBlockText } from "./BlockContent";

/** A design holds at most this many blocks (contract/ebadges.ts). */
const maxBlocks = 60;

/** The designer's left column: a button per kind of block to add, and the blocks on the page, to pick one. */
export function DesignerPalette({
  blocks,
  selectedId,
  sources,
  onAdd,
  onSelect,
  disabled,
}: {
  blocks: EbadgeBlock[];
  selectedId: string | null;
  sources: BlockSources;
  onAdd(kind: EbadgeBlockKind): void;
  onSelect(id: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {!disabled && (
        <Stack gap={6} component="section" aria-labelledby="badge-add">
          <Text id="badge-add" size="xs" fw={700} tt="uppercase" c="gray.7">
            {t("ebadges.designer.add")}
          </Text>
          {ebadgeBlockKinds.map((kind) => (
            <Button
              key={kind}
              variant="default"
              justify="flex-start"
              leftSection={<span aria-hidden>+</span>}
              onClick={() => onAdd(kind)}
              disabled={blocks.length >= maxBlocks}
              aria-label={t("ebadges.designer.addKind", { kind: t(`ebadges.kinds.${kind}`) })}
            >
              {t(`ebadges.kinds.${kind}`)}
            </Button>
          ))}
        </Stack>
      )}
      <Stack gap={2} component="nav" aria-labelledby="badge-layers">
        <Text id="badge-layers" size="xs" fw={700} tt="uppercase" c="gray.7">
          {t("ebadges.designer.layers")}
        </Text>
        {blocks.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("ebadges.designer.noBlocks")}
          </Text>
        ) : (
          blocks.map((block) => (
            <Layer
              key={block.id}
              block={block}
              sources={sources}
              active={block.id === selectedId}
              onSelect={() => onSelect(block.id)}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function Layer({
  block,
  sources,
  active,
  onSelect,
}: {
  block: EbadgeBlock;
  sources: BlockSources;
  active: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation();
  const text = useBlockText(block, sources);
  return (
    <NavLink
      component="button"
      label={t(`ebadges.kinds.${block.kind}`)}
      description={text.split("\n")[0] || undefined}
      active={active}
      aria-current={active || undefined}
      onClick={onSelect}
    />
  );
}
