import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Currency, OtherPaymentMethods, PaymentMode, VatStatus } from "../../../../contract/ticketing-billing.js";
import { storedFiles } from "../../../platform/files.tables.js";
import { events } from "../../events/events.tables.js";

/*
 * SPEC §3 Organizer (billing) and the ticketing params of §7: one row of each per event, written the first time the
 * organizer saves them. An event without a params row sells with `defaultTicketingParams`.
 */

/** Who sells the tickets, as invoices name them. The row exists only once complete: that is "billing info". */
export const ticketingOrganizers = pgTable(
  "ticketing_organizers",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    /** 14 digits, spaces stripped. */
    siret: text("siret").notNull(),
    corporateName: text("corporate_name").notNull(),
    legalStructure: text("legal_structure").notNull().default(""),
    shareCapitalCents: bigint("share_capital_cents", { mode: "number" }),
    rcsNumber: text("rcs_number").notNull().default(""),
    street: text("street").notNull(),
    zipCode: text("zip_code").notNull(),
    city: text("city").notNull(),
    vatStatus: text("vat_status").$type<VatStatus>().notNull(),
    /** Null when not subject to VAT. */
    vatNumber: text("vat_number"),
    legalMentions: text("legal_mentions").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ticketing_organizers_siret_digits", sql`${table.siret} ~ '^[0-9]{14}$'`),
    check("ticketing_organizers_vat_status", sql`${table.vatStatus} in ('subject', 'margin', 'not_subject')`),
  ],
);

export const ticketingParams = pgTable(
  "ticketing_params",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    currency: text("currency").$type<Currency>().notNull().default("EUR"),
    /** How long a cart holds its units before the expiry job gives them back. */
    reservationMinutes: integer("reservation_minutes").notNull().default(15),
    paymentMode: text("payment_mode").$type<PaymentMode>().notNull().default("test"),
    otherPaymentMethods: jsonb("other_payment_methods").$type<OtherPaymentMethods>().notNull(),
    termsFileId: uuid("terms_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    /** Opened or closed by the organizer (SPEC §4); the sales dates narrow an open office further. */
    officeOpen: boolean("office_open").notNull().default(false),
    salesStartAt: timestamp("sales_start_at", { withTimezone: true }),
    salesEndAt: timestamp("sales_end_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ticketing_params_reservation_minutes", sql`${table.reservationMinutes} between 1 and 120`),
    check("ticketing_params_payment_mode", sql`${table.paymentMode} in ('test', 'live')`),
    check(
      "ticketing_params_sales_dates",
      sql`${table.salesStartAt} is null or ${table.salesEndAt} is null or ${table.salesStartAt} < ${table.salesEndAt}`,
    ),
  ],
);
