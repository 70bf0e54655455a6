// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, type FakeRequest } from "../../../ui/test-render";
import { params, scopePath, settingsPageOpener } from "./billing.test-fixtures";
import { TicketingParamsPage } from "./TicketingParamsPage";

afterEach(cleanup);

const open = settingsPageOpener("params", <TicketingParamsPage />);
// The currency's label names its list of options too: the input is the one typed in.
const input = (label: RegExp) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const posts = (calls: FakeRequest[]) => calls.filter((call) => call.method === "POST");
const liveSwitch = () => screen.getByRole("switch", { name: /Live payments/ }) as HTMLInputElement;

describe("ticketing params page", () => {
  it("shows the saved params, test mode, and live mode closed without a card provider", async () => {
    open(params({ currency: "CHF", reservationMinutes: 20 }), () => ({ status: 500 }));
    expect(await screen.findByRole("heading", { name: "Ticketing params", level: 1 })).toBeTruthy();
    expect(document.title).toContain("Ticketing params");
    expect(input(/^Currency/).value).toBe("CHF");
    expect(input(/^Reservation time \(minutes\)/).value).toBe("20");
    expect(screen.getByText("How long a cart holds its tickets: 1 to 120 minutes.")).toBeTruthy();
    expect(screen.getByText("Test mode")).toBeTruthy();
    expect(liveSwitch().checked).toBe(false);
    expect(liveSwitch().disabled).toBe(true);
    expect(
      screen.getByText("No card payment provider is configured on the platform: only test mode is available."),
    ).toBeTruthy();
    expect(screen.getByText("No terms of sale uploaded yet.")).toBeTruthy();
  });

  it("sends the currency, the reservation time and the mode chosen, then shows live mode", async () => {
    const calls = open(params({ liveModeAvailable: true }), (request) => ({
      status: 200,
      body: params({
        liveModeAvailable: true,
        ...(request.body as object),
        updatedAt: "2026-03-02T10:00:00.000Z",
      }),
    }));
    await screen.findByLabelText(/^Currency/, { selector: "input" });
    expect(liveSwitch().disabled).toBe(false);
    fireEvent.click(input(/^Currency/));
    fireEvent.click(await screen.findByRole("option", { name: "USD", hidden: true }));
    type(/^Reservation time \(minutes\)/, "30");
    fireEvent.click(liveSwitch());
    expect(screen.getByText("Buyers' cards are charged.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    // Only this form's fields: the payment methods and the office are other pages' business.
    expect(posts(calls)[0]).toEqual(
      expect.objectContaining({
        path: `${scopePath}/ticketingparams`,
        body: { currency: "USD", reservationMinutes: 30, paymentMode: "live" },
      }),
    );
    expect(await screen.findByText("Live mode")).toBeTruthy();
    expect(screen.queryByText("Test mode")).toBeNull();
    expect(input(/^Currency/).value).toBe("USD");
  });

  it("checks the reservation time before sending", async () => {
    const calls = open(params(), () => ({ status: 500 }));
    await screen.findByLabelText(/^Reservation time/, { selector: "input" });
    type(/^Reservation time \(minutes\)/, "");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    type(/^Reservation time \(minutes\)/, "0");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This number is too small.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's refusal under its field", async () => {
    const message = "The currency cannot change once orders have been placed.";
    const calls = open(params(), () => errorAnswer(409, "TICKETING_CURRENCY_LOCKED", message, { currency: message }));
    await screen.findByLabelText(/^Currency/, { selector: "input" });
    fireEvent.click(input(/^Currency/));
    fireEvent.click(await screen.findByRole("option", { name: "GBP", hidden: true }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(input(/^Currency/).getAttribute("aria-invalid")).toBe("true");
    expect(posts(calls)[0]?.body).toMatchObject({ currency: "GBP" });
    // The refusal may mean the page is stale: the params are read again.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === "GET" && call.path === `${scopePath}/ticketingparams`),
      ).toHaveLength(2),
    );
  });

  it("shows the current terms, uploads new ones and refuses a file over 15 MB", async () => {
    const terms = { name: "cgv.pdf", size: 204_800, uploadedAt: "2026-03-01T10:00:00.000Z" };
    const calls = open(params({ terms }), () => ({ status: 201, body: terms }));
    expect(await screen.findByText("cgv.pdf (200 kB)")).toBeTruthy();
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(["%PDF"], "huge.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 16 * 1024 * 1024 });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(await screen.findByText("The file uploaded is too big.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    const pdf = new File(["%PDF-1.7"], "terms.pdf", { type: "application/pdf" });
    fireEvent.change(picker, { target: { files: [pdf] } });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.path).toBe(`${scopePath}/ticketingparams/terms`);
    expect(screen.queryByText("The file uploaded is too big.")).toBeNull();
  });

  it("lets a reader look without changing anything", async () => {
    open(params({ liveModeAvailable: true }), () => ({ status: 500 }), "reader");
    await screen.findByLabelText(/^Currency/, { selector: "input" });
    expect(input(/^Currency/).disabled).toBe(true);
    expect(input(/^Reservation time/).disabled).toBe(true);
    expect(liveSwitch().disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
