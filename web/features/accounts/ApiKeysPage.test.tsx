// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { ApiKeysPage } from "./ApiKeysPage";
import { As, accountId, apiKey, listed } from "./accounts.test-fixtures";

const keysPath = `/accounts/${accountId}/apikeys`;
const secret = "ak_ZWj_pHcAn5IspwQesX2rRByVs6JTYCPoyqs6f8rrF6o";

function open(role: AccountRole = "overseer", language: "en" | "fr" = "en") {
  return renderPage(
    [
      {
        path: "account/api-keys",
        element: (
          <As accountRole={role}>
            <ApiKeysPage />
          </As>
        ),
      },
    ],
    { url: `/${language}/admin/account/api-keys`, language },
  );
}

afterEach(cleanup);

describe("API keys page", () => {
  it("lists keys by prefix only, with their use and revocation", async () => {
    fakeServer(() =>
      listed([
        apiKey(),
        apiKey({ id: "k2", name: "Old integration", prefix: "ak_kPw_OS3", revokedAt: "2026-02-02T10:00:00.000Z" }),
      ]),
    );
    open();
    const row = (await screen.findByText("CRM sync")).closest("tr") as HTMLElement;
    expect(within(row).getByText("ak_LY0doif…")).toBeTruthy();
    expect(within(row).getByText("Never")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Revoke the key CRM sync" })).toBeTruthy();
    const revoked = screen.getByText("Old integration").closest("tr") as HTMLElement;
    expect(within(revoked).getByText("Revoked")).toBeTruthy();
    expect(within(revoked).queryByRole("button")).toBeNull();
    expect(document.title).toBe("API keys · Eventdesk");
  });

  it("shows a new key once, with a copy button and a warning, then never again", async () => {
    let keys = [apiKey()];
    const calls = fakeServer((request) => {
      if (request.method === "POST") {
        const created = apiKey({ id: "k3", name: "Zapier", prefix: secret.slice(0, 10) });
        keys = [created, ...keys];
        return { status: 201, body: { key: secret, apiKey: created } };
      }
      return listed(keys);
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Create an API key" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), { target: { value: "  Zapier " } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));

    const dialog = await screen.findByRole("dialog", { name: "API key Zapier created" });
    expect(within(dialog).getByText(secret)).toBeTruthy();
    expect(
      within(dialog).getByText("It will not be shown again. If it is lost, revoke it and create a new one."),
    ).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Copy the key" })).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({ path: keysPath, body: { name: "Zapier" } });

    fireEvent.click(within(dialog).getByRole("button", { name: "I have copied it" }));
    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
    // The list shows the new key by its prefix only.
    expect(await screen.findByText(`${secret.slice(0, 10)}…`)).toBeTruthy();
  });

  it("asks before revoking, and keeps the server's refusal in the dialog", async () => {
    const calls = fakeServer((request) =>
      request.method === "DELETE"
        ? errorAnswer(404, "NOT_FOUND", "Introuvable.")
        : listed([apiKey({ name: "Clé CRM" })]),
    );
    open("overseer", "fr");
    fireEvent.click(await screen.findByRole("button", { name: "Révoquer la clé Clé CRM" }));
    const dialog = await screen.findByRole("dialog", { name: "Révoquer cette clé d'API ?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Révoquer" }));
    expect(await within(dialog).findByText("Introuvable.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      `${keysPath}/33333333-3333-4333-8333-333333333333`,
    ]);
  });

  it("checks the name in the browser before calling the server", async () => {
    const calls = fakeServer(() => listed([]));
    open("overseer", "fr");
    fireEvent.click(await screen.findByRole("button", { name: "Créer une clé d'API" }));
    fireEvent.click(await screen.findByRole("button", { name: "Créer" }));
    expect(await screen.findByText("Ce champ est obligatoire.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("tells an organizer without the right, and asks the server nothing", async () => {
    const calls = fakeServer(() => listed([]));
    open("organizer");
    expect(await screen.findByText("You do not have access to this page.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create an API key" })).toBeNull();
    expect(calls).toEqual([]);
  });
});
