import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { accessibleColors, contrastRatio, darkenedForContrast, minimumContrast, theme } from "./theme";

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = accessibleColors(resolved).light as Record<string, string>;
const white = "#ffffff";

describe("contrast of the theme's colors (WCAG 2.1 AA)", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBeCloseTo(1, 5);
    // Mantine's blue 7, the old primary shade: 4.2:1, under the minimum.
    expect(contrastRatio("#1c7ed6", white)).toBeCloseTo(4.2, 1);
  });

  it("darkens a color only as much as the minimum contrast needs", () => {
    expect(darkenedForContrast("#1971c2", white)).toBe("#1971c2");
    const yellow = darkenedForContrast("#e67700", "#fff3bf");
    expect(contrastRatio(yellow, "#fff3bf")).toBeGreaterThanOrEqual(minimumContrast);
    expect(contrastRatio(yellow, "#fff3bf")).toBeLessThan(6);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))("%s: white on filled, light text on its tint, text on white", (name) => {
    const shades = resolved.colors[name] ?? [];
    expect(contrastRatio(white, light[`--mantine-color-${name}-filled`] ?? "")).toBeGreaterThanOrEqual(minimumContrast);
    expect(contrastRatio(light[`--mantine-color-${name}-light-color`] ?? "", shades[1] ?? "")).toBeGreaterThanOrEqual(
      minimumContrast,
    );
    expect(contrastRatio(light[`--mantine-color-${name}-text`] ?? "", white)).toBeGreaterThanOrEqual(minimumContrast);
  });

  it("keeps help text, field errors and placeholders readable on white", () => {
    for (const variable of ["dimmed", "error", "placeholder"]) {
      expect(contrastRatio(light[`--mantine-color-${variable}`] ?? "", white)).toBeGreaterThanOrEqual(minimumContrast);
    }
  });
});
