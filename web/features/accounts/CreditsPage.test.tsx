// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { CreditBalance, CreditMovement } from "../../../contract/credits";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { As, accountId } from "./accounts.test-fixtures";
import { CreditsPage } from "./CreditsPage";

const base = `/accounts/${accountId}`;

function open(role: AccountRole | "platformAdmin" = "overseer", language: "en" | "fr" = "en") {
  return renderPage(
    [
      {
        path: "account/credits",
        element: (
          <As accountRole={role}>
            <CreditsPage />
          </As>
        ),
      },
    ],
    { url: `/${language}/admin/account/credits`, language },
  );
}

const balance = (kind: "event" | "campaign", overrides: Partial<CreditBalance> = {}): CreditBalance => ({
  kind,
  remaining: 0,
  expiringSoon: 0,
  nextExpiry: null,
  ...overrides,
});

const movement = (overrides: Partial<CreditMovement> = {}): CreditMovement => ({
  id: 1,
  kind: "campaign",
  reason: "add",
  delta: 500,
  lotId: "33333333-3333-4333-8333-333333333333",
  pack: "Pack 500",
  expiresOn: "2027-03-31",
  campaignId: null,
  author: { id: "u1", name: "Pat Platform", email: "pat@example.com" },
  note: "",
  at: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

/** Answers the page's reads: balances and ledgers of both kinds. */
function reads(path: string, ledgers: { campaign: CreditMovement[]; event: CreditMovement[] }) {
  if (path.startsWith(`${base}/campaigncredits/remaining`)) {
    return { status: 200, body: balance("campaign", { remaining: 480, expiringSoon: 30, nextExpiry: "2026-12-05" }) };
  }
  if (path.startsWith(`${base}/eventcredits/remaining`))
    return { status: 200, body: balance("event", { remaining: 3 }) };
  if (path.startsWith(`${base}/campaigncredits`)) {
    return { status: 200, body: { items: ledgers.campaign, total: ledgers.campaign.length } };
  }
  if (path.startsWith(`${base}/eventcredits`)) {
    return { status: 200, body: { items: ledgers.event, total: ledgers.event.length } };
  }
  return { status: 404, body: { error: { code: "NOT_FOUND", message: "Not found." } } };
}

afterEach(cleanup);

describe("Credits page", () => {
  const ledgers = {
    campaign: [
      movement({
        id: 2,
        reason: "reserve",
        delta: -20,
        author: null,
        campaignId: "c1",
        at: "2026-11-21T10:00:00.000Z",
      }),
      movement(),
    ],
    event: [movement({ id: 3, kind: "event", delta: 3, pack: "", expiresOn: null })],
  };

  it("shows both balances, the expiring-soon hint and the ledger with its columns; no admin actions for an overseer", async () => {
    fakeServer((request) => reads(request.path, ledgers));
    open();
    expect(await screen.findByText("480")).toBeTruthy();
    expect(await screen.findByText("30 credits expire within 30 days (first on Dec 5, 2026).")).toBeTruthy();
    expect(screen.getByText("3")).toBeTruthy();
    const table = await screen.findByRole("table");
    expect(within(table).getByText("2 movements")).toBeTruthy();
    const reserved = within(table).getByText("Reserved by a campaign").closest("tr") as HTMLElement;
    expect(within(reserved).getByText("−20")).toBeTruthy();
    expect(within(reserved).getByText("Automatic")).toBeTruthy();
    const added = within(table).getByText("Added").closest("tr") as HTMLElement;
    expect(within(added).getByText("+500")).toBeTruthy();
    expect(within(added).getByText("Pack 500")).toBeTruthy();
    expect(within(added).getByText("Mar 31, 2027")).toBeTruthy();
    expect(within(added).getByText("Pat Platform")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add credits" })).toBeNull();
    expect(document.title).toBe("Credits · Eventdesk");

    fireEvent.click(screen.getByRole("radio", { name: "Event credits" }));
    expect(await screen.findByText("Never expires")).toBeTruthy();
    expect(screen.getByText("1 movement")).toBeTruthy();
  });

  it("lets a platform administrator add credits, sending the expiry as typed", async () => {
    const calls = fakeServer((request) => {
      if (request.method === "POST") {
        return {
          status: 201,
          body: {
            id: "l1",
            kind: "campaign",
            number: 200,
            remaining: 200,
            expiresOn: "2030-01-31",
            expired: false,
            pack: "Spring",
            author: null,
            createdAt: "2026-11-26T10:00:00.000Z",
          },
        };
      }
      return reads(request.path, ledgers);
    });
    open("platformAdmin");
    const form = (await screen.findByRole("heading", { name: "Add credits" })).closest("form") as HTMLElement;
    fireEvent.change(within(form).getByRole("textbox", { name: "Number of credits" }), { target: { value: "200" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Expiry date" }), { target: { value: "31/01/2030" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Pack" }), { target: { value: "Spring" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add credits" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${base}/campaigncredits/add`,
        body: { number: 200, expiryDate: "31/01/2030", pack: "Spring" },
      }),
    );
    // Added: the form is emptied for the next lot.
    await waitFor(() =>
      expect((within(form).getByRole("textbox", { name: "Pack" }) as HTMLInputElement).value).toBe(""),
    );
  });

  it("checks the number and the date format in the browser, in the user's language", async () => {
    const calls = fakeServer((request) => reads(request.path, ledgers));
    open("platformAdmin", "fr");
    const form = (await screen.findByRole("heading", { name: "Ajouter des crédits" })).closest("form") as HTMLElement;
    fireEvent.change(within(form).getByRole("textbox", { name: "Date d'expiration" }), {
      target: { value: "2030-01-31" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Ajouter des crédits" }));
    expect(await within(form).findByText("Le nombre de crédits doit être un nombre entier positif.")).toBeTruthy();
    expect(within(form).getByText("Le format de la date est incorrect.")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows the server's refusal of a debit under the number", async () => {
    fakeServer((request) =>
      request.method === "POST"
        ? errorAnswer(409, "CREDIT_DEBIT_TOO_LARGE", "The account holds only 480 spendable credits.", {
            number: "The account holds only 480 spendable credits.",
          })
        : reads(request.path, ledgers),
    );
    open("platformAdmin");
    const form = (await screen.findByRole("heading", { name: "Debit credits" })).closest("form") as HTMLElement;
    fireEvent.change(within(form).getByRole("textbox", { name: "Number of credits" }), { target: { value: "900" } });
    fireEvent.click(within(form).getByRole("button", { name: "Debit credits" }));
    expect(await within(form).findByText("The account holds only 480 spendable credits.")).toBeTruthy();
  });
});
