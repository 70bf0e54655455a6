// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { Discount } from "../../../../contract/ticketing-catalogue";
import { errorAnswer, type FakeAnswer, type FakeRequest } from "../../../ui/test-render";
import { discount, openCataloguePage, scopePath, ticket } from "./catalogue.test-fixtures";
import { DiscountsPage } from "./DiscountsPage";

const entry = ticket();
const dinner = ticket({ id: "99999999-9999-4999-8999-999999999999", caption: { fr: "Dîner", en: "Dinner" } });
const group = discount();
const earlyBird = discount({
  id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
  name: "Early bird",
  discountType: "amount",
  percentOff: null,
  amountOffCents: 500,
  minQuantity: 1,
  startsAt: "2026-06-01T08:00:00.000Z",
  endsAt: "2026-06-05T21:59:00.000Z",
  ticketIds: [entry.id, dinner.id],
});

const open = (discounts: Discount[], answer?: (request: FakeRequest) => FakeAnswer, role: AccountRole = "organizer") =>
  openCataloguePage(
    { path: "discounts", element: <DiscountsPage /> },
    { tickets: [entry, dinner], discounts },
    answer,
    role,
  );
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const posts = (calls: FakeRequest[]) => calls.filter((call) => call.method === "POST");

afterEach(cleanup);

describe("automatic discounts page", () => {
  it("lists each discount with its reduction, minimum quantity, dates and tickets", { timeout: 60_000 }, async () => {
    open([group, earlyBird]);
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const cells = (row: number) =>
      within(rows[row] as HTMLElement)
        .getAllByRole("cell")
        .slice(0, 5)
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual(["Group rate", "10%", "10", "Always", "Entry"]);
    expect(cells(2).slice(0, 3)).toEqual(["Early bird", "€5.00", "1"]);
    // In the event's time zone (Europe/Paris), not the browser's.
    expect(cells(2)[3]).toMatch(/^Jun 1, 2026, 10:00\sAM to Jun 5, 2026, 11:59\sPM$/);
    expect(cells(2)[4]).toBe("Entry, Dinner");
    expect(screen.getByRole("heading", { name: "Automatic discounts", level: 1 })).toBeTruthy();
    expect(document.title).toBe("Automatic discounts of Summer gala · Eventdesk");
  });

  it("says when there is none", { timeout: 60_000 }, async () => {
    open([]);
    expect(await screen.findByText("No automatic discount.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("checks a new discount before sending, then sends it and shows the list again", {
    timeout: 60_000,
  }, async () => {
    const created = discount({ id: "dddddddd-dddd-4ddd-8ddd-dddddddddddd", name: "Team of five" });
    const all = open([], () => ({ status: 201, body: created }));
    fireEvent.click(await screen.findByRole("button", { name: "New discount" }));
    const dialog = await screen.findByRole("dialog", { name: "New discount" });
    type(dialog, /^Minimum quantity/, "0");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose at least one ticket.")).toBeTruthy();
    expect(within(dialog).getByText("This number is too small.")).toBeTruthy();
    expect(within(dialog).getAllByText("This field is required.")).toHaveLength(2);
    expect(posts(all)).toEqual([]);

    type(dialog, /^Name/, "Team of five");
    type(dialog, /^Percent off/, "12.5");
    type(dialog, /^Minimum quantity/, "5");
    fireEvent.click(within(dialog).getByLabelText(/^Applies on/));
    fireEvent.click(await screen.findByRole("option", { name: "Dinner", hidden: true }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posts(all)).toHaveLength(1));
    expect(posts(all)[0]).toMatchObject({
      path: `${scopePath}/discounts`,
      body: {
        name: "Team of five",
        discountType: "percent",
        percentOff: 12.5,
        amountOffCents: null,
        minQuantity: 5,
        startsAt: null,
        endsAt: null,
        ticketIds: [dinner.id],
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New discount" })).toBeNull());
    // The catalogue is read again after the change.
    await waitFor(() =>
      expect(all.filter((call) => call.method === "GET" && call.path === `${scopePath}/discounts`)).toHaveLength(2),
    );
  });

  it("sends an amount off in cents, and keeps the window open on the server's refusal", {
    timeout: 60_000,
  }, async () => {
    const message = "The discount must end after it starts.";
    const calls = open([], () => errorAnswer(400, "DISCOUNT_ENDS_BEFORE_START", message));
    fireEvent.click(await screen.findByRole("button", { name: "New discount" }));
    const dialog = await screen.findByRole("dialog", { name: "New discount" });
    type(dialog, /^Name/, "Early bird");
    fireEvent.click(within(dialog).getByRole("radio", { name: "Amount" }));
    type(dialog, /^Amount off/, "5");
    fireEvent.click(within(dialog).getByLabelText(/^Applies on/));
    fireEvent.click(await screen.findByRole("option", { name: "Entry", hidden: true }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
    expect(posts(calls)[0]?.body).toMatchObject({
      name: "Early bird",
      discountType: "amount",
      amountOffCents: 500,
      percentOff: null,
      minQuantity: 1,
      ticketIds: [entry.id],
    });
  });

  it("edits a discount at its own address, and asks before deleting", { timeout: 60_000 }, async () => {
    const calls = open([group, earlyBird], (request) =>
      request.method === "DELETE" ? { status: 200, body: { ok: true } } : { status: 200, body: group },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Edit Group rate" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the discount" });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Group rate");
    type(dialog, /^Minimum quantity/, "12");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(posts(calls)[0]).toMatchObject({
        path: `${scopePath}/discounts/${group.id}`,
        body: { name: "Group rate", discountType: "percent", percentOff: 10, minQuantity: 12, ticketIds: [entry.id] },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete Early bird" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the discount" });
    expect(within(confirm).getByText(/Delete the discount Early bird\?/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`${scopePath}/discounts/${earlyBird.id}`),
    );
  });

  it("is read only for readers", { timeout: 60_000 }, async () => {
    open([group], undefined, "reader");
    await screen.findByRole("table");
    expect(screen.getByText("Group rate")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /New discount|Edit|Delete/ })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });
});
