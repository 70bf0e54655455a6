// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { EventCreatePage } from "./EventCreatePage";
import { AsMember, accountId, fullEvent } from "./events.test-fixtures";

const defaults = {
  timezone: "Europe/Madrid",
  languages: ["es", "en"],
  preferredLanguage: "es",
  maxCompanions: 2,
  ratingMax: 10,
};
const account = { status: 200, body: { id: accountId, name: "Acme", defaultEventParams: defaults } };

function open(answer: (request: FakeRequest) => { status: number; body?: unknown }, language: "en" | "fr" = "en") {
  const calls = fakeServer((request) => (request.method === "GET" ? account : answer(request)));
  const view = renderPage(
    [
      {
        path: "events/new",
        element: (
          <AsMember accountRole="organizer">
            <EventCreatePage />
          </AsMember>
        ),
      },
    ],
    { url: `/${language}/admin/events/new`, language },
  );
  return { ...view, calls };
}

/** Picks a day of the month the calendar opens on, at the given hour. */
async function pickStart(day: string, hour: string) {
  fireEvent.click(await screen.findByRole("button", { name: /^Start/ }));
  fireEvent.click(await screen.findByRole("button", { name: day }));
  fireEvent.change(screen.getByLabelText("Hours"), { target: { value: hour } });
  fireEvent.change(screen.getByLabelText("Minutes"), { target: { value: "30" } });
  fireEvent.click(screen.getByLabelText("Confirm"));
}

afterEach(cleanup);

describe("event creation page", () => {
  it("suggests the URL from the name until the organizer writes their own", async () => {
    open(() => ({ status: 500 }));
    const name = await screen.findByLabelText(/^Name/);
    const slug = screen.getByLabelText(/^URL/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "Soirée d'été 2026" } });
    expect(slug.value).toBe("soiree-d-ete-2026");
    expect(screen.getByText(`${window.location.host}/`)).toBeTruthy();

    fireEvent.change(slug, { target: { value: "Ete-2026" } });
    expect(slug.value).toBe("ete-2026");
    fireEvent.change(name, { target: { value: "Soirée d'été 2027" } });
    expect(slug.value).toBe("ete-2026");
  });

  it("checks the fields in the interface language before calling the server", async () => {
    const { calls } = open(() => ({ status: 500 }), "fr");
    fireEvent.click(await screen.findByRole("button", { name: "Créer l'événement" }));
    expect(await screen.findAllByText("Ce champ est obligatoire.")).toHaveLength(3);
    fireEvent.change(screen.getByLabelText(/^URL/), { target: { value: "ab" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'événement" }));
    expect(
      await screen.findByText("L'URL doit contenir de 3 à 50 caractères : lettres minuscules, chiffres et tirets."),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("sends the event in UTC with the account's defaults, shows a taken URL under its field, then opens the event", async () => {
    let answer = errorAnswer(409, "EVENT_URL_TAKEN", "This URL is already used by another event.", {
      slug: "This URL is already used by another event.",
    });
    const { calls, router } = open(() => answer);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: "Fiesta" } });
    expect((screen.getByRole("combobox", { name: "Time zone" }) as HTMLInputElement).value).toMatch(/^Europe\/Madrid/);
    await pickStart("30 November 2026", "19");
    fireEvent.change(screen.getByLabelText("Venue name"), { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Create the event" }));

    const slug = screen.getByLabelText(/^URL/);
    await waitFor(() => expect(slug.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("This URL is already used by another event.")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Fiesta",
      slug: "fiesta",
      startsAt: "2026-11-30T18:30:00.000Z",
      endsAt: null,
      allDay: false,
      registrationClosesAt: null,
      venueName: null,
      address: null,
      country: null,
      ...defaults,
    });

    answer = { status: 201, body: fullEvent({ id: "new-id", name: "Fiesta" }) } as typeof answer;
    fireEvent.change(slug, { target: { value: "fiesta-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the event" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events/new-id"));
  });

  it("starts an event picked by its date alone at 09:00, and shows that time", async () => {
    const { calls } = open(() => ({ status: 500 }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: "Morning" } });
    fireEvent.click(await screen.findByRole("button", { name: /^Start/ }));
    fireEvent.click(await screen.findByRole("button", { name: "30 November 2026" }));
    expect((screen.getByLabelText("Hours") as HTMLInputElement).value).toBe("09");
    fireEvent.click(screen.getByLabelText("Confirm"));
    await waitFor(() => expect(screen.getByRole("button", { name: /^Start/ }).textContent).toBe("30 Nov 2026 09:00"));
    fireEvent.click(screen.getByRole("button", { name: "Create the event" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
        startsAt: "2026-11-30T08:00:00.000Z",
      }),
    );
  });

  it("shows the event limit in the banner", async () => {
    open(() => errorAnswer(409, "EVENT_LIMIT", "Event limit has been reached. You can't create more event."));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: "One more" } });
    await pickStart("30 November 2026", "9");
    fireEvent.click(screen.getByRole("button", { name: "Create the event" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Event limit has been reached. You can't create more event.")).toBeTruthy();
  });
});
