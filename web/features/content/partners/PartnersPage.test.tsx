// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Event } from "../../../../contract/events";
import type { Partner } from "../../../../contract/partners";
import { type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, fullEvent, scopePath } from "../../events/events.test-fixtures";
import { ContentLayout } from "../ContentLayout";
import { PartnersPage } from "./PartnersPage";

const acme: Partner = {
  id: "44444444-4444-4444-8444-444444444441",
  eventId: event.id,
  position: 0,
  name: "Acme",
  link: "https://acme.example",
  logoImageId: null,
  width: null,
  altText: {},
  logo: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
};

function open(answer: (request: FakeRequest) => FakeAnswer, shown: Event = event) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: shown };
    return { status: 200, body: { items: [acme], total: 1 } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/content",
        element: (
          <AsMember accountRole="organizer">
            <ContentLayout />
          </AsMember>
        ),
        children: [{ path: "partners", element: <PartnersPage /> }],
      },
    ],
    { url: `/en/admin/events/${event.id}/content/partners` },
  );
  return calls;
}

afterEach(cleanup);

describe("partners page", () => {
  it("edits a partner's logo width and alternate text per language, refusing a width the server refuses", async () => {
    const calls = open(() => ({ status: 200, body: acme }));
    const item = within(await screen.findByRole("list", {}, { timeout: 5000 })).getByRole("listitem");
    expect(item.textContent).toContain("https://acme.example");
    fireEvent.click(screen.getByRole("button", { name: "Edit Acme" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Acme" });
    const width = within(dialog).getByLabelText("Logo width");
    fireEvent.change(width, { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(/20/)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.change(width, { target: { value: "240" } });
    fireEvent.change(within(dialog).getByLabelText("Alternate text (French)"), { target: { value: "Logo d'Acme" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/partners/${acme.id}`,
        body: { name: "Acme", link: "https://acme.example", width: 240, altText: { fr: "Logo d'Acme" } },
      }),
    );
  });

  it("offers one partners image in place of the list while the single-image module is on", async () => {
    const single = fullEvent({ modules: { multilang: true, ebadge: true, misc: true, singleImagePartners: true } });
    const calls = open(() => ({ status: 200, body: single }), single);
    expect(await screen.findByText("Partners image")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByRole("button", { name: /Partners image/ })).toBeTruthy();
    expect(calls.some((call) => call.path.includes("/partners"))).toBe(false);
  });
});
