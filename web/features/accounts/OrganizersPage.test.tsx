// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import { errorAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { As, account, accountId, listed, organizer } from "./accounts.test-fixtures";
import { OrganizersPage } from "./OrganizersPage";

const paul = organizer();
const ines = organizer({
  id: "44444444-4444-4444-8444-444444444444",
  email: "ines@example.com",
  firstName: "Inès",
  lastName: "García",
  role: "editor",
  registered: false,
  lastLoginAt: null,
  teams: [{ id: "t1", name: "Marketing" }],
});

/** A server holding one account with Paul and Inès; `override` answers some calls differently. */
function server(override: (request: FakeRequest) => { status: number; body?: unknown } | undefined = () => undefined) {
  return fakeServer((request) => {
    const answer = override(request);
    if (answer) return answer;
    if (request.path.startsWith("/administrators?")) return listed([ines, paul]);
    if (request.path === `/accounts/${accountId}`) return { status: 200, body: account() };
    return { status: 200, body: { ok: true } };
  });
}

function open(role: AccountRole = "overseer", language: "en" | "fr" = "en") {
  return renderPage(
    [
      {
        path: "account/organizers",
        element: (
          <As accountRole={role}>
            <OrganizersPage />
          </As>
        ),
      },
    ],
    { url: `/${language}/admin/account/organizers`, language },
  );
}

/** Opens a Select and clicks one of its own options (every row has a role Select with the same options). */
async function pick(combobox: HTMLElement, option: string) {
  fireEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute("aria-controls")).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute("aria-controls") as string) as HTMLElement;
  fireEvent.click(await within(listbox).findByRole("option", { name: option, hidden: true }));
}

const row = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

afterEach(cleanup);

describe("organizers page", () => {
  it("shows seats, roles, teams and pending invitations, and lets an overseer change a role", async () => {
    const calls = server();
    open();
    expect((await screen.findByText(/Organizer seats used/)).textContent).toBe(
      "Organizer seats used: 4 of 10. Readers do not take a seat.",
    );
    const inesRow = await row("Inès García");
    expect(within(inesRow).getByText("Invitation pending")).toBeTruthy();
    expect(within(inesRow).getByText("Marketing")).toBeTruthy();
    expect(within(await row("Paul Durand")).queryByText("Invitation pending")).toBeNull();
    expect(calls.map((call) => call.path)).toContain(`/administrators?accountId=${accountId}&limit=50&offset=0`);

    await pick(screen.getByRole("combobox", { name: "Role of Paul Durand" }), "Reader");
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PUT")).toMatchObject({
        path: `/accounts/${accountId}/administrators/${paul.id}`,
        body: { role: "reader" },
      }),
    );
  });

  it("shows the server's refusal of a role change in the banner", async () => {
    server((request) =>
      request.method === "PUT"
        ? errorAnswer(409, "LAST_OVERSEER", "Le compte doit garder au moins un superviseur.")
        : undefined,
    );
    open("overseer", "fr");
    await pick(await screen.findByRole("combobox", { name: "Rôle de Paul Durand" }), "Éditeur");
    expect((await screen.findByRole("alert")).textContent).toBe("Le compte doit garder au moins un superviseur.");
  });

  it("shows a reader the roles as text, without invitation or row actions", async () => {
    server();
    open("reader");
    const paulRow = await row("Paul Durand");
    expect(within(paulRow).getByText("Organizer")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Role of Paul Durand" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Invite an organizer" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Actions for Paul Durand" })).toBeNull();
  });

  it("invites with a role, and keeps the seat limit refusal in the modal", async () => {
    const calls = server((request) =>
      request.method === "POST" && request.path === "/administrators"
        ? errorAnswer(409, "MAX_ORGANIZERS", "Vous avez atteint le nombre maximum d'organisateurs autorisés.")
        : undefined,
    );
    open("overseer", "fr");
    fireEvent.click(await screen.findByRole("button", { name: "Inviter un organisateur" }));
    const dialog = await screen.findByRole("dialog", { name: "Inviter un organisateur" });
    expect(within(dialog).getByText("Les lecteurs ne comptent pas dans la limite d'organisateurs.")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "E-mail" }), {
      target: { value: " Chloe@Example.com " },
    });
    fireEvent.click(within(dialog).getByRole("radio", { name: /^Éditeur/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Envoyer l'invitation" }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Vous avez atteint le nombre maximum d'organisateurs autorisés.",
    );
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      accountId,
      email: "chloe@example.com",
      firstName: "",
      lastName: "",
      language: "fr",
      role: "editor",
    });
  });

  it("resends a pending invitation and removes an organizer after confirmation", async () => {
    const calls = server();
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Actions for Inès García" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Resend the invitation" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `/administrators/${ines.id}/invite`)?.body).toEqual({ accountId }),
    );

    fireEvent.click(screen.getByRole("button", { name: "Actions for Paul Durand" }));
    // A registered organizer has nothing to resend.
    expect(screen.queryByRole("menuitem", { name: "Resend the invitation" })).toBeNull();
    fireEvent.click(await screen.findByRole("menuitem", { name: "Remove from the account" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this organizer?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove from the account" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "DELETE")?.path).toBe(
        `/accounts/${accountId}/administrators/${paul.id}`,
      ),
    );
  });
});
