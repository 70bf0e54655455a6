// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { FakeAnswer, FakeRequest } from "../../../ui/test-render";
import { category, openCataloguePage, scopePath, ticket } from "./catalogue.test-fixtures";
import { TicketsPage } from "./TicketsPage";

const days = category();
const entry = ticket({ categoryId: days.id });
const cloakroom = ticket({
  id: "99999999-9999-4999-8999-999999999999",
  caption: { fr: "Vestiaire", en: "Cloakroom" },
  isOption: true,
  optionOf: [entry.id],
  taxPercent: null,
  maxQuantity: null,
  quantityTaken: 0,
  onSale: false,
  pricePeriods: [
    { id: "p2", startsAt: null, endsAt: null, priceBasis: "incl", priceInclTaxCents: 300, priceExclTaxCents: 300 },
  ],
});

const open = (answer?: (request: FakeRequest) => FakeAnswer, role: AccountRole = "organizer") =>
  openCataloguePage(
    { path: "tickets", element: <TicketsPage /> },
    { tickets: [entry, cloakroom], categories: [days] },
    answer,
    role,
  );
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe("tickets page", () => {
  it("lists tickets under their category, with the price in effect and the quota", { timeout: 60_000 }, async () => {
    open();
    const daysGroup = await screen.findByRole("region", { name: "Days" });
    expect(within(daysGroup).getByText("Entry")).toBeTruthy();
    expect(within(daysGroup).getByText("€12.00 incl. VAT 20 % (€10.00 excl. VAT) · 3 of 100 taken")).toBeTruthy();
    const others = screen.getByRole("region", { name: "Without category" });
    expect(within(others).getByText("Cloakroom")).toBeTruthy();
    expect(within(others).getByText("Option")).toBeTruthy();
    expect(within(others).getByText("€3.00, no VAT · 0 taken, unlimited")).toBeTruthy();
    expect(document.title).toBe("Tickets of Summer gala · Eventdesk");
    expect(screen.getByRole("link", { name: "Tickets" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows prices in the event's currency, in the list and in the price typed", { timeout: 60_000 }, async () => {
    openCataloguePage(
      { path: "tickets", element: <TicketsPage /> },
      { tickets: [entry], categories: [days], currency: "CHF" },
    );
    const daysGroup = await screen.findByRole("region", { name: "Days" });
    expect(
      await within(daysGroup).findByText("CHF 12.00 incl. VAT 20 % (CHF 10.00 excl. VAT) · 3 of 100 taken"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New ticket" }));
    const drawer = await screen.findByRole("dialog", { name: "New ticket" });
    type(drawer, /^VAT rate/, "20");
    const price = within(drawer).getByLabelText(/^Price after taxes/);
    type(drawer, /^Price after taxes/, "12");
    expect(await within(drawer).findByText("Before taxes: CHF 10.00")).toBeTruthy();
    expect(price.closest(".mantine-NumberInput-root")?.textContent).toContain("CHF");
    expect(price.closest(".mantine-NumberInput-root")?.textContent).not.toContain("€");
  });

  it("computes the other price live as the organizer types, and saves the price typed", {
    timeout: 60_000,
  }, async () => {
    const calls = open((request) => ({ status: 201, body: { ...entry, ...(request.body as object) } }));
    fireEvent.click(await screen.findByRole("button", { name: "New ticket" }));
    const drawer = await screen.findByRole("dialog", { name: "New ticket" });
    type(drawer, /^Caption \(French\)/, "Entrée");
    type(drawer, /^VAT rate/, "5.5");
    type(drawer, /^Price after taxes/, "10");
    expect(await within(drawer).findByText("Before taxes: €9.48")).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("radio", { name: "Before taxes" }));
    expect(await within(drawer).findByText("After taxes: €10.55")).toBeTruthy();
    expect(within(drawer).getByLabelText(/^Price before taxes/)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("checkbox", { name: "No VAT" }));
    expect(await within(drawer).findByText("No VAT: the same price before and after taxes.")).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("checkbox", { name: "No VAT" }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeDefined());
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/tickets`,
      body: {
        caption: { fr: "Entrée" },
        taxPercent: 20,
        maxQuantity: null,
        pricePeriods: [{ startsAt: null, endsAt: null, priceCents: 1000, priceBasis: "excl" }],
      },
    });
  });

  it("shows the rules' messages under their fields before anything is sent", { timeout: 60_000 }, async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole("button", { name: "New ticket" }));
    const drawer = await screen.findByRole("dialog", { name: "New ticket" });
    type(drawer, /^Caption \(English\)/, "Entry");
    type(drawer, /^Quota/, "0");
    fireEvent.click(within(drawer).getByRole("button", { name: "Add a price period" }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText("The caption is required in the event's default language.")).toBeTruthy();
    expect(within(drawer).getByText("The quota must be a number greater than 0.")).toBeTruthy();
    expect(within(drawer).getByText("This price period overlaps another period of the ticket.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("puts the server's refusal under its field", { timeout: 60_000 }, async () => {
    const message = "The quota cannot be lower than the 3 units already sold or reserved.";
    const calls = open(() => ({
      status: 409,
      body: { error: { code: "TICKET_QUOTA_BELOW_TAKEN", message, fields: { maxQuantity: message } } },
    }));
    fireEvent.click((await screen.findAllByRole("button", { name: "Edit Entry" }))[0] as HTMLElement);
    const drawer = await screen.findByRole("dialog", { name: "Edit the ticket" });
    expect((within(drawer).getByLabelText(/^Caption \(French\)/) as HTMLInputElement).value).toBe("Entrée");
    type(drawer, /^Quota/, "2");
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText(message)).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/tickets/${entry.id}`,
      body: { maxQuantity: 2, caption: { fr: "Entrée", en: "Entry" } },
    });
  });

  it("switches sale with one field, and says when a sold ticket was deactivated", { timeout: 60_000 }, async () => {
    const deactivated = "This ticket has already been sold, so it cannot be deleted: it has been deactivated instead.";
    const calls = open((request) =>
      request.method === "DELETE"
        ? { status: 200, body: { outcome: "deactivated", message: deactivated, ticket: { ...entry, active: false } } }
        : { status: 200, body: { ...entry, onSale: false } },
    );
    fireEvent.click(await screen.findByRole("switch", { name: "Entry on sale" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/tickets/${entry.id}`,
        body: { onSale: false },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete Entry" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the ticket" });
    expect(within(dialog).getByText(/Entry has already been sold: it will be deactivated/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(deactivated)).toBeTruthy();
  });

  it("is read only for readers", { timeout: 60_000 }, async () => {
    open(undefined, "reader");
    expect(((await screen.findByRole("switch", { name: "Entry on sale" })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /New ticket|Edit|Delete|Move/ })).toBeNull();
  });
});

/*
 * Ordering with the keyboard, through dnd-kit's real KeyboardSensor. jsdom lays nothing out (every rect is 0×0 at
 * 0,0), so no row would be "below" another: each element gets a 20 px high rect, stacked in document order, which is
 * how the page's vertical lists lay out in a browser.
 */
describe("tickets page, ordering with the keyboard", () => {
  const dinner = ticket({
    id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
    caption: { fr: "Dîner", en: "Dinner" },
    categoryId: days.id,
    position: 1,
  });
  const extras = category({ id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", name: "Extras", position: 1 });
  const saturday = category({
    id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
    name: "Saturday",
    parentId: days.id,
    position: 0,
  });

  beforeEach(() => {
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const top = [...document.body.querySelectorAll("*")].indexOf(this) * 20;
      return { x: 0, y: top, top, left: 0, right: 200, bottom: top + 20, width: 200, height: 20, toJSON: () => ({}) };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Space on the focused handle lifts the row, the arrow moves it one place down, space drops it. */
  async function moveDown(handle: HTMLElement) {
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: "Space", key: " " });
    // The sensor listens to the next keys from the next task on.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.keyDown(handle, { code: "ArrowDown", key: "ArrowDown" });
    fireEvent.keyDown(handle, { code: "Space", key: " " });
  }
  const openOrdering = () =>
    openCataloguePage(
      { path: "tickets", element: <TicketsPage /> },
      { tickets: [entry, dinner, cloakroom], categories: [days, extras, saturday] },
      () => ({ status: 200, body: { items: [], total: 0 } }),
    );

  it("moves a ticket down its category and sends the whole new order", { timeout: 60_000 }, async () => {
    const calls = openOrdering();
    const daysGroup = await screen.findByRole("region", { name: "Days" });
    await moveDown(within(daysGroup).getByRole("button", { name: "Move Entry" }));
    expect(await screen.findByText("Entry dropped in place of Dinner.")).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/tickets/positions`,
      body: { ids: [dinner.id, entry.id, cloakroom.id] },
    });
  });

  it("moves a category down among its siblings and sends the whole tree", { timeout: 60_000 }, async () => {
    const calls = openOrdering();
    await moveDown(await screen.findByRole("button", { name: "Move Days" }));
    expect(await screen.findByText("Days dropped in place of Extras.")).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/categories/positions`,
      body: {
        items: [
          { id: extras.id, parentId: null },
          { id: days.id, parentId: null },
          { id: saturday.id, parentId: days.id },
        ],
      },
    });
  });
});
