// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Font } from "../../../contract/fonts";
import { errorAnswer, fakeServer, renderPage } from "../../ui/test-render";
import { As, accountId } from "./accounts.test-fixtures";
import { FontsPage } from "./FontsPage";

const base = `/accounts/${accountId}/fonts`;
const font: Font = {
  id: "44444444-4444-4444-8444-444444444444",
  accountId,
  name: "Brand",
  type: "regular",
  alternateFont: "Arial",
  active: true,
  url: "https://events.example.test/api/v1/fonts/55555555-5555-4555-8555-555555555555.woff2",
  size: 43236,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

function open(role: "overseer" | "reader" = "overseer") {
  return renderPage(
    [
      {
        path: "account/fonts",
        element: (
          <As accountRole={role}>
            <FontsPage />
          </As>
        ),
      },
    ],
    { url: "/en/admin/account/fonts", language: "en" },
  );
}

afterEach(cleanup);

describe("Fonts page", () => {
  it("lists the fonts with a sample, saves a new name and shows why a used font is not deleted", async () => {
    const calls = fakeServer((request) => {
      if (request.method === "DELETE") {
        return errorAnswer(409, "FONT_NOT_DELETED", "The font could not be deleted: an e-badge uses it.");
      }
      if (request.method === "POST") return { status: 200, body: { ...font, ...(request.body as object) } };
      return { status: 200, body: { items: [font], total: 1 } };
    });
    open();
    const name = await screen.findByLabelText("Name", {}, { timeout: 15_000 });
    expect(screen.getByText(/The quick brown fox/)).toBeTruthy();
    expect(document.title).toBe("Fonts · Eventdesk");
    fireEvent.change(name, { target: { value: "Brand serif" } });
    fireEvent.blur(name);
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${base}/${font.id}`,
        body: { name: "Brand serif" },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(dialog.querySelector("button.mantine-Button-root:last-of-type") as HTMLElement);
    expect(await screen.findByText("The font could not be deleted: an e-badge uses it.")).toBeTruthy();
  });

  it("shows a reader the fonts without the upload or the delete button", async () => {
    fakeServer(() => ({ status: 200, body: { items: [font], total: 1 } }));
    open("reader");
    expect(((await screen.findByLabelText("Name", {}, { timeout: 15_000 })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText("Add font")).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
