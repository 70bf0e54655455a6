// @vitest-environment jsdom
import { createHash } from "node:crypto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CaptchaChallenge } from "../../../contract/captcha";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
// For its jsdom polyfills (document.fonts, which the message's autosized textarea listens to).
import "../events/events.test-fixtures";
import { ContactOrganizerPage } from "./ContactOrganizerPage";

/** A challenge hiding 7 among 20 numbers: the page solves it as it would the server's. */
function challenge(): CaptchaChallenge {
  const salt = `abc${Math.random()}?expires=${Math.floor(Date.now() / 1000) + 600}`;
  const hash = createHash("sha256").update(`${salt}7`).digest("hex");
  return { algorithm: "SHA-256", challenge: hash, salt, maxnumber: 20, signature: "signed" };
}

function open(contactAnswer: () => { status: number; body?: unknown }) {
  const calls = fakeServer((request) => {
    if (request.path === "/public/captcha") return { status: 200, body: challenge() };
    return contactAnswer();
  });
  renderPage([{ path: ":event/contact", element: <ContactOrganizerPage /> }], {
    url: "/es/summer-gala/contact",
    language: "es",
    scopePath: "/es",
  });
  return calls;
}

function fill() {
  fireEvent.change(screen.getByRole("textbox", { name: "Su nombre" }), { target: { value: "Hélène" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Su dirección de correo electrónico" }), {
    target: { value: "helene@example.com" },
  });
  fireEvent.change(screen.getByRole("textbox", { name: "Su mensaje" }), { target: { value: "¿Hay parking?" } });
}

afterEach(cleanup);

describe("contact organizer page", () => {
  it("solves the captcha in the background and sends the message with it, once privacy is accepted", async () => {
    const calls = open(() => ({ status: 201, body: { ok: true } }));
    await waitFor(() => expect(document.title).toBe("Contactar con el organizador · Eventdesk"));
    expect(await screen.findByText("Verificado: puede enviar su mensaje.")).toBeTruthy();
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Enviar el mensaje" }));
    expect(await screen.findByText("Acepte la política de privacidad.")).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith("/contact"))).toBe(false);

    fireEvent.click(screen.getByRole("checkbox", { name: /Acepto que se conserven/ }));
    fireEvent.click(screen.getByRole("button", { name: "Enviar el mensaje" }));
    expect(await screen.findByText(/Su mensaje se ha enviado/)).toBeTruthy();
    const sent = calls.find((call) => call.path === "/public/events/summer-gala/contact");
    expect(sent?.body).toMatchObject({
      name: "Hélène",
      email: "helene@example.com",
      message: "¿Hay parking?",
      privacyAccepted: true,
      captcha: { algorithm: "SHA-256", number: 7, signature: "signed" },
    });
  });

  it("shows the server's refusal and sends the next attempt with a fresh solution", async () => {
    let answer = errorAnswer(400, "CAPTCHA_INVALID", "La verificación antirrobot ha fallado o ha caducado.");
    const calls = open(() => answer);
    await screen.findByText("Verificado: puede enviar su mensaje.");
    fill();
    fireEvent.click(screen.getByRole("checkbox", { name: /Acepto que se conserven/ }));
    fireEvent.click(screen.getByRole("button", { name: "Enviar el mensaje" }));
    expect((await screen.findByRole("alert")).textContent).toBe("La verificación antirrobot ha fallado o ha caducado.");
    answer = { status: 201, body: { ok: true } };
    fireEvent.click(screen.getByRole("button", { name: "Enviar el mensaje" }));
    await screen.findByText(/Su mensaje se ha enviado/);
    const salts = calls
      .filter((call) => call.path.endsWith("/contact"))
      .map((call) => (call.body as { captcha: { salt: string } }).captcha.salt);
    expect(salts).toHaveLength(2);
    expect(salts[0]).not.toBe(salts[1]);
  });
});
