// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { Program } from "../../../../contract/programs";
import { errorAnswer, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { contentBackOfficeRoutes } from "../content.routes";

// The page is a lazy route: its first load, on a busy machine, takes longer than a find's usual second.
const loading = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Real ids: the form checks the body with the API's schema, speakers' ids included.
const ada = "5a1e0000-0000-4000-8000-000000000001";
const grace = "5a1e0000-0000-4000-8000-000000000002";
const speakers = [
  { id: ada, name: "Ada Lovelace" },
  { id: grace, name: "Grace Hopper" },
];
const section = (overrides: Partial<Program>): Program => ({
  id: "p1",
  eventId: event.id,
  language: "fr",
  position: 0,
  title: "Ouverture",
  startsAt: "2026-06-05T07:00:00.000Z",
  endsAt: "2026-06-05T07:30:00.000Z",
  location: "Salle A",
  description: "",
  speakerIds: [ada],
  speakers: [{ id: ada, name: "Ada Lovelace", job: "", company: "", photoImageId: null }],
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});
const french = [
  section({}),
  section({ id: "p2", position: 1, title: "Atelier", startsAt: null, endsAt: null, location: "", speakerIds: [] }),
];
const english = [section({ id: "p3", language: "en", title: "Keynote", location: "Main hall", speakerIds: [] })];

function show(role: AccountRole = "organizer", answer?: (path: string, method: string) => unknown) {
  const calls = fakeServer((request) => {
    const special = answer?.(request.path, request.method);
    if (special) return special as ReturnType<typeof errorAnswer>;
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/speakers`)) return { status: 200, body: { items: speakers, total: 2 } };
    if (request.path.startsWith(`${scopePath}/programs/reorder`)) {
      return { status: 200, body: { items: [french[1], french[0]], total: 2 } };
    }
    if (request.path.startsWith(`${scopePath}/programs?`)) {
      const items = request.path.includes("language=en") ? english : french;
      return { status: 200, body: { items, total: items.length } };
    }
    return { status: 200, body: french[0] };
  });
  renderPage(
    [
      {
        path: "",
        element: (
          <AsMember accountRole={role}>
            <Outlet />
          </AsMember>
        ),
        children: contentBackOfficeRoutes,
      },
    ],
    { url: `/en/admin/events/${event.id}/content/program` },
  );
  return calls;
}

describe("ProgramPage", () => {
  it("lists the event's preferred language's sections with their time in the event's zone, place and speakers", async () => {
    const calls = show();
    expect(await screen.findByRole("heading", { level: 2, name: "Program" }, loading)).toBeTruthy();
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(["Ouverture", "Atelier"]);
    expect(items[0]?.textContent).toMatch(/Fri, Jun 5, 9:00\s*–\s*9:30\sAM · Salle A · Ada Lovelace/);
    expect(calls.some((call) => call.path === `${scopePath}/programs?expand=speakers&language=fr`)).toBe(true);

    expect(screen.getByRole("button", { name: "Move Ouverture up" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Edit Ouverture" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Ouverture" });
    // Typed and shown in the event's zone (Paris, UTC+2 in June), whatever the browser's.
    expect(within(dialog).getByRole("button", { name: "Start" }).textContent).toBe("5 Jun 2026 09:00");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(screen.getByRole("radio", { name: "English" }));
    expect(await screen.findByText("Keynote")).toBeTruthy();
    expect(screen.queryByText("Ouverture")).toBeNull();
  });

  it("adds a section in the language shown, with its place, its text and speakers chosen among the event's", async () => {
    const calls = show();
    await screen.findByText("Ouverture", undefined, loading);
    fireEvent.click(screen.getByRole("radio", { name: "English" }));
    await screen.findByText("Keynote");
    fireEvent.click(screen.getByRole("button", { name: "Add a section" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a section" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Title/ }), { target: { value: "Closing" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Location" }), { target: { value: "Hall B" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Description" }), {
      target: { value: "Thanks.\nDrinks." },
    });
    fireEvent.click(within(dialog).getByRole("combobox", { name: "Speakers" }));
    // jsdom plays no transition: the open dropdown keeps display: none, so its options count as hidden.
    fireEvent.click(await screen.findByRole("option", { name: "Grace Hopper", hidden: true }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === "POST" && call.path === `${scopePath}/programs/create`)?.body,
      ).toEqual({
        language: "en",
        title: "Closing",
        startsAt: null,
        endsAt: null,
        location: "Hall B",
        description: "Thanks.\nDrinks.",
        speakerIds: [grace],
      }),
    );
  });

  it("shows the server's refusal under its field, moves a section within its language and deletes one", async () => {
    const calls = show("organizer", (path, method) =>
      method === "POST" && path === `${scopePath}/programs/p2`
        ? errorAnswer(400, "PROGRAM_ENDS_BEFORE_START", "The end time must be after the start time.", {
            endsAt: "The end time must be after the start time.",
          })
        : undefined,
    );
    await screen.findByText("Atelier", undefined, loading);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Atelier" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Atelier" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    // Under the End field, where the organizer corrects it.
    await waitFor(() =>
      expect(dialog.querySelector(".mantine-DateTimePicker-error")?.textContent).toBe(
        "The end time must be after the start time.",
      ),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(screen.getByRole("button", { name: "Move Atelier up" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${scopePath}/programs/reorder`)?.body).toEqual({
        ids: ["p2", "p1"],
        language: "fr",
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete Ouverture" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the section" });
    expect(confirm.textContent).toContain("Delete Ouverture? It will no longer show in the program.");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === "DELETE" && call.path === `${scopePath}/programs/p1`)).toBe(true),
    );
  });

  it("shows a reader the list without the Add, move or delete buttons", async () => {
    show("reader");
    await screen.findByText("Ouverture", undefined, loading);
    expect(screen.queryByRole("button", { name: "Add a section" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Ouverture" })).toBeNull();
  });
});
