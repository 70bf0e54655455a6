// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore } from "../../api/client";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { RegisterAdminPage } from "./RegisterAdminPage";

const page = [{ path: "register-admin", element: <RegisterAdminPage /> }];
const session = {
  token: "session-token",
  user: {
    id: "u1",
    email: "grace@example.com",
    firstName: "Grace",
    lastName: "Hopper",
    language: "en",
    isPlatformAdmin: false,
    lastLoginAt: null,
  },
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe("register-admin page", () => {
  it("creates an account with its organization and signs in", async () => {
    const calls = fakeServer(() => ({ status: 201, body: session }));
    const { router } = renderPage(page, { url: "/en/admin/register-admin" });
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    type("First name", "Grace");
    type("Last name", "Hopper");
    type("Email address", "grace@example.com");
    type("Organization", "Navy Events");
    type("New password", "Abcdefghijk1*");
    type("Confirm the password", "Abcdefghijk1*");
    fireEvent.click(screen.getByRole("button", { name: "Create my account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/register-success"));
    expect(calls[0]).toMatchObject({
      path: "/auth/register",
      body: { email: "grace@example.com", accountName: "Navy Events", firstName: "Grace", language: "en" },
    });
    expect(sessionStore.get()).toBe("session-token");
  });

  it("puts a taken address under the email field", async () => {
    const message = "An account already exists with this email address.";
    fakeServer(() => errorAnswer(400, "EMAIL_TAKEN", message, { email: message }));
    renderPage(page, { url: "/en/admin/register-admin" });
    type("First name", "Grace");
    type("Last name", "Hopper");
    type("Email address", "grace@example.com");
    type("Organization", "Navy Events");
    type("New password", "Abcdefghijk1*");
    type("Confirm the password", "Abcdefghijk1*");
    fireEvent.click(screen.getByRole("button", { name: "Create my account" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.getByLabelText("Email address").getAttribute("aria-invalid")).toBe("true");
  });

  it("completes an invitation with the invited names prefilled", async () => {
    const calls = fakeServer(({ path }) =>
      path.startsWith("/auth/invitation")
        ? {
            status: 200,
            body: { email: "grace@example.com", accountName: "Navy Events", firstName: "Grace", lastName: "" },
          }
        : { status: 201, body: session },
    );
    const { router } = renderPage(page, { url: "/en/admin/register-admin?token=inv-1" });
    expect(await screen.findByText("You are invited to join Navy Events as grace@example.com")).toBeTruthy();
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Grace");
    type("Last name", "Hopper");
    type("New password", "Abcdefghijk1*");
    type("Confirm the password", "Abcdefghijk1*");
    fireEvent.click(screen.getByRole("button", { name: "Complete my registration" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/register-success"));
    expect(calls.map((call) => call.path)).toEqual(["/auth/invitation?token=inv-1", "/auth/register-admin"]);
    expect(calls[1]?.body).toMatchObject({ token: "inv-1", firstName: "Grace", lastName: "Hopper" });
  });

  it("shows the server's message for an expired invitation", async () => {
    const message = "This link is invalid or has expired. Please ask for a new one.";
    fakeServer(() => errorAnswer(400, "LINK_INVALID", message));
    renderPage(page, { url: "/en/admin/register-admin?token=old" });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});
