import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { alternateFonts, FontType } from "../../../../contract/fonts.js";
import { accounts } from "../accounts.tables.js";

/**
 * SPEC §3 Font: an account's WOFF2 face. The file lives in the FileStore under `storageKey` (its decoded face under
 * `sfntStorageKey`); an upload not yet named by a font has `name` null and is swept after a day.
 */
export const fonts = pgTable(
  "fonts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name"),
    type: text("type").$type<FontType>().notNull().default("regular"),
    alternateFont: text("alternate_font").$type<(typeof alternateFonts)[number]>().notNull().default("Arial"),
    active: boolean("active").notNull().default(true),
    /** The id in the public file URL (/api/v1/fonts/<fileKey>.woff2): new for every file, so it is cached for good. */
    fileKey: uuid("file_key").notNull().defaultRandom(),
    storageKey: text("storage_key").notNull(),
    /**
     * The WOFF2 decoded to its TrueType/OpenType (sfnt) face, which PDFs embed: fontkit's subsetter copies glyphs from
     * the file's glyf table as stored, which WOFF2 transforms. Null for a font stored before: decoded when first drawn.
     */
    sfntStorageKey: text("sfnt_storage_key"),
    size: bigint("size", { mode: "number" }).notNull(),
    familyName: text("family_name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("fonts_account").on(table.accountId, table.createdAt)],
);
