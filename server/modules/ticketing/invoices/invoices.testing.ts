import { inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../../testing/test-app.js";
import { ticketingParams } from "../billing/billing.tables.js";

/** Helpers of the invoices tests: reading the PDFs the routes answer. */

/** cp1252 bytes 0x80-0x9f that differ from latin1, as far as the documents print them. */
const winAnsi: Record<number, string> = { 128: "€", 146: "’", 150: "–", 151: "—" };

/**
 * The text a pdfkit document draws, one line per text operation: its content streams inflated, the hex strings of
 * their TJ operators decoded (pdfkit writes every text so, in WinAnsi for the standard fonts).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue; // An image, or a stream not compressed: no text there.
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(operation[1] ?? "").matchAll(/<([0-9a-f]*)>/gi)].map((piece) => piece[1]).join("");
      lines.push([...Buffer.from(hex, "hex")].map((byte) => winAnsi[byte] ?? String.fromCharCode(byte)).join(""));
    }
  }
  return lines.join("\n");
}

/** A GET answered with bytes (t.request reads bodies as text). */
export async function getPdf(t: TestApp, url: string, token?: string) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.statusCode,
    contentType: String(response.headers["content-type"] ?? ""),
    bytes: response.rawPayload,
    json: () => response.json(),
  };
}

/**
 * Live payment mode without Stripe keys, straight in the database: the orders the organizer confirms are then live
 * orders, numbered in the legal series (the API refuses live mode without keys).
 */
export async function setPaymentMode(t: TestApp, eventId: string, mode: "test" | "live") {
  await t.context.db.update(ticketingParams).set({ paymentMode: mode }).where(eq(ticketingParams.eventId, eventId));
}
