import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, registerAccount } from "../../testing/fixtures.js";
import { callsAs, madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { auditLogs } from "../audit/audit.tables.js";
import { customFields, guests } from "./guests.tables.js";
import { addGuest, guestEvent } from "./guests.testing.js";

const t = testAppForFile();
const owner = madeBeforeAll(() => registerAccount(t));
const reader = madeBeforeAll(() => addMember(t, owner.accountId, "reader"));

const { post } = callsAs(t, () => owner);

describe("custom fields", () => {
  it("creates fields in order, lists, reads, edits and logs them", async () => {
    const event = await guestEvent(t, owner, {}, [reader.userId]);
    const first = await post(event.fields, { name: "Diet", type: "short_text" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: "Diet", type: "short_text", required: false, choices: [], position: 0 });
    const second = await post(event.fields, {
      name: "Size",
      type: "dropdown",
      required: true,
      choices: [{ id: "s", label: "Small" }],
    });
    expect(second.body.position).toBe(1);

    const list = await t.request({ method: "GET", url: event.fields, token: reader.token });
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body.items.map((f: { name: string }) => f.name)).toEqual(["Diet", "Size"]);
    expect(
      (await t.request({ method: "GET", url: `${event.fields}/${first.body.id}`, token: reader.token })).body.name,
    ).toBe("Diet");

    const edited = await post(`${event.fields}/${first.body.id}`, { name: "Diet needs", min: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Diet needs", type: "short_text" });
    const [row] = await t.context.db.select().from(customFields).where(eq(customFields.id, first.body.id));
    expect(row?.name).toBe("Diet needs");
    const actions = (await t.context.db.select().from(auditLogs).where(eq(auditLogs.eventId, event.id))).map(
      (log) => log.action,
    );
    expect(actions).toContain("guests.custom_field.created");
    expect(actions).toContain("guests.custom_field.updated");
  });

  it("refuses a name already used in the event, whatever its case", async () => {
    const event = await guestEvent(t, owner);
    await post(event.fields, { name: "Allergies", type: "long_text" });
    const response = await post(event.fields, { name: "ALLERGIES", type: "short_text" });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "CUSTOM_FIELD_EXISTS",
      message: "This custom field already exists, please rename/remove it.",
      fields: { name: "This custom field already exists, please rename/remove it." },
    });
    const french = await post(event.fields, { name: "allergies", type: "short_text" }, owner.token, "fr");
    expect(french.body.error.message).toBe("Ce champ personnalisé existe déjà, veuillez le renommer ou le supprimer.");
    const other = await post(event.fields, { name: "Other", type: "short_text" });
    expect((await post(`${event.fields}/${other.body.id}`, { name: "allergies" })).status).toBe(409);
    // The same name in another event is free.
    expect((await post((await guestEvent(t, owner)).fields, { name: "Allergies", type: "short_text" })).status).toBe(
      201,
    );
  });

  it("needs choices for choice types and a minimum not above the maximum", async () => {
    const event = await guestEvent(t, owner);
    const noChoice = await post(event.fields, { name: "Pick", type: "multiple_choice" });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.error.fields).toEqual({ choices: "Add at least one choice." });
    const range = await post(event.fields, { name: "Age", type: "number", min: 10, max: 5 }, owner.token, "es");
    expect(range.status).toBe(400);
    expect(range.body.error.fields).toEqual({ max: "El mínimo no puede ser mayor que el máximo." });
    expect(await t.context.db.select().from(customFields).where(eq(customFields.eventId, event.id))).toEqual([]);
  });

  it("reorders with every id of the event, and refuses anything else", async () => {
    const event = await guestEvent(t, owner);
    const ids: string[] = [];
    for (const name of ["A", "B", "C"]) ids.push((await post(event.fields, { name, type: "short_text" })).body.id);
    const reordered = await post(`${event.fields}/reorder`, { ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.items.map((f: { name: string }) => f.name)).toEqual(["C", "A", "B"]);
    const partial = await post(`${event.fields}/reorder`, { ids: [ids[0], ids[1]] });
    expect(partial.status).toBe(400);
    expect(partial.body.error.message).toBe("The fields could not be reordered.");
  });

  it("deleting a field removes the guests' answers to it", async () => {
    const event = await guestEvent(t, owner);
    const diet = (await post(event.fields, { name: "Diet", type: "short_text" })).body.id;
    const shoe = (await post(event.fields, { name: "Shoe", type: "number" })).body.id;
    const guest = await addGuest(t, owner.token, event.users, {
      lastName: "Doe",
      customFields: { [diet]: "vegan", [shoe]: 42 },
    });
    const response = await t.request({ method: "DELETE", url: `${event.fields}/${diet}`, token: owner.token });
    expect(response.status).toBe(200);
    const [row] = await t.context.db.select().from(guests).where(eq(guests.id, guest.id));
    expect(row?.customFields).toEqual({ [shoe]: 42 });
    expect((await t.request({ method: "GET", url: `${event.fields}/${diet}`, token: owner.token })).status).toBe(404);
  });

  it("refuses a new rule that values guests already have would break, and accepts one they all fit", async () => {
    const event = await guestEvent(t, owner);
    const size = (await post(event.fields, { name: "Size", type: "short_text" })).body.id;
    await addGuest(t, owner.token, event.users, { lastName: "A", customFields: { [size]: "42" } });
    await addGuest(t, owner.token, event.users, { lastName: "B", customFields: { [size]: "XL" } });
    await addGuest(t, owner.token, event.users, { lastName: "C", customFields: { [size]: "L" } });
    const refused = await post(`${event.fields}/${size}`, { type: "number" }, owner.token, "es");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "CUSTOM_FIELD_VALUES_CONFLICT",
      message:
        "3 invitados tienen un valor que este campo rechazaría una vez modificado: cambie o borre antes sus valores.",
    });
    const [field] = await t.context.db.select().from(customFields).where(eq(customFields.id, size));
    expect(field?.type).toBe("short_text");
    // Every value still fits a longer text, a rename changes no rule.
    expect((await post(`${event.fields}/${size}`, { type: "long_text", name: "T-shirt size" })).status).toBe(200);
  });

  it("lets a reader read fields but not change them", async () => {
    const event = await guestEvent(t, owner, {}, [reader.userId]);
    const response = await post(event.fields, { name: "Diet", type: "short_text" }, reader.token);
    expect(response.status).toBe(403);
    expect((await t.request({ method: "GET", url: event.fields, token: reader.token })).status).toBe(200);
  });
});
