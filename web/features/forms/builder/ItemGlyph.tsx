import { Text } from "@mantine/core";
import type { FormItem, QuestionType } from "../../../../contract/forms";
import classes from "./ItemGlyph.module.css";

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

/**
 * The sign is drawn by CSS (generated content), not written in the page: a button that shows "Aa Short text" is
 * named "Add: Short text", and WCAG 2.5.3 wants a name to hold the text a button shows.
 */
export function Glyph({ sign }: { sign: string }) {
  return (
    <Text
      span
      aria-hidden
      className={classes.glyph}
      data-sign={sign}
      fw={700}
      size="xs"
      c="blue.9"
      bg="blue.0"
      ta="center"
      style={{ minWidth: 26, borderRadius: 4, padding: "2px 4px", flexShrink: 0 }}
    />
  );
}

export function ItemGlyph({ item }: { item: FormItem }) {
  return <Glyph sign={item.kind === "question" ? questionGlyphs[item.type] : blockGlyphs[item.kind]} />;
}
