// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, type FakeAnswer, type FakeRequest } from "../../../ui/test-render";
import { BillingInfoPage } from "./BillingInfoPage";
import { openSettingsPage, organizer, scopePath } from "./billing.test-fixtures";

afterEach(cleanup);

const open = (answer: (request: FakeRequest) => FakeAnswer, options: { role?: "reader"; language?: "fr" } = {}) =>
  openSettingsPage({ path: "billing", page: <BillingInfoPage />, data: organizer(), answer, ...options });
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
// A disabled fieldset disables what it holds without setting each input's own attribute.
const isDisabled = (label: RegExp) => input(label).matches(":disabled");
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

describe("billing information page", () => {
  it("keeps the billing information closed until a valid Siret is typed (SPEC §5)", async () => {
    const calls = open(() => ({ status: 200, body: organizer() }));
    expect(await screen.findByRole("heading", { name: "Billing information", level: 1 })).toBeTruthy();
    expect(document.title).toContain("Billing information");
    expect(isDisabled(/Corporate name/)).toBe(true);
    expect(screen.getByText("Enter a valid Siret to fill in the rest of the billing information.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Siret needed before billing info.")).toBeTruthy();
    type(/Siret number/, "732 829 320 00075");
    fireEvent.blur(input(/Siret number/));
    expect(
      await screen.findByText("This Siret is not valid: it has 14 digits, the last one a check digit."),
    ).toBeTruthy();
    expect(isDisabled(/Corporate name/)).toBe(true);

    type(/Siret number/, "732 829 320 00074");
    await waitFor(() => expect(isDisabled(/Corporate name/)).toBe(false));
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("asks for the VAT number when subject to VAT, and sends the billing information", async () => {
    const calls = open(() => ({ status: 200, body: organizer({ siret: "73282932000074" }) }));
    await screen.findByLabelText(/Siret number/);
    type(/Siret number/, "73282932000074");
    type(/Corporate name/, "Acme Events SAS");
    type(/Street/, "12 rue de la Paix");
    type(/Zip code/, "75002");
    type(/City/, "Paris");
    expect(screen.queryByLabelText(/VAT number/)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Subject to VAT/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The VAT number is required when subject to VAT.")).toBeTruthy();
    type(/VAT number/, "fr 40 303265045");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.find((call) => call.method === "POST")).toBeTruthy());
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: `${scopePath}/organizers`,
      body: {
        siret: "73282932000074",
        corporateName: "Acme Events SAS",
        street: "12 rue de la Paix",
        zipCode: "75002",
        city: "Paris",
        vatStatus: "subject",
        vatNumber: "FR40303265045",
      },
    });
  });

  it("shows the server's message under its field, in French", async () => {
    const message = "Le Siret est nécessaire avant les informations de facturation.";
    open(() => errorAnswer(400, "SIRET_REQUIRED", message, { siret: message }), { language: "fr" });
    await screen.findByLabelText(/Numéro Siret/);
    type(/Numéro Siret/, "73282932000074");
    type(/Raison sociale/, "Acme");
    type(/Rue/, "1 rue");
    type(/Code postal/, "75001");
    type(/Ville/, "Paris");
    fireEvent.click(screen.getByRole("radio", { name: /Non assujetti/ }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText("TVA non applicable, art. 293 B du CGI")).toBeTruthy();
  });

  it("lets a reader look without changing anything", async () => {
    open(() => ({ status: 500 }), { role: "reader" });
    await screen.findByLabelText(/Siret number/);
    expect(isDisabled(/Siret number/)).toBe(true);
    expect(isDisabled(/Corporate name/)).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
