// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember } from "../events/events.test-fixtures";
import { GuestDetailPage } from "./GuestDetailPage";
import { customField, event, guest, scopePath } from "./guests.test-fixtures";

const diet = customField();
const badge = customField({ id: "f2", name: "Badge number", type: "number", choices: [], min: 1, max: 999 });
const godfather = guest({ id: "gf", firstName: "John", lastName: "Backus" });
const grace = guest({ godfatherId: godfather.id, customFields: { [diet.id]: "veg", [badge.id]: 1200 } });

function open(answer: (request: FakeRequest) => FakeAnswer, role: AccountRole = "organizer") {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(`${scopePath}/customfields`))
      return { status: 200, body: { items: [diet, badge], total: 2 } };
    if (request.path === `${scopePath}/users/${godfather.id}`) return { status: 200, body: godfather };
    return { status: 200, body: grace };
  });
  renderPage(
    [
      {
        path: "events/:eventId/guests/:guestId",
        element: (
          <AsMember accountRole={role}>
            <GuestDetailPage />
          </AsMember>
        ),
      },
    ],
    { url: `/en/admin/events/${event.id}/guests/${grace.id}` },
  );
  return calls;
}

afterEach(cleanup);

describe("guest page", () => {
  it("shows the guest's fields, custom values by type and the godfather link", async () => {
    open(() => ({ status: 500 }));
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeTruthy();
    expect(document.title).toBe("Grace Hopper · Eventdesk");
    expect(screen.getByText("Vegetarian")).toBeTruthy();
    expect(screen.getByText("1,200")).toBeTruthy();
    const link = await screen.findByRole("link", { name: "John Backus" });
    expect(link.getAttribute("href")).toBe(`/en/admin/events/${event.id}/guests/${godfather.id}`);
    fireEvent.click(screen.getByRole("tab", { name: "Orders" }));
    expect(await screen.findByText("No order yet")).toBeTruthy();
  });

  it("saves the update form and shows a custom field error under its input", async () => {
    const message = "The number is too big.";
    const calls = open(() =>
      errorAnswer(400, "VALIDATION_FAILED", "Invalid data", { [`customFields.${badge.id}`]: message }),
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Update guest" }));
    const panel = await screen.findByRole("tabpanel", { name: "Update guest" });
    fireEvent.change(within(panel).getByLabelText("Company"), { target: { value: "US Navy" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Save" }));
    expect(await within(panel).findByText(message)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/users/${grace.id}`,
        body: { company: "US Navy", customFields: { [diet.id]: "veg", [badge.id]: 1200 } },
      }),
    );
  });

  it("keeps the update form read only for a reader", async () => {
    open(() => ({ status: 500 }), "reader");
    fireEvent.click(await screen.findByRole("tab", { name: "Update guest" }));
    expect(await screen.findByText("Your role lets you see this guest, but not change it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
