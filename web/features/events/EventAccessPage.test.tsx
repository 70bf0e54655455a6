// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { EventAccess } from "../../../contract/events";
import { errorAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { EventAccessPage } from "./EventAccessPage";
import { AsMember, accountId, fullEvent } from "./events.test-fixtures";

const event = fullEvent();
const eventPath = `/accounts/${accountId}/events/${event.id}`;
const person = (id: string, firstName: string, role: AccountRole) => ({
  id,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: "Doe",
  role,
});
const access: EventAccess = {
  administrators: [
    { ...person("a1", "Alice", "organizer"), direct: true, viaTeams: [] },
    { ...person("a2", "Bruno", "editor"), direct: false, viaTeams: [{ id: "t1", name: "Paris crew" }] },
  ],
  teams: [{ id: "t1", name: "Paris crew" }],
};
const organizers = [
  ...access.administrators.map((admin) => ({ ...admin, registered: true })),
  { ...person("a3", "Chloe", "reader"), registered: true },
  { ...person("a4", "Olivia", "overseer"), registered: true },
].map((admin) => ({ ...admin, language: "en", isPlatformAdmin: false, lastLoginAt: null, teams: [] }));
const teams = [
  { id: "t1", name: "Paris crew", members: [], eventCount: 1, createdAt: "2026-01-01T00:00:00Z" },
  { id: "t2", name: "Madrid crew", members: [], eventCount: 0, createdAt: "2026-01-01T00:00:00Z" },
];

function open(role: AccountRole, answer: (request: FakeRequest) => { status: number; body?: unknown }) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path === eventPath) return { status: 200, body: event };
    if (request.path === `${eventPath}/access`) return { status: 200, body: access };
    if (request.path.startsWith("/administrators")) return { status: 200, body: { items: organizers, total: 4 } };
    return { status: 200, body: { items: teams, total: 2 } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/access",
        element: (
          <AsMember accountRole={role}>
            <EventAccessPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/access` },
  );
  return calls;
}

afterEach(cleanup);

describe("event access page", () => {
  it("lists who reaches the event, directly or through a team", async () => {
    open("organizer", () => ({ status: 500 }));
    const table = (await screen.findAllByRole("table"))[0] as HTMLElement;
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "OrganizerRoleAccessActions",
      "Alice Doealice@example.comOrganizerDirectRemove",
      "Bruno Doebruno@example.comEditorVia team Paris crewRemove",
    ]);
    expect(document.title).toBe("Access rights of Summer gala · Eventdesk");
  });

  it("shows the server's reason when an organizer's access comes from a team", async () => {
    const message =
      "This organizer has access through the team Paris crew. Remove the team from the event or the organizer from the team.";
    const calls = open("organizer", () => errorAnswer(409, "EVENT_ACCESS_FROM_TEAM", message));
    fireEvent.click(await screen.findByRole("button", { name: "Remove Bruno Doe" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`${eventPath}/administrators/a2`);
  });

  it("adds an organizer who lacks access, and a team", async () => {
    const calls = open("organizer", () => ({ status: 200, body: access }));
    const organizer = await screen.findByRole("combobox", { name: "Add an organizer" });
    fireEvent.click(organizer);
    const options = await screen.findAllByRole("option", { hidden: true });
    // Overseers reach every event already; Alice and Bruno have access.
    expect(options.map((option) => option.textContent)).toEqual(["Chloe Doe (chloe@example.com)"]);
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.click(screen.getAllByRole("button", { name: "Add" })[0] as HTMLElement);
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PUT")?.path).toBe(`${eventPath}/administrators/a3`),
    );

    fireEvent.click(screen.getByRole("combobox", { name: "Add a team" }));
    fireEvent.click(await screen.findByRole("option", { name: "Madrid crew", hidden: true }));
    fireEvent.click(screen.getAllByRole("button", { name: "Add" })[1] as HTMLElement);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "PUT").map((call) => call.path)).toEqual([
        `${eventPath}/administrators/a3`,
        `${eventPath}/teams/t2`,
      ]),
    );
  });

  it("is read only for a role that cannot share events", async () => {
    open("editor", () => ({ status: 500 }));
    expect(await screen.findByText("Your role lets you see who can reach this event, but not change it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
    expect(screen.queryByLabelText("Add an organizer")).toBeNull();
  });
});
