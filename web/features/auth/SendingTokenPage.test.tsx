// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore } from "../../api/client";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { SendingTokenPage } from "./SendingTokenPage";

const page = [{ path: "sending-token", element: <SendingTokenPage /> }];
const user = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  language: "en",
  isPlatformAdmin: false,
  lastLoginAt: null,
};

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe("sending-token page", () => {
  // renderPage uses StrictMode, whose second effect run must not spend the one-time link again.
  it("signs in once with the mailed link and opens the events list", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { token: "session-token", user } }));
    const { router } = renderPage(page, { url: "/en/admin/sending-token?token=link-1" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events"));
    expect(calls).toEqual([expect.objectContaining({ path: "/auth/login-token", body: { token: "link-1" } })]);
    expect(sessionStore.get()).toBe("session-token");
  });

  it("shows the server's message when the link is spent, with a way back", async () => {
    const message = "Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.";
    fakeServer(() => errorAnswer(400, "LINK_INVALID", message));
    renderPage(page, { url: "/fr/admin/sending-token?token=used", language: "fr" });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.getByRole("link", { name: "Retour à la connexion" }).getAttribute("href")).toBe("/fr/admin");
    expect(sessionStore.get()).toBeNull();
  });

  it("sends the link again on request and confirms it", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { ok: true } }));
    renderPage(page, { url: "/en/admin/sending-token?challenge=ch-1" });
    expect(
      await screen.findByText("We sent a sign-in link to your email address; it works for 15 minutes."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send the link again" }));
    expect((await screen.findByRole("alert")).textContent).toBe("A new sign-in link has been sent.");
    expect(calls).toEqual([expect.objectContaining({ path: "/auth/send-token", body: { challenge: "ch-1" } })]);
  });
});
