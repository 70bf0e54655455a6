// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { Event } from "../../../../contract/events";
import type { Speaker } from "../../../../contract/speakers";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, fullEvent, scopePath } from "../../events/events.test-fixtures";
import { ContentLayout } from "../ContentLayout";
import { SpeakersPage } from "./SpeakersPage";

const speaker = (overrides: Partial<Speaker>): Speaker => ({
  id: "33333333-3333-4333-8333-333333333331",
  eventId: event.id,
  position: 0,
  name: "Ada Lovelace",
  job: "Engineer",
  company: "Analytical Engines",
  biography: { fr: "Pionnière", en: "Pioneer" },
  photoImageId: null,
  socialUrls: { twitter: "", facebook: "", linkedin: "" },
  photo: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  ...overrides,
});
const ada = speaker({});
const grace = speaker({ id: "33333333-3333-4333-8333-333333333332", position: 1, name: "Grace Hopper", job: "" });

function open(
  answer: (request: FakeRequest) => FakeAnswer,
  { role = "organizer", shown = event }: { role?: AccountRole; shown?: Event } = {},
) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: shown };
    return { status: 200, body: { items: [ada, grace], total: 2 } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/content",
        element: (
          <AsMember accountRole={role}>
            <ContentLayout />
          </AsMember>
        ),
        children: [{ path: "speakers", element: <SpeakersPage /> }],
      },
    ],
    { url: `/en/admin/events/${event.id}/content/speakers` },
  );
  return calls;
}

afterEach(cleanup);

describe("speakers page", () => {
  it("lists the speakers in their order under the content tabs, and moves one down", async () => {
    const calls = open(() => ({ status: 200, body: { items: [grace, ada], total: 2 } }));
    const items = within(await screen.findByRole("list", {}, { timeout: 5000 })).getAllByRole("listitem");
    // Each item: the photo's stand-in (initials), the name, job and company, then the item's buttons.
    expect(items.map((item) => item.textContent?.split("↑")[0])).toEqual([
      "ALAda LovelaceEngineer · Analytical Engines",
      "GHGrace HopperAnalytical Engines",
    ]);
    const tabs = screen.getByRole("navigation", { name: "Content kinds" });
    expect(within(tabs).getByRole("link", { name: "Speakers" }).getAttribute("aria-current")).toBe("page");
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Speakers", "Partners", "Program", "Documents", "Photos", "Pages"]);
    expect(calls[1]?.path).toBe(`${scopePath}/speakers?expand=photo`);
    expect(screen.getByRole("button", { name: "Move Ada Lovelace up" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Move Ada Lovelace down" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/speakers/reorder`,
        body: { ids: [grace.id, ada.id] },
      }),
    );
  });

  it("adds a speaker with a biography per event language, refusing a link that is not http(s) as the server does", async () => {
    const calls = open(() => ({ status: 201, body: grace }));
    fireEvent.click(await screen.findByRole("button", { name: "Add a speaker" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a speaker" });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: "Grace Hopper" } });
    fireEvent.change(within(dialog).getByLabelText("Biography (French)"), { target: { value: "Amirale" } });
    fireEvent.click(within(dialog).getByRole("tab", { name: "English" }));
    fireEvent.change(within(dialog).getByLabelText("Biography (English)"), { target: { value: "Admiral" } });
    fireEvent.change(within(dialog).getByLabelText("LinkedIn address"), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(/valid address|https:\/\//i)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("LinkedIn address"), {
      target: { value: "https://www.linkedin.com/in/grace" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/speakers/create`,
        body: {
          name: "Grace Hopper",
          biography: { fr: "Amirale", en: "Admiral" },
          socialUrls: { linkedin: "https://www.linkedin.com/in/grace" },
          photoImageId: null,
        },
      }),
    );
  });

  it("asks before deleting and shows the server's refusal in the page's alert", async () => {
    const message = "The speaker could not be deleted.";
    const calls = open(() => errorAnswer(409, "SPEAKER_NOT_DELETED", message));
    fireEvent.click(await screen.findByRole("button", { name: "Delete Grace Hopper" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the speaker" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("alert")).textContent).toContain(message);
    expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`${scopePath}/speakers/${grace.id}`);
  });

  it("is read only for readers, and hides the miscellaneous kinds' tabs while that module is off", async () => {
    open(() => ({ status: 500 }), {
      role: "reader",
      shown: fullEvent({ modules: { multilang: true, ebadge: true, misc: false, singleImagePartners: false } }),
    });
    await screen.findByRole("list");
    expect(screen.queryByRole("button", { name: /Delete|Edit|Move|Add/ })).toBeNull();
    const tabs = screen.getByRole("navigation", { name: "Content kinds" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Speakers", "Partners", "Program"]);
  });
});
