import { describe, expect, it } from "vitest";
import { registerTenants } from "../../../testing/fixtures.js";
import { client, madeBeforeAll, testAppForFile } from "../../../testing/test-app.js";
import { auditActions, catalogueEvent, created, ticketBody } from "./catalogue.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));

const owner = () => client(t, tenants.owner);
/** A fresh event per test: category trees of different tests do not mix. */
const newEvent = () => catalogueEvent(t, tenants.owner, {}, [tenants.reader.userId]);
const category = (url: string, name: string, parentId: string | null = null) =>
  created(t, tenants.owner.token, url, { name, parentId });
const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

describe("categories", () => {
  it("creates, lists in order, edits and deletes, with audit rows", async () => {
    const event = await newEvent();
    const response = await owner().post(event.categories, { name: "Days", color: "#1a2B3c" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Days", color: "#1a2B3c", parentId: null, position: 0 });
    const friday = await category(event.categories, "Friday", response.body.id);
    expect(friday).toMatchObject({ parentId: response.body.id, position: 1 });
    expect(ids((await owner().get(event.categories)).body)).toEqual([response.body.id, friday.id]);

    const edited = await owner().post(`${event.categories}/${friday.id}`, { name: "Saturday", parentId: null });
    expect(edited.body).toMatchObject({ name: "Saturday", parentId: null, color: null });
    expect((await owner().get(`${event.categories}/${friday.id}`)).body.name).toBe("Saturday");
    expect((await owner().delete(`${event.categories}/${friday.id}`)).body).toEqual({ ok: true });
    expect((await owner().get(`${event.categories}/${friday.id}`)).status).toBe(404);
    expect(await auditActions(t, friday.id)).toEqual([
      "ticketing.category.created",
      "ticketing.category.updated",
      "ticketing.category.deleted",
    ]);
  });

  it("checks the name, the color and that the parent is a category of the event", async () => {
    const event = await newEvent();
    const nameless = await owner().post(event.categories, { name: " " });
    expect(nameless.body.error.fields).toEqual({ name: "This field is required." });
    const color = await owner().post(event.categories, { name: "Days", color: "red" });
    expect(color.body.error.fields).toEqual({ color: "The color must be written like #1a2b3c." });
    const elsewhere = await catalogueEvent(t, tenants.owner);
    const foreign = await category(elsewhere.categories, "Theirs");
    const response = await owner().post(event.categories, { name: "Days", parentId: foreign.id });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "CATEGORY_NOT_IN_EVENT",
      fields: { parentId: "This category is not a category of this event." },
    });
  });

  it("never makes a cycle: not inside itself nor inside one of its subcategories", async () => {
    const event = await newEvent();
    const a = await category(event.categories, "A");
    const b = await category(event.categories, "B", a.id);
    const c = await category(event.categories, "C", b.id);
    for (const parentId of [a.id, c.id]) {
      const response = await owner().post(`${event.categories}/${a.id}`, { name: "A", parentId });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        "A category cannot be placed inside itself or one of its subcategories.",
      );
    }
    const positions = await owner().post(`${event.categories}/positions`, {
      items: [
        { id: a.id, parentId: c.id },
        { id: b.id, parentId: a.id },
        { id: c.id, parentId: b.id },
      ],
    });
    expect(positions.body.error.code).toBe("CATEGORY_PARENT_CYCLE");
  });

  it("keeps tickets consistent: a ticket follows its subcategory when the tree changes", async () => {
    const event = await newEvent();
    const days = await category(event.categories, "Days");
    const extras = await category(event.categories, "Extras");
    const friday = await category(event.categories, "Friday", days.id);
    const ticket = await created(
      t,
      tenants.owner.token,
      event.tickets,
      ticketBody({ categoryId: days.id, subcategoryId: friday.id }),
    );
    const ticketUrl = `${event.tickets}/${ticket.id}`;

    await owner().post(`${event.categories}/${friday.id}`, { name: "Friday", parentId: extras.id });
    expect((await owner().get(ticketUrl)).body).toMatchObject({ categoryId: extras.id, subcategoryId: friday.id });

    // Deleting the parent moves its subcategory to the top, and the ticket with it.
    await owner().delete(`${event.categories}/${extras.id}`);
    expect((await owner().get(`${event.categories}/${friday.id}`)).body.parentId).toBeNull();
    expect((await owner().get(ticketUrl)).body).toMatchObject({ categoryId: friday.id, subcategoryId: null });

    await owner().delete(`${event.categories}/${friday.id}`);
    expect((await owner().get(ticketUrl)).body).toMatchObject({ categoryId: null, subcategoryId: null });
  });

  it("sets positions and parents of the whole tree at once", async () => {
    const event = await newEvent();
    const a = await category(event.categories, "A");
    const b = await category(event.categories, "B");
    const c = await category(event.categories, "C");
    const response = await owner().post(`${event.categories}/positions`, {
      items: [
        { id: c.id, parentId: null },
        { id: a.id, parentId: c.id },
        { id: b.id, parentId: null },
      ],
    });
    expect(response.status).toBe(200);
    expect(
      response.body.items.map((item: { id: string; parentId: string | null; position: number }) => item),
    ).toMatchObject([
      { id: c.id, parentId: null, position: 0 },
      { id: a.id, parentId: c.id, position: 1 },
      { id: b.id, parentId: null, position: 2 },
    ]);
    const missing = await owner().post(`${event.categories}/positions`, { items: [{ id: a.id, parentId: null }] });
    expect(missing.body.error).toMatchObject({
      code: "CATEGORY_POSITIONS_INVALID",
      message: "The categories could not be reordered.",
    });
    expect(await auditActions(t, event.id)).toContain("ticketing.category.reordered");
  });

  it("lets a reader read but not write (403), and another account gets 404", async () => {
    const event = await newEvent();
    const days = await category(event.categories, "Days");
    const reader = client(t, tenants.reader);
    expect((await reader.get(event.categories)).status).toBe(200);
    expect((await reader.get(`${event.categories}/${days.id}`)).status).toBe(200);
    expect((await reader.post(event.categories, { name: "New" })).status).toBe(403);
    expect((await reader.post(`${event.categories}/${days.id}`, { name: "New" })).status).toBe(403);
    expect((await reader.delete(`${event.categories}/${days.id}`)).status).toBe(403);
    expect((await reader.post(`${event.categories}/positions`, { items: [] })).status).toBe(403);
    const other = client(t, tenants.other);
    for (const response of [
      await other.get(event.categories),
      await other.get(`${event.categories}/${days.id}`),
      await other.post(event.categories, { name: "New" }),
      await other.post(`${event.categories}/${days.id}`, { name: "New" }),
      await other.delete(`${event.categories}/${days.id}`),
      await other.post(`${event.categories}/positions`, { items: [] }),
    ]) {
      expect(response.status).toBe(404);
    }
  });
});
