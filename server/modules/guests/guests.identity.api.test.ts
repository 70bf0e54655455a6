import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { guests } from "./guests.tables.js";
import { addGuest, guestEvent } from "./guests.testing.js";
import { guestImportErrors } from "./imports/imports.tables.js";
import { upload, waitForImport } from "./imports/imports.testing.js";

/* Issue 17: "Add a guest" with nothing filled in made an unnamed, address-less guest. A guest needs an email or a last name. */

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));

const send = (method: "POST", url: string, body: unknown, language?: string) =>
  t.request({ method, url, token: owner.token, body, language });
const guestsOf = (eventId: string) =>
  t.context.db.select().from(guests).where(eq(guests.eventId, eventId)).orderBy(asc(guests.createdAt));

const english = "An email address or a last name is required.";
const french = "Une adresse e-mail ou un nom est obligatoire.";

describe("a guest has an email or a last name", () => {
  it("refuses to create a guest with neither, under both fields, in the caller's language", async () => {
    const event = await guestEvent(t, owner);
    for (const body of [{}, { firstName: "Ada", company: "Acme", email: "", lastName: "   " }]) {
      const response = await send("POST", event.users, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: "GUEST_EMAIL_OR_LAST_NAME_REQUIRED",
        message: english,
        fields: { lastName: english, email: english },
      });
    }
    const inFrench = await send("POST", event.users, { firstName: "Ada" }, "fr");
    expect(inFrench.status).toBe(400);
    expect(inFrench.body.error.fields).toEqual({ lastName: french, email: french });
    expect(await guestsOf(event.id)).toEqual([]);

    expect((await send("POST", event.users, { lastName: "Lovelace" })).status).toBe(201);
    expect((await send("POST", event.users, { email: "ada@example.test" })).status).toBe(201);
    expect((await guestsOf(event.id)).map((guest) => [guest.lastName, guest.email])).toEqual([
      ["Lovelace", null],
      ["", "ada@example.test"],
    ]);
  });

  it("refuses an edit that would leave a guest with neither, whichever of the two it sends", async () => {
    const event = await guestEvent(t, owner);
    const named = await addGuest(t, owner.token, event.users, { lastName: "Lovelace" });
    const mailed = await addGuest(t, owner.token, event.users, { email: "grace@example.test" });
    const both = await addGuest(t, owner.token, event.users, { lastName: "Turing", email: "alan@example.test" });
    const url = (guest: { id: string }) => `${event.users}/${guest.id}`;

    const clearedName = await send("POST", url(named), { lastName: "" }, "fr");
    expect(clearedName.status).toBe(400);
    expect(clearedName.body.error).toEqual({
      code: "GUEST_EMAIL_OR_LAST_NAME_REQUIRED",
      message: french,
      fields: { lastName: french },
    });
    const clearedMail = await send("POST", url(mailed), { email: "" });
    expect(clearedMail.status).toBe(400);
    expect(clearedMail.body.error.fields).toEqual({ email: english });
    // The guest's form sends every field: the contract itself refuses both empty.
    const clearedBoth = await send("POST", url(both), { lastName: "", email: null, firstName: "Alan" });
    expect(clearedBoth.status).toBe(400);
    expect(clearedBoth.body.error.fields).toEqual({ lastName: english, email: english });

    // Clearing one while the other stays is fine.
    expect((await send("POST", url(both), { email: "" })).status).toBe(200);
    expect((await send("POST", url(mailed), { lastName: "Hopper", email: "" })).status).toBe(200);
    const stored = await guestsOf(event.id);
    expect(stored.map((guest) => [guest.lastName, guest.email])).toEqual([
      ["Lovelace", null],
      ["Hopper", null],
      ["Turing", null],
    ]);
  });

  it("refuses an imported row with neither, in the import's report", async () => {
    const event = await guestEvent(t, owner);
    const lines = ["First name;Last name;Email;Company", "Ada;;;Acme", "Grace;Hopper;;", ";;alan@example.test;"];
    const uploaded = await upload(t, event.users.replace(/\/users$/, "/imports"), owner.token, {
      name: "guests.csv",
      bytes: Buffer.from(`${lines.join("\n")}\n`),
    });
    expect(uploaded.status).toBe(201);
    const url = `${event.users.replace(/\/users$/, "/imports")}/${uploaded.body.id}`;
    const started = await send("POST", `${url}/start`, { mapping: uploaded.body.suggestedMapping });
    expect(started.status).toBe(202);
    expect(await waitForImport(t, url, owner.token)).toMatchObject({
      status: "completed",
      createdCount: 2,
      errorCount: 1,
    });
    expect(
      await t.context.db.select().from(guestImportErrors).where(eq(guestImportErrors.importId, uploaded.body.id)),
    ).toEqual([
      {
        importId: uploaded.body.id,
        rowNumber: 2,
        reason: `Last name: ${english}`,
        values: ["Ada", "", "", "Acme"],
      },
    ]);
    expect((await guestsOf(event.id)).map((guest) => [guest.lastName, guest.email]).sort()).toEqual([
      ["", "alan@example.test"],
      ["Hopper", null],
    ]);
  });
});
