import type { FastifyRequest } from "fastify";
import { type Language, languages } from "../../contract/common.js";

export type { Language };

/** `Accept-Language` picks fr or es when it prefers them; anything else is English (SPEC §1). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const quality = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return {
        primary: tag.trim().toLowerCase().split("-")[0] ?? "",
        quality: Number.isNaN(quality) ? 0 : quality,
        position,
      };
    })
    .filter((entry) => entry.primary && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const { primary } of ranked) {
    if (primary === "fr" || primary === "es" || primary === "en") return primary;
  }
  return "en";
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** `lang` wins over Accept-Language; anything but fr or es reads English. */
export const pageLanguage = (request: FastifyRequest<{ Querystring: { lang?: string } }>) => {
  const { lang } = request.query;
  return lang === undefined ? request.language : isLanguage(lang) ? lang : "en";
};
