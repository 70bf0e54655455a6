// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer } from "../../../ui/test-render";
import { event, params, scopePath, settingsPageOpener } from "./billing.test-fixtures";
import { TicketOfficePage } from "./TicketOfficePage";

afterEach(cleanup);

const open = settingsPageOpener("office", <TicketOfficePage />);

const blocked = params({ readiness: { billingInfo: false, activeTickets: 1, onlineRegistrationForm: false } });
const refusal = errorAnswer(
  409,
  "TICKETING_OFFICE_BLOCKED",
  "Ticket sales need billing information, at least one ticket and an online form.",
  {
    billingInfo: "Fill in the billing information.",
    registrationForm: "Put a registration form online.",
  },
);

describe("ticket office page", () => {
  it("lists what sales still need, with a link to fix each", async () => {
    open(blocked, () => refusal);
    expect(await screen.findByRole("heading", { name: "Ticket office", level: 1 })).toBeTruthy();
    expect(document.title).toContain("Ticket office");
    expect(screen.getByText("Closed")).toBeTruthy();
    expect(
      screen.getByText("Ticket sales need billing information, at least one ticket and an online form."),
    ).toBeTruthy();
    expect(screen.getByText("Fill in the billing information.")).toBeTruthy();
    expect(screen.getByText("Put a registration form online.")).toBeTruthy();
    expect(screen.queryByText("Create at least one active ticket.")).toBeNull();
    const blockers = within(screen.getByRole("list"));
    expect(blockers.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Go to the billing information", `/en/admin/events/${event.id}/ticketing/billing`],
      ["Go to the forms", `/en/admin/events/${event.id}/forms`],
    ]);
  });

  it("shows the server's refusal when opening, and reads the params again", async () => {
    const calls = open(blocked, () => refusal);
    fireEvent.click(await screen.findByRole("button", { name: "Open the ticket office" }));
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toContain(
      "Ticket sales need billing information, at least one ticket and an online form.",
    );
    expect(banner.textContent).toContain("Put a registration form online.");
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/ticketingparams`,
      body: { officeOpen: true },
    });
    await waitFor(() => expect(calls.filter((call) => call.path === `${scopePath}/ticketingparams`)).toHaveLength(3));
  });

  it("opens a ready office and shows it open, then closes it", async () => {
    const calls = open(params(), (request) => ({
      status: 200,
      body: params({
        officeOpen: (request.body as { officeOpen: boolean }).officeOpen,
        updatedAt: "2026-03-02T10:00:00.000Z",
      }),
    }));
    fireEvent.click(await screen.findByRole("button", { name: "Open the ticket office" }));
    expect(await screen.findByText("Open")).toBeTruthy();
    expect(screen.getByText("Buyers can order tickets on the event page.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close the ticket office" }));
    await waitFor(() => expect(screen.getByText("Closed")).toBeTruthy());
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { officeOpen: true },
      { officeOpen: false },
    ]);
  });

  it("tells an office waiting for its start date, and lets a reader only look", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    open(params({ officeOpen: true, salesStartAt: future }), () => ({ status: 500 }), "reader");
    expect(await screen.findByText("Not open yet")).toBeTruthy();
    expect(screen.getByText("Optional. Times are in the event's time zone (Europe/Paris).")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /ticket office/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save the dates" })).toBeNull();
  });
});
