// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { EventSummary } from "../../../contract/events";
import { errorAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { EventsListPage } from "./EventsListPage";
import { AsMember, accountId, summary } from "./events.test-fixtures";

const listPath = `/accounts/${accountId}/events`;
const listed = (items: EventSummary[], total = items.length) => ({ status: 200, body: { items, total } });
const listCalls = (calls: FakeRequest[]) =>
  calls.filter((call) => call.method === "GET" && call.path.startsWith(listPath));

function open(url: string, role: AccountRole = "organizer", language: "en" | "fr" = "en") {
  return renderPage(
    [
      {
        path: "events",
        element: (
          <AsMember accountRole={role}>
            <EventsListPage />
          </AsMember>
        ),
      },
    ],
    { url, language },
  );
}

afterEach(cleanup);

describe("events list page", () => {
  it("shows each event with its dates in the event's zone, its venue, status and the role's actions", async () => {
    fakeServer(() => listed([summary(), summary({ id: "e2", name: "Winter fair", status: "in_progress" })]));
    open("/en/admin/events");
    const link = await screen.findByRole("link", { name: "Summer gala" });
    expect(link.getAttribute("href")).toBe("/en/admin/events/22222222-2222-4222-8222-222222222222");
    expect(screen.getAllByText(/Jun 5, 2026/)[0]?.textContent).toMatch(/7:00\s?–\s?11:00\sPM/);
    expect(screen.getAllByText("Le Grand Palais")).toHaveLength(2);
    expect(screen.getByText("Upcoming", { selector: ".mantine-Badge-label" })).toBeTruthy();
    expect(screen.getByText("In progress", { selector: ".mantine-Badge-label" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create an event" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Actions for Summer gala" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Edit",
      "Access rights",
      "Duplicate",
      "Archive",
      "Delete",
    ]);
  });

  it("offers a reader neither creation nor changes, nor the archived filter", async () => {
    fakeServer(() => listed([summary()]));
    open("/en/admin/events", "reader");
    fireEvent.click(await screen.findByRole("button", { name: "Actions for Summer gala" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["Access rights"]);
    expect(screen.queryByRole("link", { name: "Create an event" })).toBeNull();
    expect(screen.queryByLabelText("Archived")).toBeNull();
  });

  it("keeps filter, sort and search in the address and asks the server for them", async () => {
    const calls = fakeServer(() => listed([summary()]));
    const { router } = open("/en/admin/events?filter=past&query=gala&page=2");
    await screen.findByRole("link", { name: "Summer gala" });
    expect(listCalls(calls)[0]?.path).toBe(`${listPath}?filter=past&sort=start_date&query=gala&limit=20&offset=20`);
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("gala");

    // A new filter starts again from the first page.
    fireEvent.click(screen.getByLabelText("Upcoming"));
    await waitFor(() => expect(router.state.location.search).toBe("?filter=upcoming&query=gala"));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.path).toBe(
        `${listPath}?filter=upcoming&sort=start_date&query=gala&limit=20&offset=0`,
      ),
    );

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "fair " } });
    await waitFor(() => expect(router.state.location.search).toBe("?filter=upcoming&query=fair"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toContain("query=fair&"));
  });

  it("pages through events when there are more than a page", async () => {
    const calls = fakeServer(() => listed([summary()], 45));
    const { router } = open("/en/admin/events?sort=name");
    fireEvent.click(await screen.findByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=name&page=3"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toContain("sort=name&limit=20&offset=40"));
  });

  it("helps when there is no event yet, and when none matches", async () => {
    fakeServer(() => listed([]));
    const first = open("/fr/admin/events", "organizer", "fr");
    expect(await screen.findByText("Aucun événement pour l'instant")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Créer un événement" })).toHaveLength(2);
    first.unmount();

    const { router } = open("/en/admin/events?filter=past&query=zzz");
    expect(await screen.findByText("No event matches")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all my events" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("");
  });

  it("duplicates with a new name and URL, showing a taken URL under its field", async () => {
    let slugTaken = true;
    const calls = fakeServer((request) => {
      if (request.method === "POST") {
        return slugTaken
          ? errorAnswer(409, "EVENT_URL_TAKEN", "This URL is already used by another event.", {
              slug: "This URL is already used by another event.",
            })
          : { status: 201, body: { ...summary({ id: "copy-id", name: "Summer gala (copy)" }) } };
      }
      return listed([summary()]);
    });
    const { router } = open("/en/admin/events");
    fireEvent.click(await screen.findByRole("button", { name: "Actions for Summer gala" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Duplicate" }));
    const dialog = await screen.findByRole("dialog", { name: "Duplicate “Summer gala”" });
    const name = within(dialog).getByLabelText(/Name of the new event/) as HTMLInputElement;
    const slug = within(dialog).getByLabelText(/URL of the new event/) as HTMLInputElement;
    expect(name.value).toBe("Summer gala (copy)");
    expect(slug.value).toBe("summer-gala-copy");

    fireEvent.click(within(dialog).getByRole("button", { name: "Duplicate" }));
    expect(await within(dialog).findByText("This URL is already used by another event.")).toBeTruthy();
    expect(slug.getAttribute("aria-invalid")).toBe("true");

    slugTaken = false;
    fireEvent.change(slug, { target: { value: "summer-gala-2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Duplicate" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events/copy-id"));
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      [
        `${listPath}/22222222-2222-4222-8222-222222222222/duplicate`,
        { name: "Summer gala (copy)", slug: "summer-gala-copy" },
      ],
      [
        `${listPath}/22222222-2222-4222-8222-222222222222/duplicate`,
        { name: "Summer gala (copy)", slug: "summer-gala-2" },
      ],
    ]);
  });

  it("deletes only after a confirmation naming the event", async () => {
    const calls = fakeServer((request) =>
      request.method === "DELETE" ? { status: 200, body: { ok: true } } : listed([summary()]),
    );
    open("/en/admin/events");
    fireEvent.click(await screen.findByRole("button", { name: "Actions for Summer gala" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this event?" });
    expect(dialog.textContent).toContain("The event “Summer gala” and everything in it will be deleted");
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete the event" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
        `${listPath}/22222222-2222-4222-8222-222222222222`,
      ]),
    );
  });

  it("keeps the server's reason in the dialog when an event that has sold is refused, offering to archive it", async () => {
    const reason =
      "Event could not be deleted. Reason: it holds 2 orders and 1 invoice, kept as financial records; archive the event instead.";
    const calls = fakeServer((request) => {
      if (request.method === "DELETE") return errorAnswer(409, "EVENT_NOT_DELETED", reason);
      if (request.method === "POST") return { status: 200, body: { ...summary(), archived: true } };
      return listed([summary()]);
    });
    open("/en/admin/events");
    fireEvent.click(await screen.findByRole("button", { name: "Actions for Summer gala" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this event?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete the event" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(reason);
    expect(within(dialog).queryByRole("button", { name: "Delete the event" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Archive it instead" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
        [`${listPath}/22222222-2222-4222-8222-222222222222`, { archived: true }],
      ]),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's reason in the banner when archiving fails", async () => {
    fakeServer((request) =>
      request.method === "POST"
        ? errorAnswer(403, "FORBIDDEN", "You are not allowed to do this.")
        : listed([summary()]),
    );
    open("/en/admin/events");
    fireEvent.click(await screen.findByRole("button", { name: "Actions for Summer gala" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Archive" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You are not allowed to do this.");
  });
});
