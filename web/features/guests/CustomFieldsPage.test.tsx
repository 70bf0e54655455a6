// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountRole } from "../../../contract/auth";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../events/events.test-fixtures";
import { CustomFieldsPage } from "./CustomFieldsPage";
import { customField } from "./guests.test-fixtures";

const diet = customField({ position: 1 });
const size = customField({ id: "f2", name: "Size", type: "number", choices: [], position: 0 });

function open(
  answer: (request: FakeRequest) => FakeAnswer,
  role: AccountRole = "organizer",
  language: "en" | "es" = "en",
) {
  const calls = fakeServer((request) => {
    if (request.method !== "GET") return answer(request);
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    return { status: 200, body: { items: [diet, size], total: 2 } };
  });
  renderPage(
    [
      {
        path: "events/:eventId/custom-fields",
        element: (
          <AsMember accountRole={role}>
            <CustomFieldsPage />
          </AsMember>
        ),
      },
    ],
    { url: `/${language}/admin/events/${event.id}/custom-fields`, language },
  );
  return calls;
}

afterEach(cleanup);

describe("custom fields page", () => {
  it("lists fields by position and moves one down", async () => {
    const calls = open(() => ({ status: 200, body: { items: [], total: 0 } }));
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    expect(rows.slice(1).map((row) => row.querySelector("td")?.textContent)).toEqual(["Size", "Diet"]);
    expect(rows[2]?.textContent).toContain("Drop-down list");
    fireEvent.click(screen.getByRole("button", { name: "Move Size down" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${scopePath}/customfields/reorder`,
        body: { ids: [diet.id, size.id] },
      }),
    );
  });

  it("creates a choice field and shows the duplicate name message under the name, in Spanish", async () => {
    const message = "Este campo personalizado ya existe, cámbiele el nombre o elimínelo.";
    const calls = open(() => errorAnswer(409, "CUSTOM_FIELD_EXISTS", message, { name: message }), "organizer", "es");
    fireEvent.click(await screen.findByRole("button", { name: "Añadir un campo personalizado" }));
    const dialog = await screen.findByRole("dialog", { name: "Añadir un campo personalizado" });
    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: "Diet" } });
    fireEvent.click(within(dialog).getByRole("combobox", { name: "Tipo" }));
    fireEvent.click(await screen.findByRole("option", { name: "Opción múltiple", hidden: true }));
    fireEvent.click(await within(dialog).findByRole("button", { name: "Añadir una opción" }));
    fireEvent.change(within(dialog).getByLabelText("Opción 1"), { target: { value: "Vegano" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    const post = calls.find((call) => call.method === "POST");
    expect(post).toMatchObject({
      path: `${scopePath}/customfields`,
      body: { name: "Diet", type: "multiple_choice", required: false, choices: [{ label: "Vegano" }] },
    });
  });

  it("asks before deleting, and is read only for readers", async () => {
    const calls = open(() => ({ status: 200, body: { ok: true } }));
    fireEvent.click((await screen.findAllByRole("button", { name: "Delete Diet" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Delete the custom field" });
    expect(within(dialog).getByText("Delete the field Diet and the values guests gave for it?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`${scopePath}/customfields/${diet.id}`),
    );
    cleanup();
    open(() => ({ status: 500 }), "reader");
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: /Delete|Edit|Move/ })).toBeNull();
  });
});
