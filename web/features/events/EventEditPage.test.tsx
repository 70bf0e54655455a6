// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import type { Event } from "../../../contract/events";
import { errorAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { EventEditPage } from "./EventEditPage";
import { AsMember, accountId, fullEvent } from "./events.test-fixtures";

const event = fullEvent();
const eventPath = `/accounts/${accountId}/events/${event.id}`;

function open(
  role: AccountRole,
  shown: Event,
  answer: (request: FakeRequest) => { status: number; body?: unknown } = () => ({ status: 500 }),
  language: "en" | "es" = "en",
) {
  const calls = fakeServer((request) => (request.method === "GET" ? { status: 200, body: shown } : answer(request)));
  const view = renderPage(
    [
      {
        path: "events/:eventId",
        element: (
          <AsMember accountRole={role}>
            <EventEditPage />
          </AsMember>
        ),
      },
    ],
    { url: `/${language}/admin/events/${shown.id}`, language },
  );
  return { ...view, calls };
}

afterEach(cleanup);

describe("event edit page", () => {
  it("shows the event's name, status and fixed URL, and saves only the fields of the tab", async () => {
    const { calls } = open("editor", event, (request) => ({
      status: 200,
      body: { ...event, ...(request.body as object) },
    }));
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(screen.getByText(`${window.location.host}/summer-gala`)).toBeTruthy();
    expect(screen.getByText("The URL of an event cannot be changed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Access rights" }).getAttribute("href")).toBe(
      `/en/admin/events/${event.id}/access`,
    );
    expect(document.title).toBe("Summer gala · Eventdesk");

    fireEvent.change(screen.getByLabelText(/^Venue name/), { target: { value: "Palais Brongniart " } });
    fireEvent.change(screen.getByLabelText(/^Maximum number of attendees/), { target: { value: "250" } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: "" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: eventPath,
      body: {
        name: "Summer gala",
        venueName: "Palais Brongniart",
        address: null,
        country: "France",
        latitude: null,
        longitude: null,
        maxAttendees: 250,
        maxCompanions: 1,
        socialUrls: { facebook: "", twitter: "", linkedin: "", youtube: "", instagram: "" },
        unchangedSince: event.updatedAt,
      },
    });
  });

  it("says an emptied required number is required, and puts the server's field errors under the field", async () => {
    const { calls } = open(
      "organizer",
      event,
      () =>
        errorAnswer(400, "VALIDATION", "Algunos campos no son válidos.", {
          "socialUrls.facebook": "Este valor no es válido.",
        }),
      "es",
    );
    const companions = await screen.findByLabelText(/^Número máximo de acompañantes/);
    fireEvent.change(companions, { target: { value: "" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Guardar" })[0] as HTMLElement);
    expect(await screen.findByText("Este campo es obligatorio.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);

    fireEvent.change(companions, { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText(/^Facebook/), { target: { value: "https://facebook.com/x" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Guardar" })[0] as HTMLElement);
    expect(await screen.findByText("Este valor no es válido.")).toBeTruthy();
    expect(screen.getByLabelText(/^Facebook/).getAttribute("aria-invalid")).toBe("true");
  });

  it("sends the custom domains, and shows why the server refused one under the field", async () => {
    const taken = "The domain gala.example.com is already used elsewhere on the platform.";
    const { calls } = open("organizer", fullEvent({ customDomains: ["gala.example.com"] }), () =>
      errorAnswer(409, "EVENT_DOMAIN_TAKEN", taken, { "customDomains.0": taken }),
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Params" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(screen.getByPlaceholderText("Add a domain").getAttribute("aria-invalid")).toBe("true");
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({ customDomains: ["gala.example.com"] });
  });

  it("keeps an archived event read only, with a banner to unarchive it", async () => {
    const { calls } = open("organizer", fullEvent({ archived: true }), (request) => ({
      status: 200,
      body: { ...event, ...(request.body as object) },
    }));
    expect(await screen.findByText("This event is archived")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(isInDisabledFieldset("Venue name")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Unarchive" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")?.body).toEqual({ archived: false }));
    await waitFor(() => expect(screen.queryByText("This event is archived")).toBeNull());
    expect(screen.getAllByRole("button", { name: "Save" }).length).toBeGreaterThan(0);
  });

  it("lets a reader look without changing anything, in every language of the description", async () => {
    open("reader", event);
    expect(await screen.findByText("Your role lets you view this event but not change it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(isInDisabledFieldset("Venue name")).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Description" }));
    fireEvent.click(screen.getByRole("tab", { name: "English" }));
    const english = screen.getByLabelText("Description in English") as HTMLTextAreaElement;
    expect(english.value).toBe("A fine evening");
    expect(isInDisabledFieldset("Description in English")).toBe(true);
    expect(screen.getByRole("tab", { name: "English" }).getAttribute("aria-selected")).toBe("true");
  });

  it("links to the e-badges only while the event's e-badge module is on", async () => {
    open("editor", event);
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "E-badges" })).toBeTruthy();
    cleanup();
    open("editor", fullEvent({ modules: { ...event.modules, ebadge: false } }));
    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "E-badges" })).toBeNull();
  });

  it("tells when the event cannot be found", async () => {
    fakeServer(() => errorAnswer(404, "NOT_FOUND", "Not found."));
    renderPage(
      [
        {
          path: "events/:eventId",
          element: (
            <AsMember accountRole="organizer">
              <EventEditPage />
            </AsMember>
          ),
        },
      ],
      { url: `/en/admin/events/${event.id}` },
    );
    expect((await screen.findByRole("alert")).textContent).toBe("Not found.");
    expect(screen.getByRole("link", { name: "Back to my events" })).toBeTruthy();
  });
});

function isInDisabledFieldset(label: string) {
  return !!screen.getByLabelText(new RegExp(`^${label}`)).closest("fieldset:disabled");
}
