import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "./context.js";
import { errorBody } from "./errors.js";
import { type AttachmentRef, mails } from "./mail.tables.js";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f8;color:#102a43}main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:10px;border-bottom:1px solid #d9e2ec;font-size:14px}
a{color:#1c5dd6}a:focus{outline:3px solid #1c5dd6;outline-offset:2px}iframe{width:100%;height:70vh;border:1px solid #d9e2ec;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}</style></head>
<body><main>${body}</main></body></html>`;

/**
 * The development inbox: without SMTP_URL every mail stays in the database and is read here,
 * so a newcomer can follow a reset-password or invitation link with no mail server.
 */
export function registerDevMailbox(app: FastifyInstance, context: AppContext) {
  app.get("/dev/mailbox", async (_request, reply) => {
    const rows = await context.db
      .select({
        id: mails.id,
        to: mails.toAddress,
        subject: mails.subject,
        status: mails.status,
        createdAt: mails.createdAt,
      })
      .from(mails)
      .orderBy(desc(mails.createdAt))
      .limit(200);
    const lines = rows
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${m.status}</td></tr>`,
      )
      .join("");
    const body = `<h1>Mailbox</h1><p>Every mail the platform sent, newest first (no SMTP server is configured).</p>
<table><thead><tr><th scope="col">Date (UTC)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>
<tbody>${lines || '<tr><td colspan="4">No mail yet.</td></tr>'}</tbody></table>`;
    return reply.type("text/html").header("cache-control", "no-store").send(page("Mailbox", body));
  });

  app.get("/dev/mailbox/:id", async (request, reply) => {
    const parsed = z.object({ id: z.string().uuid() }).safeParse(request.params);
    const [mail] = parsed.success ? await context.db.select().from(mails).where(eq(mails.id, parsed.data.id)) : [];
    if (!mail) return reply.status(404).send(errorBody(request.language, "NOT_FOUND"));
    // Links in the mail must leave the frame and open in the window, like in a real mail client.
    const framed = mail.html.replace("<head>", '<head><base target="_top">');
    const body = `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(mail.toAddress)}</dd><dt>Date (UTC)</dt><dd>${mail.createdAt.toISOString()}</dd>
<dt>Status</dt><dd>${mail.status}</dd></dl>
${attachmentList(mail.id, mail.attachments)}
<iframe title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(framed)}"></iframe>
<details><summary>Plain text</summary><pre>${escapeHtml(mail.text)}</pre></details>`;
    return reply.type("text/html").header("cache-control", "no-store").send(page(mail.subject, body));
  });

  // The mail's files, made now as the delivery would make them (they are never stored).
  app.get("/dev/mailbox/:id/attachments/:index", async (request, reply) => {
    const parsed = z.object({ id: z.string().uuid(), index: z.coerce.number().int().min(0) }).safeParse(request.params);
    const [mail] = parsed.success ? await context.db.select().from(mails).where(eq(mails.id, parsed.data.id)) : [];
    const ref = parsed.success ? mail?.attachments[parsed.data.index] : undefined;
    if (!ref) return reply.status(404).send(errorBody(request.language, "NOT_FOUND"));
    const file = await context.mailer.renderAttachment(ref);
    // Left out of the delivery too: the mail went without it.
    if (!file) return reply.status(422).send(errorBody(request.language, "DOCUMENTS_NOT_GENERATED"));
    return reply
      .type(file.contentType)
      .headers({ "content-disposition": `inline; filename="${file.filename}"`, "cache-control": "no-store" })
      .send(file.content);
  });
}

/** Links to a mail's files, named by their kind ("tickets", "document"): the PDF opens in the browser. */
const attachmentList = (mailId: string, refs: AttachmentRef[]) =>
  refs.length === 0
    ? ""
    : `<h2>Attachments</h2><ul>${refs
        .map(
          (ref, index) =>
            `<li><a href="/dev/mailbox/${mailId}/attachments/${index}">${index + 1}. ${escapeHtml(ref.kind)}</a></li>`,
        )
        .join("")}</ul>`;
