// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, type FakeAnswer, type FakeRequest } from "../../../ui/test-render";
import { CouponsPage } from "./CouponsPage";
import { coupon, openCataloguePage, scopePath, ticket } from "./catalogue.test-fixtures";

const entry = ticket();
const dinner = ticket({ id: "99999999-9999-4999-8999-999999999999", caption: { fr: "Dîner", en: "Dinner" } });
const spring = coupon({ combinable: true });
const expired = coupon({
  id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  code: "OLD",
  discountType: "amount",
  percentOff: null,
  amountOffCents: 500,
  maxRedemptions: null,
  redeemBy: "2020-01-31",
  ticketIds: [entry.id, dinner.id],
});

const open = (answer?: (request: FakeRequest) => FakeAnswer) =>
  openCataloguePage(
    { path: "coupons", element: <CouponsPage /> },
    { tickets: [entry, dinner], coupons: [spring, expired] },
    answer,
  );
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe("coupons page", () => {
  it("lists each coupon with its discount, tickets, uses, last day and state", { timeout: 60_000 }, async () => {
    open();
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(rows[1]?.textContent).toContain("SPRING24");
    expect(rows[1]?.textContent).toContain("10%");
    expect(rows[1]?.textContent).toContain("Combinable");
    expect(rows[1]?.textContent).toContain("3 of 100");
    expect(rows[1]?.textContent).toContain("No end date");
    expect(rows[1]?.textContent).toContain("Usable");
    expect(rows[2]?.textContent).toContain("€5.00");
    expect(rows[2]?.textContent).toContain("Entry, Dinner");
    expect(rows[2]?.textContent).toContain("3, no limit");
    expect(rows[2]?.textContent).toContain("Jan 31, 2020");
    expect(rows[2]?.textContent).toContain("Expired");
    expect(document.title).toBe("Coupons of Summer gala · Eventdesk");
  });

  it("writes amounts off in the event's currency", { timeout: 60_000 }, async () => {
    openCataloguePage(
      { path: "coupons", element: <CouponsPage /> },
      { tickets: [entry], coupons: [expired], currency: "USD" },
    );
    const table = await screen.findByRole("table");
    await waitFor(() => expect(within(table).getAllByRole("row")[1]?.textContent).toContain("$5.00"));
    expect(table.textContent).not.toContain("€");
    fireEvent.click(screen.getByRole("button", { name: "New coupon" }));
    const dialog = await screen.findByRole("dialog", { name: "New coupon" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Amount" }));
    const amount = within(dialog).getByLabelText(/^Amount off/);
    expect(amount.closest(".mantine-NumberInput-root")?.textContent).toContain("$");
  });

  it("checks the code and the amount before sending, then shows the server's refusal", {
    timeout: 60_000,
  }, async () => {
    const taken = "A coupon of this event already has this code.";
    const calls = open(() => errorAnswer(409, "COUPON_CODE_TAKEN", taken, { code: taken }));
    fireEvent.click(await screen.findByRole("button", { name: "New coupon" }));
    const dialog = await screen.findByRole("dialog", { name: "New coupon" });
    type(dialog, /^Code/, "SPRING 24");
    type(dialog, /^Maximum uses/, "0");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("The coupon code must have 1 to 15 characters, without spaces."),
    ).toBeTruthy();
    expect(within(dialog).getByText("The quota must be a number greater than 0.")).toBeTruthy();
    expect(within(dialog).getByText("Choose at least one ticket.")).toBeTruthy();
    expect(within(dialog).getByText("This field is required.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    type(dialog, /^Code/, "spring24");
    type(dialog, /^Maximum uses/, "");
    fireEvent.click(within(dialog).getByRole("radio", { name: "Amount" }));
    type(dialog, /^Amount off/, "5.5");
    fireEvent.click(within(dialog).getByLabelText(/^Applies on/));
    fireEvent.click(await screen.findByRole("option", { name: "Dinner", hidden: true }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/coupons`,
      body: {
        code: "spring24",
        discountType: "amount",
        amountOffCents: 550,
        percentOff: null,
        maxRedemptions: null,
        combinable: false,
        redeemBy: null,
        ticketIds: [dinner.id],
      },
    });
  });

  it("edits a coupon with the whole body, and asks before deleting", { timeout: 60_000 }, async () => {
    const calls = open((request) =>
      request.method === "DELETE" ? { status: 200, body: { ok: true } } : { status: 200, body: spring },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Edit SPRING24" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the coupon" });
    type(dialog, /^Percent off/, "12.5");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/coupons/${spring.id}`,
        body: { code: "SPRING24", discountType: "percent", percentOff: 12.5, combinable: true, ticketIds: [entry.id] },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete OLD" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the coupon" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`${scopePath}/coupons/${expired.id}`),
    );
  });
});
