// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { type GuestConditions, noGuestConditions } from "../../contract/guest-conditions";
import type { CustomField } from "../../contract/guests";
import { GuestConditionsEditor } from "./GuestConditionsEditor";
import { renderPage } from "./test-render";

afterEach(cleanup);

const field = (id: string, name: string, type: CustomField["type"], choices: CustomField["choices"] = []) =>
  ({ id, name, type, choices, required: false, min: null, max: null }) as unknown as CustomField;
const diet = field("00000000-0000-4000-8000-000000000001", "Diet", "dropdown", [
  { id: "veg", label: "Vegetarian" },
  { id: "vegan", label: "Vegan" },
]);
const company = field("00000000-0000-4000-8000-000000000002", "Badge company", "short_text");
const passport = field("00000000-0000-4000-8000-000000000003", "Passport scan", "file");

let latest: GuestConditions = noGuestConditions;
function Harness({ initial, disabled }: { initial: GuestConditions; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <GuestConditionsEditor
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
      tickets={[{ id: "t1", label: "VIP pass" }]}
      categories={[]}
      customFields={[diet, company, passport]}
      disabled={disabled}
    />
  );
}
function open(initial: GuestConditions = noGuestConditions, language: "en" | "fr" = "en", disabled = false) {
  latest = initial;
  renderPage([{ index: true, element: <Harness initial={initial} disabled={disabled} /> }], {
    url: `/${language}/admin`,
    language,
  });
}

async function pick(label: string, option: string) {
  const combobox = screen.getByLabelText(label, { selector: "input" });
  fireEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute("aria-controls")).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute("aria-controls") as string) as HTMLElement;
  fireEvent.click(await within(listbox).findByRole("option", { name: option, hidden: true }));
}

describe("guest conditions editor", () => {
  it("picks statuses by their catalogue names, tickets, and a choice field's choices by id", async () => {
    open();
    await pick("Guest statuses", "Confirmed");
    await pick("Tickets", "VIP pass");
    await pick("Diet", "Vegan");
    expect(latest).toEqual({
      statuses: ["confirmed"],
      ticketIds: ["t1"],
      categoryIds: [],
      customFields: [{ fieldId: diet.id, values: ["vegan"] }],
    });
  });

  it("takes free values for a text field and drops a field whose last value is removed", async () => {
    open({ ...noGuestConditions, customFields: [{ fieldId: diet.id, values: ["veg"] }] });
    const input = screen.getByLabelText("Badge company", { selector: "input" });
    // Mantine takes a change only from the focused input (an unfocused one is the browser's autofill).
    input.focus();
    fireEvent.change(input, { target: { value: "ACME" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(latest.customFields).toEqual([
      { fieldId: diet.id, values: ["veg"] },
      { fieldId: company.id, values: ["ACME"] },
    ]);
    // The keyboard way out: Backspace in the empty input removes the last value.
    const dietInput = screen.getByLabelText("Diet", { selector: "input" });
    fireEvent.keyDown(dietInput, { key: "Backspace" });
    expect(latest.customFields).toEqual([{ fieldId: company.id, values: ["ACME"] }]);
  });

  it("offers no condition on a file field, says when the event has no categories, and speaks French", () => {
    open(noGuestConditions, "fr");
    expect(screen.queryByLabelText("Passport scan", { selector: "input" })).toBeNull();
    expect(screen.getByLabelText("Statuts des invités", { selector: "input" })).toBeTruthy();
    expect(
      (screen.getByLabelText("Catégories de billets", { selector: "input" }) as HTMLInputElement).placeholder,
    ).toBe("Aucune catégorie de billets dans cet événement");
  });

  it("locks every input when disabled", () => {
    open(noGuestConditions, "en", true);
    for (const label of ["Guest statuses", "Tickets", "Diet", "Badge company"]) {
      expect((screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement).disabled).toBe(true);
    }
  });
});
