// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AuditLog } from "../../../contract/audit";
import { fakeServer, renderPage } from "../../ui/test-render";
import { As, accountId } from "../accounts/accounts.test-fixtures";
import { AuditLogPage } from "./AuditLogPage";

function entry(overrides: Partial<AuditLog> = {}): AuditLog {
  return {
    id: "a1",
    accountId,
    eventId: null,
    actorUserId: "u1",
    actorApiKeyId: null,
    actorLabel: "Olivia Martin",
    action: "accounts.account.updated",
    targetType: "account",
    targetId: accountId,
    before: { "settings.retentionDays": 365, "params.phone": null },
    after: { "settings.retentionDays": 400, "params.phone": "0412345678" },
    ip: null,
    createdAt: "2026-03-01T09:30:00.000Z",
    ...overrides,
  };
}

const logsPath = `/accounts/${accountId}/auditlogs`;

function open(language: "en" | "fr" = "en") {
  return renderPage(
    [
      {
        path: "account/audit",
        element: (
          <As accountRole="overseer">
            <AuditLogPage />
          </As>
        ),
      },
    ],
    { url: `/${language}/admin/account/audit`, language },
  );
}

afterEach(cleanup);

describe("audit log page", () => {
  it("shows who did what on what, with the human label beside the dotted name and the changes", async () => {
    fakeServer(() => ({
      status: 200,
      body: {
        items: [
          entry(),
          entry({
            id: "a2",
            action: "billing.custom.thing",
            actorApiKeyId: "k1",
            actorLabel: "CRM sync",
            before: null,
          }),
        ],
        total: 2,
      },
    }));
    open("fr");
    // The hidden-actions list names the same actions: look in the table only.
    const table = await screen.findByRole("table");
    const row = within(table).getByText("Compte modifié").closest("tr") as HTMLElement;
    expect(within(row).getByText("accounts.account.updated")).toBeTruthy();
    expect(within(row).getByText("Olivia Martin")).toBeTruthy();
    expect(within(row).getByText("Compte")).toBeTruthy();
    expect(within(row).getByText("settings.retentionDays").closest("li")?.textContent).toBe(
      "settings.retentionDays: 365 → 400",
    );
    expect(within(row).getByText("params.phone").closest("li")?.textContent).toBe("params.phone: — → 0412345678");
    expect(within(row).getByRole("time").getAttribute("datetime")).toBe("2026-03-01T09:30:00.000Z");
    expect(within(row).getByText(/1 mars 2026/)).toBeTruthy();

    // An action the catalogue does not name shows its dotted name alone; a key's call says so.
    const unknown = within(table).getByText("billing.custom.thing").closest("tr") as HTMLElement;
    expect(within(unknown).getByText("Clé d'API", { selector: ".mantine-Badge-label" })).toBeTruthy();
    expect(document.title).toBe("Journal d'audit · Eventdesk");
  });

  it("asks the server to leave out the hidden actions, joined by commas, and to search", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { items: [entry()], total: 1 } }));
    open();
    await screen.findByRole("table");
    const hide = screen.getByLabelText("Hide actions", { selector: "input" });
    fireEvent.click(hide);
    fireEvent.click(await screen.findByRole("option", { name: /^API key created/, hidden: true }));
    fireEvent.click(hide);
    fireEvent.click(await screen.findByRole("option", { name: /^Team created/, hidden: true }));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        `${logsPath}?exclude=${encodeURIComponent("accounts.api_key.created,accounts.team.created")}&limit=50&offset=0`,
      ),
    );

    fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), { target: { value: " olivia " } });
    await waitFor(() => expect(calls.at(-1)?.path).toContain("query=olivia&exclude="));
  });
});
