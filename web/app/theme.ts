import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineTheme } from "@mantine/core";
import { scrollingTables } from "../ui/scrolling-tables";

/** WCAG 2.1 AA (1.4.3): text under 18pt, or 14pt bold, needs 4.5:1 against its background. */
export const minimumContrast = 4.5;
const white = "#ffffff";

/** The contrast ratio of two colors, from 1:1 to 21:1 (WCAG's formula). */
export function contrastRatio(first: string, second: string) {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color`, darkened by steps until it reaches the minimum contrast on `background` (as it is when it does already). */
export function darkenedForContrast(color: string, background: string) {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const darker = amount === 0 ? color : darken(color, amount);
    if (contrastRatio(darker, background) >= minimumContrast) return darker;
  }
  return "#000000";
}

/**
 * The light-scheme variables of one palette that text is drawn with, each at 4.5:1 at least: Mantine's defaults use
 * the same shade for every palette, which for green, teal, orange, yellow, lime and cyan leaves white text on filled
 * buttons and badges, and the shade-9 text of light badges on their shade-1 background, under 4.5:1.
 */
export function paletteVariables(name: string, shades: readonly string[], primaryShade: number) {
  const filled =
    shades.slice(primaryShade).find((shade) => contrastRatio(white, shade) >= minimumContrast) ??
    darkenedForContrast(shades[9] ?? shades[shades.length - 1] ?? "#000000", white);
  const lightBackground = shades[1] ?? white;
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.12),
    [`--mantine-color-${name}-text`]: filled,
    [`--mantine-color-${name}-outline`]: filled,
    [`--mantine-color-${name}-light-color`]: darkenedForContrast(shades[9] ?? filled, lightBackground),
  };
}

/** Blue 8 (#1971c2) is 5.0:1 on white and 4.8:1 on gray 0, the background of the footers; blue 7 was 4.2:1. */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: 8,
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
  focusRing: "auto",
  headings: { fontWeight: "700" },
  components: scrollingTables,
});

/**
 * Every color text is drawn with passes AA on the surfaces it is used on: each palette's filled, outline and light
 * variants (paletteVariables), and Mantine's "dimmed" gray (help text), red 6 (field errors) and gray 5 placeholders,
 * which are 3.3:1, 4.0:1 and 2.1:1 on white; gray 7, red 8 and gray 6 darkened pass.
 */
export const accessibleColors: CSSVariablesResolver = (resolved: MantineTheme) => {
  const primaryShade = typeof resolved.primaryShade === "number" ? resolved.primaryShade : resolved.primaryShade.light;
  const palettes = Object.entries(resolved.colors);
  return {
    variables: {},
    light: {
      ...Object.assign({}, ...palettes.map(([name, shades]) => paletteVariables(name, shades, primaryShade))),
      "--mantine-color-dimmed": resolved.colors.gray[7] ?? "#495057",
      "--mantine-color-error": resolved.colors.red[8] ?? "#e03131",
      "--mantine-color-placeholder": darkenedForContrast(resolved.colors.gray[6] ?? "#868e96", white),
    },
    dark: {},
  };
};
