import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type QuestionType, questionTypes } from "../../../../contract/forms";
import { blockGlyphs, Glyph, questionGlyphs } from "./ItemGlyph";

// Names wrap between words only: "anywhere" let a narrow column cut "Recommendations" into "Recommendation / s". A
// word wider than the whole button (none of ours at the palette's widths) may still break rather than overflow.
const paletteLabel = {
  label: { whiteSpace: "normal", textAlign: "left", overflowWrap: "break-word", overflow: "visible" },
} as const;

type Props = { onAddQuestion(type: QuestionType): void; onAddBlock(kind: keyof typeof blockGlyphs): void };

/** The items an organizer can add: a question of each type, and the three kinds of block. */
export function ItemPalette({ onAddQuestion, onAddBlock }: Props) {
  const { t } = useTranslation();
  const entry = (sign: string, name: string, add: () => void, key: string) => (
    <Button
      key={key}
      variant="default"
      size="compact-sm"
      justify="flex-start"
      fullWidth
      leftSection={<Glyph sign={sign} />}
      aria-label={t("forms.palette.add", { name })}
      onClick={add}
      styles={paletteLabel}
      h="auto"
      py={6}
    >
      {name}
    </Button>
  );
  return (
    <Stack gap={6} component="nav" aria-label={t("forms.palette.title")}>
      <Text fw={700} size="sm">
        {t("forms.palette.questions")}
      </Text>
      {/* Two columns on a phone, where the palette sits above the items: half the scrolling. */}
      <SimpleGrid cols={{ base: 2, md: 1 }} spacing={6} verticalSpacing={6}>
        {questionTypes.map((type) =>
          entry(questionGlyphs[type], t(`forms.questionTypes.${type}`), () => onAddQuestion(type), type),
        )}
      </SimpleGrid>
      <Text fw={700} size="sm" mt="sm">
        {t("forms.palette.blocks")}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 1 }} spacing={6} verticalSpacing={6}>
        {(["text", "recommendations", "conditional"] as const).map((kind) =>
          entry(blockGlyphs[kind], t(`forms.palette.${kind}`), () => onAddBlock(kind), kind),
        )}
      </SimpleGrid>
    </Stack>
  );
}
