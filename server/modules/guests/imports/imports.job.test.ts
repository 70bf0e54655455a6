import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount, type SignedIn } from "../../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditLogs } from "../../audit/audit.tables.js";
import { guests } from "../guests.tables.js";
import { addGuest, guestEvent } from "../guests.testing.js";
import { runImport } from "./imports.jobs.js";
import { guestImportErrors, guestImports } from "./imports.tables.js";
import { upload, waitForImport } from "./imports.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const frenchOwner = madeBeforeAll(() => registerAccount(t, { language: "fr", accountName: "Société Française" }));

const importsUrl = (event: { users: string }) => event.users.replace(/\/users$/, "/imports");
const guestsOf = (eventId: string) =>
  t.context.db.select().from(guests).where(eq(guests.eventId, eventId)).orderBy(asc(guests.lastName));

/** Uploads `text`, starts it with the suggested mapping (or `mapping`) and waits for the job. */
async function importText(
  user: SignedIn,
  event: { users: string },
  bytes: Buffer,
  options: { onExistingEmail?: "skip" | "update"; mapping?: Record<string, string> } = {},
) {
  const uploaded = await upload(t, importsUrl(event), user.token, { name: "guests.csv", bytes });
  expect(uploaded.status).toBe(201);
  const url = `${importsUrl(event)}/${uploaded.body.id}`;
  const started = await t.request({
    method: "POST",
    url: `${url}/start`,
    token: user.token,
    body: { mapping: options.mapping ?? uploaded.body.suggestedMapping, onExistingEmail: options.onExistingEmail },
  });
  expect(started.status).toBe(202);
  return { id: uploaded.body.id as string, url, progress: await waitForImport(t, url, user.token) };
}

describe("imports: processing", () => {
  it("imports an Excel-made French CSV, refusing two bad rows with their reasons in the creator's language", async () => {
    const event = await guestEvent(t, frenchOwner);
    const field = await t.request({
      method: "POST",
      url: event.fields,
      token: frenchOwner.token,
      body: { name: "Places", type: "number", max: 10 },
    });
    expect(field.status).toBe(201);
    const lines = [
      "Civilité;Prénom;Nom;E-mail;Société;Téléphone;Statut;Places",
      "Mme;Hélène;Dupré;Helene@Example.test;Café Crème;04 12 34 56 78;Confirmé;2,5",
      "M.;Jean;Martin;pas-un-email;Acme;;;",
      "Mme;Zoé;Bernard;zoe@example.test;;12;;",
      ";;;;;;;",
      "M;Paul;Durand;;Acme;+33612345678;;",
      "Mx;Sam;Petit;sam@example.test;;;a_voir;",
    ];
    const { id, url, progress } = await importText(
      frenchOwner,
      event,
      Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1"),
    );
    expect(progress).toMatchObject({
      status: "completed",
      totalRows: 5,
      processedRows: 5,
      createdCount: 3,
      updatedCount: 0,
      skippedCount: 0,
      errorCount: 2,
      failureReason: null,
      finishedAt: expect.any(String),
    });

    const stored = await guestsOf(event.id);
    expect(stored.map((guest) => guest.lastName)).toEqual(["Dupré", "Durand", "Petit"]);
    expect(stored[0]).toMatchObject({
      civility: "mrs",
      firstName: "Hélène",
      email: "helene@example.test",
      company: "Café Crème",
      phone: "04 12 34 56 78",
      status: "confirmed",
      customFields: { [field.body.id]: 2.5 },
      createdSource: "import",
      searchText: "helene dupre helene@example.test cafe creme",
    });
    expect(stored[1]).toMatchObject({ civility: "mr", email: null, status: "not_responded" });
    expect(stored[2]).toMatchObject({ civility: "mx", status: "to_be_seen" });

    const errors = await t.context.db
      .select()
      .from(guestImportErrors)
      .where(eq(guestImportErrors.importId, id))
      .orderBy(asc(guestImportErrors.rowNumber));
    expect(errors).toEqual([
      {
        importId: id,
        rowNumber: 3,
        reason: "E-mail: Adresse e-mail invalide.",
        values: ["M.", "Jean", "Martin", "pas-un-email", "Acme", "", "", ""],
      },
      {
        importId: id,
        rowNumber: 4,
        reason: "Téléphone: Le format du téléphone est incorrect (04XXXXXXXX ou +33XXXXXXXXX).",
        values: ["Mme", "Zoé", "Bernard", "zoe@example.test", "", "12", "", ""],
      },
    ]);

    const report = await t.request({ method: "GET", url: `${url}/report`, token: frenchOwner.token, language: "fr" });
    expect(report.status).toBe(200);
    expect(report.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(report.headers["content-disposition"]).toBe('attachment; filename="guests-refused-rows.csv"');
    expect(report.body.split("\n").slice(0, 3)).toEqual([
      "\uFEFFLigne,Raison,Civilité,Prénom,Nom,E-mail,Société,Téléphone,Statut,Places",
      "3,E-mail: Adresse e-mail invalide.,M.,Jean,Martin,pas-un-email,Acme,,,",
      "4,Téléphone: Le format du téléphone est incorrect (04XXXXXXXX ou +33XXXXXXXXX).,Mme,Zoé,Bernard,zoe@example.test,,12,,",
    ]);

    const audits = await t.context.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
    expect(audits.map((audit) => audit.action).sort()).toEqual([
      "guests.import.completed",
      "guests.import.started",
      "guests.import.uploaded",
    ]);
    const completed = audits.find((audit) => audit.action === "guests.import.completed");
    expect(completed).toMatchObject({
      accountId: frenchOwner.accountId,
      eventId: event.id,
      actorLabel: "Guest import",
    });
    expect(completed?.after).toMatchObject({ created: 3, refused: 2, createdBy: frenchOwner.userId });
  });

  it("skips or updates a guest whose email is already in the list, as chosen", async () => {
    const event = await guestEvent(t, owner);
    const existing = await addGuest(t, owner.token, event.users, {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.test",
      company: "Old Co",
      jobTitle: "Countess",
    });
    const file = Buffer.from(
      [
        "First name,Last name,Email,Company,Job title",
        "Ada,King,ADA@example.test,New Co,",
        "Alan,Turing,alan@example.test,Bletchley,",
        "Alan,Turing,alan@example.test,Manchester,Reader",
      ].join("\n"),
    );

    const skipped = await importText(owner, event, file, { onExistingEmail: "skip" });
    expect(skipped.progress).toMatchObject({ createdCount: 1, updatedCount: 0, skippedCount: 2, errorCount: 0 });
    let stored = await guestsOf(event.id);
    expect(stored.map((guest) => [guest.lastName, guest.company, guest.jobTitle])).toEqual([
      ["Lovelace", "Old Co", "Countess"],
      ["Turing", "Bletchley", ""],
    ]);

    const updated = await importText(owner, event, file, { onExistingEmail: "update" });
    expect(updated.progress).toMatchObject({ createdCount: 0, updatedCount: 3, skippedCount: 0, errorCount: 0 });
    stored = await guestsOf(event.id);
    // An empty cell leaves the value in place; the last row of an email wins.
    expect(stored.map((guest) => [guest.id === existing.id, guest.lastName, guest.company, guest.jobTitle])).toEqual([
      [true, "King", "New Co", "Countess"],
      [false, "Turing", "Manchester", "Reader"],
    ]);
    expect(stored[0]?.searchText).toBe("ada king ada@example.test new co");

    // Within one file, a repeated email updates the guest its first row creates.
    const fresh = await guestEvent(t, owner);
    const repeated = await importText(owner, fresh, file, { onExistingEmail: "update" });
    expect(repeated.progress).toMatchObject({ createdCount: 2, updatedCount: 1, skippedCount: 0 });
    expect((await guestsOf(fresh.id)).map((guest) => guest.company)).toEqual(["New Co", "Manchester"]);
  });

  it("resumes after the last committed batch and does nothing once completed", async () => {
    const event = await guestEvent(t, owner);
    const rows = Array.from({ length: 2500 }, (_, index) => {
      const n = String(index).padStart(4, "0");
      return `Guest;N${n};n${n}@example.test`;
    });
    const uploaded = await upload(t, importsUrl(event), owner.token, {
      name: "big.csv",
      bytes: Buffer.from(`Prénom;Nom;Email\n${rows.join("\n")}\n`),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.totalRows).toBe(2500);
    const id = uploaded.body.id as string;
    // A run stopped after committing the first 1,000 rows: the next batch starts at the committed progress.
    await t.context.db
      .update(guestImports)
      .set({ status: "running", mapping: uploaded.body.suggestedMapping, processedRows: 1000, createdCount: 1000 })
      .where(eq(guestImports.id, id));

    await runImport(t.context, id);
    const [after] = await t.context.db.select().from(guestImports).where(eq(guestImports.id, id));
    // The rows read at upload are only kept while the import runs.
    expect(after).toMatchObject({
      status: "completed",
      processedRows: 2500,
      createdCount: 2500,
      errorCount: 0,
      rows: null,
    });
    const count = async () =>
      (
        await t.context.db
          .select({ count: sql<number>`count(*)::int`, first: sql<string>`min(${guests.lastName})` })
          .from(guests)
          .where(and(eq(guests.eventId, event.id)))
      )[0];
    expect(await count()).toEqual({ count: 1500, first: "N1000" });

    await runImport(t.context, id);
    expect(await count()).toEqual({ count: 1500, first: "N1000" });
    const completions = await t.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, "guests.import.completed")));
    expect(completions).toHaveLength(1);
  });

  it("fails cleanly, importing nothing, when the rows read at upload are not there", async () => {
    const event = await guestEvent(t, owner);
    const uploaded = await upload(t, importsUrl(event), owner.token, {
      name: "guests.csv",
      bytes: Buffer.from("Prénom;Nom;Email\nAda;Lovelace;ada@example.test\n"),
    });
    const id = uploaded.body.id as string;
    await t.context.db
      .update(guestImports)
      .set({ status: "queued", mapping: uploaded.body.suggestedMapping, rows: null })
      .where(eq(guestImports.id, id));

    await runImport(t.context, id);
    const [after] = await t.context.db.select().from(guestImports).where(eq(guestImports.id, id));
    expect(after).toMatchObject({ status: "failed", processedRows: 0, createdCount: 0 });
    expect(after?.failureReason).toMatch(/upload it again/);
    expect(await guestsOf(event.id)).toEqual([]);
  });
});
