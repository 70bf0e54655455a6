// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { ResetPasswordPage } from "./ResetPasswordPage";

const reset = [{ path: "reset-password", element: <ResetPasswordPage /> }];
const metRules = () =>
  [...document.querySelectorAll("[data-rule]")].filter((item) => item.getAttribute("data-met") === "true").length;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe("reset password page", () => {
  it("ticks the password rules as they are met and says when the confirmation differs", async () => {
    fakeServer(() => ({ status: 500 }));
    renderPage(reset, { url: "/en/admin/reset-password?token=abc" });
    await screen.findByText("Your password needs:");
    expect(metRules()).toBe(0);

    type("New password", "abcdefghijkl");
    expect(metRules()).toBe(2); // length, lowercase
    expect(document.querySelector('[data-rule="uppercase"]')?.textContent).toContain("(missing)");

    type("New password", "Abcdefghijk1*");
    expect(metRules()).toBe(5);
    expect(document.querySelector('[data-rule="special"]')?.textContent).toBe("One of !@#$%^&+/-*(done)");

    type("Confirm the password", "Abcdefghijk1");
    fireEvent.blur(screen.getByLabelText("Confirm the password"));
    expect(await screen.findByText("Passwords do not match.")).toBeTruthy();
  });

  it("sends the new password with the link's token and shows the success page", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { ok: true } }));
    const { router } = renderPage(reset, { url: "/en/admin/reset-password?token=abc" });
    type("New password", "Abcdefghijk1*");
    type("Confirm the password", "Abcdefghijk1*");
    fireEvent.click(screen.getByRole("button", { name: "Change my password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/admin/reset-password-success"));
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/auth/reset-password",
      body: { token: "abc", password: "Abcdefghijk1*", passwordConfirmation: "Abcdefghijk1*" },
    });
  });

  it("shows the server's message when the link has expired", async () => {
    const message = "Este enlace no es válido o ha caducado. Solicite uno nuevo.";
    const calls = fakeServer(() => errorAnswer(400, "LINK_INVALID", message, { token: message }));
    renderPage(reset, { url: "/es/admin/reset-password?token=old", language: "es" });
    type("Nueva contraseña", "Abcdefghijk1*");
    type("Confirme la contraseña", "Abcdefghijk1*");
    fireEvent.click(screen.getByRole("button", { name: "Cambiar mi contraseña" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(calls[0]?.headers["accept-language"]).toBe("es");
  });

  it("offers a new link when the address has no token", async () => {
    const calls = fakeServer(() => ({ status: 500 }));
    renderPage(reset, { url: "/en/admin/reset-password" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link is invalid or has expired. Please ask for a new one.",
    );
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
      "/en/admin/forgot-password",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
