// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Team } from "../../../contract/accounts";
import type { AccountRole } from "../../../contract/auth";
import { fakeServer, renderPage } from "../../ui/test-render";
import { As, accountId, listed, organizer } from "./accounts.test-fixtures";
import { TeamsPage } from "./TeamsPage";

const paul = organizer();
const ines = organizer({ id: "44444444-4444-4444-8444-444444444444", email: "ines@example.com", firstName: "Inès" });
const marketing: Team = {
  id: "55555555-5555-4555-8555-555555555555",
  name: "Marketing",
  members: [{ id: paul.id, email: paul.email, firstName: paul.firstName, lastName: paul.lastName }],
  eventCount: 2,
  createdAt: "2026-01-01T10:00:00.000Z",
};

function open(role: AccountRole = "overseer") {
  return renderPage(
    [
      {
        path: "account/teams",
        element: (
          <As accountRole={role}>
            <TeamsPage />
          </As>
        ),
      },
    ],
    { url: "/en/admin/account/teams", language: "en" },
  );
}

afterEach(cleanup);

describe("teams page", () => {
  it("offers to add only the organizers not yet in the team, and removes a member", async () => {
    const calls = fakeServer((request) => {
      if (request.path.startsWith("/administrators?")) return listed([paul, ines]);
      if (request.method === "GET") return listed([marketing]);
      return { status: 200, body: marketing };
    });
    open();
    const team = await screen.findByRole("region", { name: "Marketing" });
    expect(within(team).getByText("2 events")).toBeTruthy();
    const add = await within(team).findByLabelText("Add a member", { selector: "input" });
    fireEvent.click(add);
    const listbox = document.getElementById(add.getAttribute("aria-controls") as string) as HTMLElement;
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole("option", { hidden: true })
          .map((option) => option.textContent),
      ).toEqual(["Inès Durand"]),
    );
    fireEvent.click(within(listbox).getByRole("option", { name: "Inès Durand", hidden: true }));
    fireEvent.click(within(team).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PUT")?.path).toBe(
        `/accounts/${accountId}/teams/${marketing.id}/administrators/${ines.id}`,
      ),
    );

    fireEvent.click(within(team).getByRole("button", { name: "Remove Paul Durand from Marketing" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "DELETE")?.path).toBe(
        `/accounts/${accountId}/teams/${marketing.id}/administrators/${paul.id}`,
      ),
    );
  });

  it("shows an empty state, and no controls to someone who cannot manage teams", async () => {
    fakeServer((request) => (request.path.startsWith("/administrators?") ? listed([paul]) : listed([])));
    open("editor");
    expect(await screen.findByText("No team yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create a team" })).toBeNull();
  });
});
