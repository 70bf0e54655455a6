import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { storedFiles } from "../../platform/files.tables.js";
import { mails } from "../../platform/mail.tables.js";
import { addMember, registerTenants } from "../../testing/fixtures.js";
import { header, startSmtpServer, waitFor } from "../../testing/smtp.js";
import { madeBeforeAll, startTestApp } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { multipartForm, pdfBytes } from "../forms/forms.testing.js";
import { guestEvent, scopeUrl } from "../guests/guests.testing.js";
import { validateForSend } from "./campaign-render.js";
import { campaigns, errorMails, senders } from "./campaigns.tables.js";

let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
const t = madeBeforeAll(async () => {
  smtp = await startSmtpServer();
  return startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Eventdesk <no-reply@eventdesk.test>",
    PUBLIC_URL: "https://events.example.test",
  });
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

const tenants = madeBeforeAll(() => registerTenants(t));
const editor = madeBeforeAll(() => addMember(t, tenants.owner.accountId, "editor"));
const event = madeBeforeAll(() =>
  guestEvent(t, tenants.owner, { name: "Gala <2026>", languages: ["fr", "en"] }, [tenants.reader.userId]),
);
const campaignsUrl = () => `${scopeUrl(tenants.owner.accountId, event.id)}/campaigns`;

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, path: string, body?: unknown, token = tenants.owner.token, language?: string) =>
  t.request({ method, url: `${campaignsUrl()}${path}`, token, body, language });

async function newCampaign(body: Record<string, unknown> = {}) {
  const response = await call("POST", "", { name: "Invitation", type: "invitation", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const footer = { type: "footer", text: "Unsubscribe: {{unsubscribe_link}}" };

describe("campaigns: create, list, read, edit, delete (SPEC §2 Email campaigns)", () => {
  it("creates a draft from a template in every event language, with merge tags and a footer", async () => {
    const created = await newCampaign({ template: "bold" });
    expect(created).toMatchObject({
      name: "Invitation",
      type: "invitation",
      status: "draft",
      template: "bold",
      fromName: "Gala <2026>",
      senderId: null,
      recipients: 0,
      sent: 0,
      languages: ["fr", "en"],
      editable: true,
      attachments: [],
    });
    expect(Object.keys(created.content).sort()).toEqual(["en", "fr"]);
    expect(created.content.fr.subject).toBe("Vous êtes invité(e) : Gala <2026>");
    expect(created.content.en.blocks.at(-1)).toMatchObject({ type: "footer" });
    expect(JSON.stringify(created.content.en.blocks)).toContain("{{registration_link}}");

    const read = await call("GET", `/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.body).toEqual(created);

    const [audit] = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, created.id), eq(auditLogs.action, "campaigns.campaign.created")));
    expect(audit?.actorUserId).toBe(tenants.owner.userId);
  });

  it("lists the event's campaigns newest first with status and counts, filtered by status and type", async () => {
    const first = await newCampaign({ name: "List A", type: "reminder" });
    const second = await newCampaign({ name: "List B", type: "thank_you" });
    const list = await call("GET", "?limit=200");
    expect(list.status).toBe(200);
    const names = list.body.items.map((item: { name: string }) => item.name);
    expect(names.indexOf("List B")).toBeLessThan(names.indexOf("List A"));
    expect(list.body.items.find((item: { id: string }) => item.id === first.id)).toMatchObject({
      status: "draft",
      recipients: 0,
      sent: 0,
      type: "reminder",
    });
    const thankYou = await call("GET", "?type=thank_you");
    expect(thankYou.body.items.map((item: { id: string }) => item.id)).toEqual([second.id]);
    expect((await call("GET", "?status=sent")).body.total).toBe(0);
  });

  it("edits only the fields sent and audits the change", async () => {
    const created = await newCampaign();
    const content = {
      en: {
        subject: "Hello {{first_name}}",
        previewText: "Come along",
        blocks: [{ type: "text", text: "Dear {{first_name}}" }, footer],
      },
    };
    const response = await call("POST", `/${created.id}`, {
      name: "Renamed",
      fromName: "The Gala team",
      replyEmail: "Reply@Example.test",
      content,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      name: "Renamed",
      fromName: "The Gala team",
      replyEmail: "reply@example.test",
      template: "classic",
    });
    expect(response.body.content).toEqual(content);
    const again = await call("POST", `/${created.id}`, { name: "Renamed again" });
    expect(again.body.content).toEqual(content);
    expect(again.body.fromName).toBe("The Gala team");
    const audits = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, created.id), eq(auditLogs.action, "campaigns.campaign.updated")));
    expect(audits.length).toBe(2);
  });

  it("refuses a subject over 80 characters with the spec's limit", async () => {
    const created = await newCampaign();
    const content = { en: { subject: "x".repeat(81), blocks: [footer] } };
    const response = await call("POST", `/${created.id}`, { content });
    expect(response.status).toBe(400);
    expect(response.body.error.fields["content.en.subject"]).toBe("The subject holds at most 80 characters.");
  });

  it("refuses a button or an image without a target URL", async () => {
    const created = await newCampaign();
    const content = { en: { subject: "Hi", blocks: [{ type: "button", label: "Go", url: "" }, footer] } };
    const response = await call("POST", `/${created.id}`, { content });
    expect(response.status).toBe(400);
    expect(response.body.error.fields["content.en.blocks.0.url"]).toBe("Every button and image needs a target URL.");
    const javascript = await call("POST", `/${created.id}`, {
      content: { en: { subject: "Hi", blocks: [{ type: "button", label: "Go", url: "javascript:alert(1)" }] } },
    });
    expect(javascript.status).toBe(400);
  });

  it("refuses an image that is not one of the event's", async () => {
    const created = await newCampaign();
    const image = { type: "image", imageId: crypto.randomUUID(), alt: "", url: "https://example.com" };
    const response = await call("POST", `/${created.id}`, { content: { en: { subject: "Hi", blocks: [image] } } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(["content.en.blocks.0.imageId"]);
  });

  it("changes the template: the blocks are replaced, the subjects written stay", async () => {
    const created = await newCampaign();
    await call("POST", `/${created.id}`, {
      content: { fr: { subject: "Mon objet", blocks: [footer] }, en: { subject: "", blocks: [] } },
    });
    const response = await call("POST", `/${created.id}/template`, { template: "two_columns" });
    expect(response.status).toBe(200);
    expect(response.body.template).toBe("two_columns");
    expect(response.body.content.fr.subject).toBe("Mon objet");
    expect(response.body.content.en.subject).toBe("You are invited: Gala <2026>");
    expect(response.body.content.fr.blocks.map((block: { type: string }) => block.type)).toEqual([
      "title",
      "text",
      "columns",
      "divider",
      "footer",
    ]);
  });

  it("answers the template gallery of a type in the event's languages", async () => {
    const response = await call("GET", "/templates?type=thank_you");
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([
      "classic",
      "minimal",
      "bold",
      "two_columns",
    ]);
    expect(response.body.items[0].content.en.subject).toBe("Thank you for coming to Gala <2026>");
    expect(Object.keys(response.body.items[0].content).sort()).toEqual(["en", "fr"]);
  });

  it("duplicates a campaign into a new draft", async () => {
    const created = await newCampaign({ name: "Original" });
    const response = await call("POST", `/${created.id}/duplicate`, undefined, tenants.owner.token, "fr");
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Copie de Original", status: "draft", type: "invitation" });
    expect(response.body.id).not.toBe(created.id);
    expect(response.body.content).toEqual(created.content);
  });

  it("deletes a draft; a sent or sending campaign can be neither edited nor deleted", async () => {
    const draft = await newCampaign();
    expect((await call("DELETE", `/${draft.id}`)).status).toBe(200);
    expect((await call("GET", `/${draft.id}`)).status).toBe(404);

    const sent = await newCampaign();
    await t.context.db.update(campaigns).set({ status: "sent" }).where(eq(campaigns.id, sent.id));
    const edit = await call("POST", `/${sent.id}`, { name: "Too late" });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe("Campaign has already been sent or scheduled.");
    expect((await call("POST", `/${sent.id}/template`, { template: "minimal" })).status).toBe(409);
    const removal = await call("DELETE", `/${sent.id}`);
    expect(removal.status).toBe(409);
    expect(removal.body.error.code).toBe("CAMPAIGN_NOT_DELETED");
    expect((await call("GET", `/${sent.id}`)).body).toMatchObject({ editable: false, status: "sent" });

    const scheduled = await newCampaign();
    await t.context.db.update(campaigns).set({ status: "scheduled" }).where(eq(campaigns.id, scheduled.id));
    expect((await call("POST", `/${scheduled.id}`, { name: "Still editable" })).status).toBe(200);
    expect((await call("DELETE", `/${scheduled.id}`)).status).toBe(409);
  });
});

describe("campaigns: permissions", () => {
  it("lets a reader read but not create, edit, delete or test", async () => {
    const created = await newCampaign();
    const reader = tenants.reader.token;
    expect((await call("GET", "", undefined, reader)).status).toBe(200);
    expect((await call("GET", `/${created.id}`, undefined, reader)).status).toBe(200);
    expect((await call("GET", `/${created.id}/preview/en`, undefined, reader)).status).toBe(200);
    expect((await call("POST", "", { name: "x", type: "invitation" }, reader)).status).toBe(403);
    expect((await call("POST", `/${created.id}`, { name: "x" }, reader)).status).toBe(403);
    expect((await call("DELETE", `/${created.id}`, undefined, reader)).status).toBe(403);
    const test = await call("POST", `/${created.id}/test`, { email: "r@example.test", language: "en" }, reader);
    expect(test.status).toBe(403);
  });

  it("answers 404 to another account, and to a campaign of another event", async () => {
    const created = await newCampaign();
    const other = tenants.other.token;
    expect((await call("GET", "", undefined, other)).status).toBe(404);
    expect((await call("GET", `/${created.id}`, undefined, other)).status).toBe(404);
    expect((await call("POST", `/${created.id}`, { name: "x" }, other)).status).toBe(404);
    expect((await call("DELETE", `/${created.id}`, undefined, other)).status).toBe(404);

    const otherEvent = await guestEvent(t, tenants.owner, { name: "Other event" });
    const elsewhere = `${scopeUrl(tenants.owner.accountId, otherEvent.id)}/campaigns/${created.id}`;
    expect((await t.request({ method: "GET", url: elsewhere, token: tenants.owner.token })).status).toBe(404);
  });

  it("lets an editor with access to the event edit", async () => {
    const created = await newCampaign();
    const url = `/api/v1/accounts/${tenants.owner.accountId}/events/${event.id}/administrators/${editor.userId}`;
    expect((await t.request({ method: "PUT", url, token: tenants.owner.token })).status).toBe(200);
    expect((await call("POST", `/${created.id}`, { name: "By the editor" }, editor.token)).status).toBe(200);
  });
});

describe("campaigns: preview, render failure and send rules", () => {
  it("previews a language with sample merge values, escaping the organizer's text", async () => {
    const created = await newCampaign();
    await call("POST", `/${created.id}`, {
      content: {
        en: {
          subject: "Hi {{first_name}}",
          previewText: "",
          blocks: [{ type: "text", text: "Hello {{first_name}} <b>bold</b>" }, footer],
        },
      },
    });
    const response = await call("GET", `/${created.id}/preview/en`);
    expect(response.status).toBe(200);
    expect(response.body.subject).toBe("Hi Jane");
    expect(response.body.html).toContain("Hello Jane &lt;b&gt;bold&lt;/b&gt;");
    expect(response.body.text).toContain("Hello Jane <b>bold</b>");
    expect(response.body.text).toContain("Unsubscribe: https://events.example.test/");

    const draft = await call("POST", `/${created.id}/preview/fr`, {
      content: { subject: "Salut {{first_name}}", blocks: [{ type: "title", text: "Bonjour" }] },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.subject).toBe("Salut Camille");
    expect(draft.body.html).toContain('lang="fr"');
  });

  it("answers 422 'Impossible to render email.' when MJML refuses the content", async () => {
    const created = await newCampaign();
    const broken = { en: { subject: "Broken", previewText: "", blocks: [{ type: "spacer", height: "tall" }] } };
    await t.context.db
      .update(campaigns)
      .set({ content: broken as never })
      .where(eq(campaigns.id, created.id));
    const response = await call("GET", `/${created.id}/preview/en`);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: "CAMPAIGN_RENDER_FAILED",
      message: "Impossible to render email.",
    });
  });

  it("validateForSend: a footer, target URLs and subjects, then a verified sender", async () => {
    const created = await newCampaign();
    const [row] = await t.context.db.select().from(campaigns).where(eq(campaigns.id, created.id));
    if (!row) throw new Error("no campaign");
    const noFooter = { en: { subject: "Hi", previewText: "", blocks: [{ type: "text" as const, text: "x" }] } };
    const failure = await validateForSend(t.context.db, { ...row, content: noFooter }).catch((error) => error);
    expect(failure).toMatchObject({ status: 400, code: "CAMPAIGN_FOOTER_REQUIRED" });

    const unverified = await validateForSend(t.context.db, row).catch((error) => error);
    expect(unverified).toMatchObject({ status: 409, code: "SENDER_NOT_VERIFIED" });

    const [sender] = await t.context.db
      .insert(senders)
      .values({ accountId: tenants.owner.accountId, email: "team@gala.test", verifiedAt: new Date() })
      .returning();
    const response = await call("POST", `/${created.id}`, { senderId: sender?.id });
    expect(response.status).toBe(200);
    const [saved] = await t.context.db.select().from(campaigns).where(eq(campaigns.id, created.id));
    if (!saved) throw new Error("no campaign");
    await expect(validateForSend(t.context.db, saved)).resolves.toBeUndefined();
  });

  it("refuses a sender of another account", async () => {
    const created = await newCampaign();
    const [foreign] = await t.context.db
      .insert(senders)
      .values({ accountId: tenants.other.accountId, email: "x@other.test", verifiedAt: new Date() })
      .returning();
    const response = await call("POST", `/${created.id}`, { senderId: foreign?.id });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(["senderId"]);
  });
});

describe("campaigns: attachments and test send", () => {
  const upload = (id: string, file: { name: string; bytes: Buffer; type?: string }, token = tenants.owner.token) => {
    const { body, headers } = multipartForm({}, file);
    return t.request({ method: "POST", url: `${campaignsUrl()}/${id}/attachments`, token, body, headers });
  };

  it("attaches PDFs and images up to 8 MB together; refuses other types and more", async () => {
    const created = await newCampaign();
    const pdf = await upload(created.id, { name: "programme.pdf", bytes: pdfBytes(5 * 1024 * 1024) });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);
    expect(pdf.body).toMatchObject({ name: "programme.pdf", contentType: "application/pdf" });
    const tooMuch = await upload(created.id, { name: "more.pdf", bytes: pdfBytes(4 * 1024 * 1024) });
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.body.error.message).toBe("The file uploaded is too big.");
    const text = await upload(created.id, { name: "notes.txt", bytes: Buffer.from("plain text"), type: "text/plain" });
    expect(text.status).toBe(415);

    const read = await call("GET", `/${created.id}`);
    expect(read.body.attachments).toEqual([pdf.body]);
    const download = await t.request({
      method: "GET",
      url: `${campaignsUrl()}/${created.id}/attachments/${pdf.body.id}`,
      token: tenants.owner.token,
    });
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");

    const removed = await call("POST", `/${created.id}`, { attachmentIds: [] });
    expect(removed.body.attachments).toEqual([]);
    const [file] = await t.context.db.select().from(storedFiles).where(eq(storedFiles.id, pdf.body.id));
    expect(file?.purpose).toBe("campaign.attachment");
  });

  it("sends a test over SMTP with the campaign's from name, sample values and attachments", async () => {
    const created = await newCampaign();
    await call("POST", `/${created.id}`, {
      fromName: "Gala Team",
      content: {
        en: {
          subject: "Welcome {{first_name}}",
          previewText: "",
          blocks: [{ type: "text", text: "Dear {{first_name}} {{last_name}}" }, footer],
        },
      },
    });
    const pdf = await upload(created.id, { name: "plan.pdf", bytes: pdfBytes(2_000) });
    expect(pdf.status).toBe(201);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    expect((await upload(created.id, { name: "map.png", bytes: png, type: "image/png" })).status).toBe(201);

    const response = await call("POST", `/${created.id}/test`, { email: "Tester@Example.test", language: "en" });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const message = await waitFor(
      async () => smtp?.received.find((m) => m.to.includes("tester@example.test")),
      "the test mail at the SMTP server",
    );
    expect(header(message.raw, "Subject")).toBe("[Test] Welcome Jane");
    expect(header(message.raw, "From")).toBe("Gala Team <no-reply@eventdesk.test>");
    expect(message.raw).toContain("Dear Jane Doe");
    expect(message.raw).toContain("filename=plan.pdf");
    expect(message.raw).toContain("filename=map.png");
    const [row] = await t.context.db.select().from(mails).where(eq(mails.toAddress, "tester@example.test"));
    expect(row).toMatchObject({ template: "campaigns.test", fromName: "Gala Team", eventId: event.id });
  });

  it("refuses a test to a rejected address", async () => {
    const created = await newCampaign();
    await t.context.db
      .insert(errorMails)
      .values({ accountId: tenants.owner.accountId, email: "bounced@example.test", reason: "bounce" });
    const response = await call("POST", `/${created.id}/test`, { email: "Bounced@example.test", language: "fr" });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe("An email sent to this address has been rejected.");
  });
});
