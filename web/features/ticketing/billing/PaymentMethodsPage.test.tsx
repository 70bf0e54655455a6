// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswer, type FakeRequest } from "../../../ui/test-render";
import { params, scopePath, settingsPageOpener } from "./billing.test-fixtures";
import { PaymentMethodsPage } from "./PaymentMethodsPage";

afterEach(cleanup);

const open = settingsPageOpener("payment-methods", <PaymentMethodsPage />);
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const posts = (calls: FakeRequest[]) => calls.filter((call) => call.method === "POST");

// The event writes French first (its default language), then English.
const cheques = params({
  otherPaymentMethods: {
    bankTransfer: { enabled: false, instructions: {} },
    cheque: { enabled: true, instructions: { fr: "Chèque à l'ordre d'Acme", en: "Cheque payable to Acme" } },
  },
});

describe("payment methods page", () => {
  it("asks for instructions in the event's default language before saving a method turned on", async () => {
    const calls = open(params(), (request) => ({ status: 200, body: params(request.body as object) }));
    expect(await screen.findByRole("heading", { name: "Other payment methods", level: 1 })).toBeTruthy();
    expect(document.title).toContain("Other payment methods");
    expect(screen.getByRole("heading", { name: "Bank transfer", level: 2 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Cheque", level: 2 })).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Accept bank transfers" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText(/Instructions for buyers/)).toBeNull();

    fireEvent.click(screen.getByRole("switch", { name: "Accept bank transfers" }));
    expect(screen.getAllByLabelText(/Instructions for buyers/)).toHaveLength(2);
    type(/Instructions for buyers \(English\)/, "IBAN FR76 3000 6000 0112 3456 7890 189");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Write the instructions for buyers in the event's default language.")).toBeTruthy();
    expect(input(/Instructions for buyers \(French\)/).getAttribute("aria-invalid")).toBe("true");
    expect(posts(calls)).toEqual([]);

    type(/Instructions for buyers \(French\)/, "Virement sur FR76 3000 6000 0112 3456 7890 189");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      path: `${scopePath}/ticketingparams`,
      body: {
        otherPaymentMethods: {
          bankTransfer: {
            enabled: true,
            instructions: {
              fr: "Virement sur FR76 3000 6000 0112 3456 7890 189",
              en: "IBAN FR76 3000 6000 0112 3456 7890 189",
            },
          },
          cheque: { enabled: false, instructions: {} },
        },
      },
    });
    // Only the methods are sent: the page must not overwrite the currency or the office with what it read.
    expect(Object.keys(posts(calls)[0]?.body as object)).toEqual(["otherPaymentMethods"]);
  });

  it("shows the saved instructions, and turns a method off keeping them", async () => {
    const calls = open(cheques, (request) => ({ status: 200, body: params(request.body as object) }));
    const cheque = (await screen.findByRole("switch", { name: "Accept cheques" })) as HTMLInputElement;
    expect(cheque.checked).toBe(true);
    expect(input(/Instructions for buyers \(French\)/).value).toBe("Chèque à l'ordre d'Acme");
    expect(input(/Instructions for buyers \(English\)/).value).toBe("Cheque payable to Acme");

    fireEvent.click(cheque);
    expect(screen.queryByLabelText(/Instructions for buyers/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      otherPaymentMethods: {
        bankTransfer: { enabled: false, instructions: {} },
        cheque: { enabled: false, instructions: { fr: "Chèque à l'ordre d'Acme", en: "Cheque payable to Acme" } },
      },
    });
  });

  it("puts the server's refusal under its field", async () => {
    const message = "Write the instructions for buyers in the event's default language.";
    const calls = open(cheques, () =>
      errorAnswer(400, "TICKETING_INSTRUCTIONS_REQUIRED", message, {
        "otherPaymentMethods.cheque.instructions.fr": message,
      }),
    );
    await screen.findByRole("switch", { name: "Accept cheques" });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(input(/Instructions for buyers \(French\)/).getAttribute("aria-invalid")).toBe("true");
    // A field error is said once, under its field, not again in the page banner.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(posts(calls)).toHaveLength(1);
  });

  it("lets a reader look without changing anything", async () => {
    open(cheques, () => ({ status: 500 }), "reader");
    const cheque = (await screen.findByRole("switch", { name: "Accept cheques" })) as HTMLInputElement;
    expect(cheque.matches(":disabled")).toBe(true);
    expect(screen.getByRole("switch", { name: "Accept bank transfers" }).matches(":disabled")).toBe(true);
    expect(input(/Instructions for buyers \(French\)/).matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
