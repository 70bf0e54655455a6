/** The longest URL the contract accepts (SPEC §5: 3 to 50 characters). */
const maxSlugLength = 50;
/** Letters that Unicode does not decompose into a base letter and an accent. */
const ligatures: Record<string, string> = { œ: "oe", æ: "ae", ß: "ss", ø: "o", ł: "l", đ: "d" };

/**
 * A URL suggestion from an event name: accents dropped, everything but letters and digits turned into single dashes,
 * cut to the allowed length. The organizer may still edit it before saving, as it cannot change afterwards.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (letter) => ligatures[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, maxSlugLength)
    .replace(/-+$/, "");
}
