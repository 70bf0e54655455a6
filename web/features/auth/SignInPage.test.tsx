// @vitest-environment jsdom
import { createHash } from "node:crypto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore } from "../../api/client";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { SignInPage } from "./SignInPage";

const session = {
  token: "session-token",
  user: {
    id: "u1",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    language: "en",
    isPlatformAdmin: false,
    lastLoginAt: null,
  },
};
const signIn = [{ index: true, element: <SignInPage /> }];

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email address"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe("sign-in page", () => {
  it("asks to complete all fields without calling the server", async () => {
    const calls = fakeServer(() => ({ status: 500 }));
    renderPage(signIn, { url: "/en/admin" });
    fillAndSubmit("ada@example.com", "");
    expect((await screen.findByRole("alert")).textContent).toBe("Please complete all fields.");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });

  it("says it in the language of the path", async () => {
    fakeServer(() => ({ status: 500 }));
    renderPage(signIn, { url: "/fr/admin", language: "fr" });
    fireEvent.click(await screen.findByRole("button", { name: "Se connecter" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Veuillez remplir tous les champs.");
  });

  it("shows the server's message when the password is wrong, and keeps no session", async () => {
    const calls = fakeServer(() => errorAnswer(401, "INVALID_CREDENTIALS", "Invalid email or password."));
    renderPage(signIn, { url: "/en/admin" });
    fillAndSubmit("Ada@Example.com ", "wrong");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password.");
    expect(calls).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/auth/login",
        body: { email: "ada@example.com", password: "wrong" },
      }),
    ]);
    expect(sessionStore.get()).toBeNull();
  });

  it("keeps the session and returns to the page that asked for sign-in", async () => {
    fakeServer(() => ({ status: 200, body: session }));
    const { router } = renderPage(signIn, { url: "/en/admin?next=%2Fen%2Fadmin%2Faccount%2Fteams" });
    fillAndSubmit("ada@example.com", "Secret-password-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/account/teams"));
    expect(sessionStore.get()).toBe("session-token");
  });

  it("after several wrong passwords on the address, solves the captcha the server asks for and signs in", async () => {
    const salt = `abc?expires=${Math.floor(Date.now() / 1000) + 600}`;
    const hidden = createHash("sha256").update(`${salt}7`).digest("hex");
    const challenge = { algorithm: "SHA-256", challenge: hidden, salt, maxnumber: 20, signature: "signed" };
    const calls = fakeServer((request) => {
      if (request.path === "/public/captcha") return { status: 200, body: challenge };
      if ((request.body as { captcha?: unknown } | undefined)?.captcha) return { status: 200, body: session };
      return errorAnswer(401, "CAPTCHA_REQUIRED", "Several wrong passwords were tried for this address.");
    });
    const { router } = renderPage(signIn, { url: "/en/admin" });
    fillAndSubmit("ada@example.com", "Secret-password-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events"));
    expect(calls.filter((call) => call.path === "/auth/login")).toHaveLength(2);
    expect(calls.filter((call) => call.path === "/auth/login").at(-1)).toMatchObject({
      body: { email: "ada@example.com", captcha: { salt, number: 7, signature: "signed" } },
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("never follows a next address outside the back office", async () => {
    fakeServer(() => ({ status: 200, body: session }));
    const { router } = renderPage(signIn, { url: "/en/admin?next=https%3A%2F%2Fevil.example%2Fadmin" });
    fillAndSubmit("ada@example.com", "Secret-password-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events"));
  });

  it("names the event of /{event}/admin and leads to it", async () => {
    fakeServer(() => ({ status: 200, body: session }));
    const { router } = renderPage(signIn, { url: "/summit-2025/admin", scopePath: "/:event/admin" });
    expect(await screen.findByText("Sign in to manage summit-2025")).toBeTruthy();
    fillAndSubmit("ada@example.com", "Secret-password-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events"));
    expect(router.state.location.search).toBe("?query=summit-2025");
  });

  it("goes to the sign-in link page when the account uses two-step sign-in", async () => {
    fakeServer(() => ({ status: 200, body: { twoFactorRequired: true, challenge: "c/1" } }));
    const { router } = renderPage(signIn, { url: "/en/admin" });
    fillAndSubmit("ada@example.com", "Secret-password-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/sending-token"));
    expect(router.state.location.search).toBe("?challenge=c%2F1");
    expect(sessionStore.get()).toBeNull();
  });

  it("sends an organizer who is already signed in to the events list", async () => {
    sessionStore.set("session-token");
    fakeServer(({ path }) =>
      path === "/auth/me" ? { status: 200, body: { user: session.user, memberships: [] } } : { status: 500 },
    );
    const { router } = renderPage(signIn, { url: "/en/admin" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/events"));
  });
});
