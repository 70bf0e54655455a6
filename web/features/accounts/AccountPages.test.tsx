// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { AccountParamsPage } from "./AccountParamsPage";
import { AccountSettingsPage } from "./AccountSettingsPage";
import { As, account, accountId } from "./accounts.test-fixtures";

function open(page: "params" | "settings", role: AccountRole | "platformAdmin", language: "en" | "fr" = "en") {
  const path = page === "params" ? "account" : "account/settings";
  return renderPage(
    [
      {
        path,
        element: <As accountRole={role}>{page === "params" ? <AccountParamsPage /> : <AccountSettingsPage />}</As>,
      },
    ],
    { url: `/${language}/admin/${path}`, language },
  );
}

const card = async (title: string) =>
  (await screen.findByRole("group", { name: title })).closest("form") as HTMLFormElement;

afterEach(cleanup);

describe("account params page", () => {
  it("saves each card's own part of the account, and shows the plan usage", async () => {
    const calls = fakeServer((request) => ({
      status: 200,
      body: request.method === "POST" ? account({ name: "Acme Live" }) : account(),
    }));
    open("params", "overseer");
    expect(await screen.findByText("4 of 10")).toBeTruthy();
    expect(screen.getByText("1 (unlimited)")).toBeTruthy();

    const accountCard = await card("Account");
    fireEvent.change(within(accountCard).getByRole("textbox", { name: "Account name" }), {
      target: { value: "Acme Live" },
    });
    fireEvent.click(within(accountCard).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    const saved = calls.find((call) => call.method === "POST");
    expect(saved?.path).toBe(`/accounts/${accountId}`);
    expect(Object.keys(saved?.body as object).sort()).toEqual(["name", "params"]);
    expect(saved?.body).toMatchObject({ name: "Acme Live", params: { language: "en", timezone: "Europe/Paris" } });

    const defaults = await card("Default event params");
    fireEvent.change(within(defaults).getByRole("textbox", { name: "Ratings maximum" }), { target: { value: "7" } });
    fireEvent.click(within(defaults).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(2));
    expect(calls.filter((call) => call.method === "POST")[1]?.body).toEqual({
      defaultEventParams: {
        timezone: "Europe/Paris",
        languages: ["fr", "en"],
        preferredLanguage: "en",
        maxCompanions: 0,
        ratingMax: 7,
      },
    });
  });

  it("puts the server's field messages under their inputs", async () => {
    fakeServer((request) =>
      request.method === "POST"
        ? errorAnswer(400, "EMAIL_INVALID", "Adresse e-mail invalide.", {
            "params.contactEmail": "Adresse e-mail invalide.",
          })
        : { status: 200, body: account({ params: { ...account().params, contactEmail: "contact@acme.test" } }) },
    );
    open("params", "overseer", "fr");
    const accountCard = await card("Compte");
    fireEvent.click(within(accountCard).getByRole("button", { name: "Enregistrer" }));
    const input = within(accountCard).getByRole("textbox", { name: "E-mail de contact" });
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    expect(within(accountCard).getByText("Adresse e-mail invalide.")).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toBe("Adresse e-mail invalide.");
  });

  it("shows a reader the params without a way to save them", async () => {
    fakeServer(() => ({ status: 200, body: account() }));
    open("params", "reader");
    const accountCard = await card("Account");
    // Disabled by their fieldset, which the :disabled state reflects (the attribute stays off the input).
    expect(within(accountCard).getByRole("textbox", { name: "Account name" }).matches(":disabled")).toBe(true);
    expect(within(accountCard).queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.getByText("You can view these params; only an overseer can change them.")).toBeTruthy();
  });
});

describe("admin settings page", () => {
  it("lets the platform Administrator change the limits, an empty maximum meaning unlimited", async () => {
    const calls = fakeServer(() => ({
      status: 200,
      body: account({ limits: { ...account().limits, maxEvents: 20 } }),
    }));
    open("settings", "platformAdmin");
    const limits = await card("Plan limits");
    fireEvent.change(within(limits).getByRole("textbox", { name: "Maximum events" }), { target: { value: "" } });
    fireEvent.click(within(limits).getByRole("switch", { name: /^White label/ }));
    fireEvent.click(within(limits).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeTruthy());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      limits: {
        whiteLabel: true,
        modules: { multilang: true, ebadge: true, misc: true, singleImagePartners: false },
        offlineCheckinLimit: 3,
        maxOrganizers: 10,
        maxEvents: null,
      },
    });
  });

  it("shows an overseer the limits read-only, and says a cleared number is required", async () => {
    const calls = fakeServer(() => ({ status: 200, body: account() }));
    open("settings", "overseer", "fr");
    expect(await screen.findByText("Limites de l'offre")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Limites de l'offre" })).toBeNull();
    expect(screen.getByText("Nombre maximum d'organisateurs").closest("div")?.textContent).toContain("10");

    const settings = await card("Réglages");
    fireEvent.change(within(settings).getByRole("textbox", { name: "Durée de conservation (jours)" }), {
      target: { value: "" },
    });
    fireEvent.click(within(settings).getByRole("button", { name: "Enregistrer" }));
    expect(await within(settings).findByText("Ce champ est obligatoire.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});
