// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Form, FormItem, Question } from "../../../contract/forms";
import { errorAnswer, type FakeAnswer, type FakeRequest } from "../../ui/test-render";
import { FormBuilderPage } from "./FormBuilderPage";
import { FormCreatePage } from "./FormCreatePage";
import { event, openFormsPage, savedForm } from "./forms.test-fixtures";

const routes = [
  { path: "events/:eventId/forms/new", element: <FormCreatePage /> },
  { path: "events/:eventId/forms/:formId", element: <FormBuilderPage /> },
];
const open = (url: string, forms: Form[] = [], answer?: (request: FakeRequest) => FakeAnswer) =>
  openFormsPage(routes, `/en/admin/events/${event.id}/forms/${url}`, { forms, answer });

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function choose(combobox: string, option: string) {
  fireEvent.click(screen.getByRole("combobox", { name: combobox }));
  fireEvent.click(await screen.findByRole("option", { name: option, hidden: true }));
}
const card = (name: string) =>
  screen.getByRole("button", { name: `Remove ${name}` }).closest("[data-item-id]") as HTMLElement;

const diet: Question = {
  kind: "question",
  id: "diet",
  type: "unique_choice",
  name: "",
  title: { en: "Diet" },
  help: {},
  required: false,
  readOnly: false,
  answers: [
    { id: "veg", label: { en: "Vegetarian" }, quota: 10 },
    { id: "all", label: { en: "Everything" }, quota: null },
  ],
  randomOrder: false,
  validation: { min: null, max: null },
  selection: { min: null, max: null, exact: null },
  target: null,
};
const size: Question = {
  ...diet,
  id: "size",
  title: { en: "Size" },
  answers: [{ id: "s", label: { en: "S" }, quota: null }],
};
const items: FormItem[] = [
  diet,
  { kind: "conditional", id: "block", questionId: "diet", answerId: "veg", items: [size] },
];

afterEach(cleanup);

describe("form builder", () => {
  // The first render loads the whole builder (Mantine, dnd-kit): slow on a busy machine, hence the longer limit.
  it("builds a question with answers and quotas, saves the new form and moves to its address", {
    timeout: 60_000,
  }, async () => {
    const { calls, router } = open("new?type=registration", [], (request) =>
      request.method === "POST"
        ? { status: 201, body: savedForm({ ...(request.body as object), id: "77777777-7777-4777-8777-777777777777" }) }
        : { status: 404 },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Add: Unique choice" }));
    type(/^Form title \(English\)/, "Gala registration");
    type(/^Question \(English\)/, "Diet");
    type(/^Answer 1 \(English\)/, "Vegetarian");
    type(/Quota of answer 1/, "10");
    fireEvent.click(screen.getByRole("button", { name: "Add an answer" }));
    type(/^Answer 2 \(English\)/, "Everything");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/forms\/77777777/));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      type: "registration",
      title: { en: "Gala registration" },
      items: [
        {
          kind: "question",
          type: "unique_choice",
          title: { en: "Diet" },
          answers: [
            { label: { en: "Vegetarian" }, quota: 10 },
            { label: { en: "Everything" }, quota: null },
          ],
        },
      ],
    });
  });

  it("makes a conditional block on a question's answer and places a question in it", { timeout: 60_000 }, async () => {
    const { calls } = open(`${savedForm().id}`, [savedForm({ items: [diet] })], (request) => ({
      status: 200,
      body: savedForm(request.body as object),
    }));
    fireEvent.click(await screen.findByRole("button", { name: "Add: Conditional block" }));
    await choose("When the question", "Diet");
    await choose("has the answer", "Vegetarian");
    fireEvent.click(screen.getByRole("button", { name: "Add: Short text" }));
    type(/^Question \(English\)/, "Allergies");
    await choose("Conditional block", "Shown when Diet is Vegetarian");
    expect(within(card("Shown when Diet is Vegetarian")).getByText("Allergies")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      id: savedForm().id,
      items: [
        { id: "diet" },
        {
          kind: "conditional",
          questionId: "diet",
          answerId: "veg",
          items: [{ kind: "question", type: "short_text", title: { en: "Allergies" } }],
        },
      ],
    });
  });

  it("checks the shared rules before sending, in the server's words, as the organizer fixes them", async () => {
    const { calls } = open("new?type=survey");
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("The form needs a title.")).toBeTruthy();
    expect(screen.getByText("The form needs at least one item.")).toBeTruthy();
    expect(screen.getByText(/The form cannot be saved yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add: Drop-down list" }));
    expect(await screen.findAllByText("The question needs a title.")).not.toHaveLength(0);
    expect(screen.queryByText("The form needs at least one item.")).toBeNull();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows the server's field errors on the item they are about, inside a block too", async () => {
    const message = "An answer already chosen by guests cannot be edited.";
    open(`${savedForm().id}`, [savedForm({ items })], () =>
      errorAnswer(400, "ANSWER_ALREADY_CHOSEN", message, { "items.1.items.0.answers.0.label": message }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await within(card("Size")).findByText(message)).toBeTruthy();
    expect(within(card("Diet")).queryByText(message)).toBeNull();
    fireEvent.click(within(card("Size")).getByRole("button", { name: /^Size/ }));
    expect((await screen.findByLabelText(/^Answer 1 \(English\)/)).getAttribute("aria-invalid")).toBe("true");
  });

  it("writes the texts in each of the event's languages, and previews the form in the one chosen", async () => {
    // The event speaks French and English; the interface is English, so texts start in English.
    expect(event.languages).toEqual(["fr", "en"]);
    const bilingual = { ...diet, title: { en: "Diet", fr: "Régime" } };
    open(`${savedForm().id}`, [savedForm({ items: [bilingual] })]);
    const textLanguage = await screen.findByRole("radiogroup", { name: "Language of the texts" });
    expect((screen.getByLabelText(/^Form title \(English\)/) as HTMLInputElement).value).toBe("Gala registration");

    fireEvent.click(within(textLanguage).getByRole("radio", { name: "French" }));
    expect((screen.getByLabelText(/^Form title \(French\)/) as HTMLInputElement).value).toBe("Inscription au gala");
    expect(screen.queryByLabelText(/^Form title \(English\)/)).toBeNull();
    type(/^Form title \(French\)/, "Inscription au gala d'été");
    fireEvent.click(within(card("Régime")).getByRole("button", { name: /^Régime/ }));
    type(/^Question \(French\)/, "Régime alimentaire");
    type(/^Answer 1 \(French\)/, "Végétarien");

    // Back in English, the English texts are as they were.
    fireEvent.click(within(textLanguage).getByRole("radio", { name: "English" }));
    expect((screen.getByLabelText(/^Form title \(English\)/) as HTMLInputElement).value).toBe("Gala registration");
    expect((screen.getByLabelText(/^Question \(English\)/) as HTMLInputElement).value).toBe("Diet");

    fireEvent.click(screen.getByRole("tab", { name: "Preview" }));
    const preview = screen.getByRole("tabpanel", { name: "Preview" });
    const previewLanguage = within(preview).getByRole("radiogroup", { name: "Language of the preview" });
    fireEvent.click(within(previewLanguage).getByRole("radio", { name: "French" }));
    expect(within(preview).getByRole("heading", { name: "Inscription au gala d'été" })).toBeTruthy();
    expect(within(preview).getByText("Régime alimentaire")).toBeTruthy();
    expect(within(preview).getByRole("radio", { name: "Végétarien" })).toBeTruthy();
    expect(within(preview).queryByText("Diet")).toBeNull();

    fireEvent.click(within(previewLanguage).getByRole("radio", { name: "English" }));
    expect(within(preview).getByRole("heading", { name: "Gala registration" })).toBeTruthy();
    expect(within(preview).getByText("Diet")).toBeTruthy();
    expect(within(preview).getByRole("radio", { name: "Vegetarian" })).toBeTruthy();
    expect(within(preview).queryByText("Régime alimentaire")).toBeNull();
  });

  it("keeps required and read-only exclusive, and refuses to remove a question a block depends on", async () => {
    open(`${savedForm().id}`, [savedForm({ items })]);
    fireEvent.click(await screen.findByRole("button", { name: "Remove Diet" }));
    expect(await screen.findByText("This question is used by a conditional block and cannot be removed.")).toBeTruthy();
    fireEvent.click(within(card("Diet")).getByRole("button", { name: /^Diet/ }));
    const required = await screen.findByRole("checkbox", { name: "Required" });
    const readOnly = screen.getByRole("checkbox", { name: "Read-only" });
    fireEvent.click(required);
    expect((required as HTMLInputElement).checked).toBe(true);
    fireEvent.click(readOnly);
    expect((readOnly as HTMLInputElement).checked).toBe(true);
    expect((required as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
  });
});
