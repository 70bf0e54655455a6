import { Text } from "@mantine/core";
import type { FormItem, QuestionType } from "../../../../contract/forms";

/** A small sign per kind of item: it repeats the name beside it, so screen readers skip it. */
export const questionGlyphs: Record<QuestionType, string> = {
  short_text: "Aa",
  long_text: "¶",
  unique_choice: "◉",
  dropdown: "▾",
  multiple_choice: "☑",
  date: "▦",
  time: "◷",
  number: "#",
  phone: "☏",
  fr_identity_card: "ID",
  passport: "PP",
  file: "⇪",
  rating: "★",
};
export const blockGlyphs = { text: "H", recommendations: "☺", conditional: "if" } as const;

export function Glyph({ sign }: { sign: string }) {
  return (
    <Text
      span
      aria-hidden
      fw={700}
      size="xs"
      c="blue.9"
      bg="blue.0"
      ta="center"
      style={{ minWidth: 26, borderRadius: 4, padding: "2px 4px", flexShrink: 0 }}
    >
      {sign}
    </Text>
  );
}

export function ItemGlyph({ item }: { item: FormItem }) {
  return <Glyph sign={item.kind === "question" ? questionGlyphs[item.type] : blockGlyphs[item.kind]} />;
}
