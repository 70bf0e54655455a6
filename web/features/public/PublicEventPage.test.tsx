// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { publicEvent, publicPages } from "./public.test-fixtures";

afterEach(cleanup);

describe("public event page", () => {
  it("shows the event in the page's language and the event's timezone, with its map and pages", async () => {
    const calls = fakeServer(() => ({ status: 200, body: publicEvent() }));
    renderPage(publicPages, { url: "/es/summer-gala", language: "es", scopePath: "/:lang/:event" });

    expect(await screen.findByRole("heading", { level: 1, name: "Summer gala" })).toBeTruthy();
    expect(document.title).toBe("Summer gala · Eventdesk");
    expect(calls[0]).toMatchObject({ method: "GET", path: "/public/events/summer-gala?lang=es" });
    // 17:00 UTC is 19:00 in Madrid in June.
    expect(screen.getByText(/5 de junio de 2030.*19:00.*23:00/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver en el mapa" }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/?mlat=40.4139&mlon=-3.6819#map=17/40.4139/-3.6819",
    );
    // The organizer's text is text: markup in it is shown, never run.
    expect(screen.getByText(/Una velada <b>inolvidable<\/b>\./)).toBeTruthy();
    expect(document.querySelector("main b")).toBeNull();

    const register = screen.getByRole("button", { name: "Inscribirse" }) as HTMLButtonElement;
    expect(register.disabled).toBe(true);
    expect(screen.getByText("Las inscripciones no están abiertas.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mi área de miembro" }).getAttribute("href")).toBe(
      "/es/summer-gala/member",
    );
    expect(screen.getByRole("link", { name: "Asistentes" }).getAttribute("href")).toBe("/es/summer-gala/attendees");
    expect(screen.getByRole("link", { name: "Contactar con el organizador" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Encuesta de satisfacción" })).toBeNull();
    expect(screen.getByRole("link", { name: "Instagram" }).getAttribute("href")).toBe("https://instagram.example/gala");
    expect(screen.getByRole("button", { name: /Español/ })).toBeTruthy();
  });

  it("links to registration when it is open, and searches the address when there are no coordinates", async () => {
    fakeServer(() => ({
      status: 200,
      body: publicEvent({
        modules: { registration: true, survey: true, contact: true, attendees: false, memberArea: true },
        latitude: null,
        longitude: null,
        allDay: true,
        endsAt: null,
      }),
    }));
    renderPage(publicPages, { url: "/fr/summer-gala", language: "fr", scopePath: "/:lang/:event" });
    expect((await screen.findByRole("link", { name: "S'inscrire" })).getAttribute("href")).toBe(
      "/fr/summer-gala/register",
    );
    expect(screen.getByText("mercredi 5 juin 2030")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voir sur la carte" }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/search?query=Palacio%20de%20Cristal%2C%20Parque%20del%20Retiro%2C%20Madrid%2C%20Espa%C3%B1a",
    );
    expect(screen.getByRole("link", { name: "Questionnaire de satisfaction" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Participants" })).toBeNull();
  });

  it("says so when the event does not exist or is no longer online", async () => {
    fakeServer(() => errorAnswer(404, "NOT_FOUND", "Not found."));
    renderPage(publicPages, { url: "/en/gone-event", scopePath: "/:lang/:event" });
    expect(await screen.findByRole("heading", { name: "Event not found" })).toBeTruthy();
    expect(document.title).toBe("Event not found · Eventdesk");
  });
});

describe("public event page opened by a personal registration link", () => {
  it("greets the invited guest by first name and carries the invitation to the registration form", async () => {
    fakeServer((request) => {
      if (request.path === "/public/events/summer-gala/invitations/good.token")
        return { status: 200, body: { firstName: "Inès", lastName: "Moreau", email: "ines@example.com" } };
      const modules = { registration: true, survey: false, contact: false, attendees: false, memberArea: true };
      return { status: 200, body: publicEvent({ modules }) };
    });
    renderPage(publicPages, {
      url: "/en/summer-gala?invitation=good.token",
      language: "en",
      scopePath: "/:lang/:event",
    });
    expect(await screen.findByText("Hello Inès, you are invited.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/en/summer-gala/register?invitation=good.token",
    );
  });
});
