// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../../../../contract/auth";
import type { ImportProgress, UploadedImport } from "../../../../contract/guest-imports";
import { errorAnswer, type FakeAnswer, type FakeRequest, fakeServer, renderPage } from "../../../ui/test-render";
import { AsMember, event, eventApiPath, scopePath } from "../../events/events.test-fixtures";
import { customField } from "../guests.test-fixtures";
import { GuestImportPage } from "./GuestImportPage";

const diet = customField();
const importsPath = `${scopePath}/imports`;
const importId = "55555555-5555-4555-8555-555555555555";
const progress = (overrides: Partial<ImportProgress>): ImportProgress => ({
  id: importId,
  fileName: "guests.csv",
  status: "running",
  onExistingEmail: "skip",
  totalRows: 120,
  processedRows: 0,
  createdCount: 0,
  updatedCount: 0,
  skippedCount: 0,
  errorCount: 0,
  failureReason: null,
  createdAt: "2026-03-01T09:00:00.000Z",
  finishedAt: null,
  ...overrides,
});
const uploaded: UploadedImport = {
  ...progress({ status: "uploaded" }),
  columns: ["Prénom", "Nom", "E-mail", "Régime"],
  sampleRows: [
    ["Ada", "Lovelace", "ada@example.com", "Vegetarian"],
    ["Alan", "Turing", "alan@example.com", ""],
    ["Grace", "Hopper", "grace@example.com", "Everything"],
    ["Kept", "Out", "fourth@example.com", ""],
  ],
  suggestedMapping: { "0": "firstName", "1": "lastName", "2": "email" },
};

/** Opens the wizard; `answer` gets the import calls, the event and its custom fields are answered here. */
function open(
  answer: (request: FakeRequest) => FakeAnswer,
  { role = "organizer", language = "en" }: { role?: AccountRole; language?: "en" | "fr" } = {},
) {
  const calls = fakeServer((request) => {
    if (request.path.startsWith(eventApiPath)) return { status: 200, body: event };
    if (request.path.startsWith(`${scopePath}/customfields`)) return { status: 200, body: { items: [diet], total: 1 } };
    return answer(request);
  });
  const view = renderPage(
    [
      {
        path: "events/:eventId/guests/import",
        element: (
          <AsMember accountRole={role}>
            <GuestImportPage />
          </AsMember>
        ),
      },
    ],
    { url: `/${language}/admin/events/${event.id}/guests/import`, language },
  );
  return { calls, router: view.router };
}

const csv = (name = "guests.csv", size = 40) => new File(["x".repeat(size)], name, { type: "text/csv" });
const dropFile = (file: File) =>
  fireEvent.drop(screen.getByTestId("import-drop-zone"), { dataTransfer: { files: [file] } });
const chooseFile = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });

/** Chooses in one column's Select: every column has its own list of options, found through aria-controls. */
async function pick(combobox: string, option: string) {
  const input = screen.getByRole("combobox", { name: combobox });
  fireEvent.click(input);
  const listbox = await waitFor(
    () => document.getElementById(input.getAttribute("aria-controls") ?? "") as HTMLElement,
  );
  fireEvent.click(within(listbox).getByRole("option", { name: option, hidden: true }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("guest import wizard", () => {
  it("uploads, matches the columns, then follows the job to its counts and report", async () => {
    // The job moves on only when the test says so: the page must show each state the poll brings.
    let job = progress({ processedRows: 60 });
    let polls = 0;
    const { calls, router } = open((request) => {
      if (request.method === "POST" && request.path === importsPath) return { status: 201, body: uploaded };
      if (request.method === "POST") return { status: 202, body: progress({ status: "queued" }) };
      if (request.path.endsWith("/report")) return { status: 200, body: "row,reason" };
      polls += 1;
      return { status: 200, body: job };
    });
    expect(await screen.findByText("CSV or XLSX, 10 MB at most.")).toBeTruthy();
    dropFile(csv());
    fireEvent.click(screen.getByRole("checkbox", { name: "The first row holds the column names" }));
    fireEvent.click(screen.getByRole("button", { name: "Upload the file" }));

    const table = await screen.findByRole("table");
    expect(screen.getByText("120 rows to import. Choose the guest field each column fills.")).toBeTruthy();
    const upload = calls.find((call) => call.method === "POST");
    expect(upload).toMatchObject({ path: importsPath, headers: { "x-has-headers": "0" } });
    expect(upload?.headers["content-type"]).toBeUndefined();
    const row = within(table).getByRole("row", { name: /Régime/ });
    expect(row.textContent).toContain("Vegetarian");
    expect(within(table).queryByText("fourth@example.com")).toBeNull();
    expect((screen.getByRole("combobox", { name: "Field for the column Prénom" }) as HTMLInputElement).value).toBe(
      "First name",
    );
    expect((screen.getByRole("combobox", { name: "Field for the column Régime" }) as HTMLInputElement).value).toBe(
      "Ignore this column",
    );
    await pick("Field for the column Régime", "Diet");
    fireEvent.click(screen.getByRole("radio", { name: "Update the guest with the row's values" }));
    fireEvent.click(screen.getByRole("button", { name: "Start the import" }));

    expect(await screen.findByText("60 of 120 rows processed", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith("/start"))).toMatchObject({
      path: `${importsPath}/${uploaded.id}/start`,
      body: {
        mapping: { "0": "firstName", "1": "lastName", "2": "email", "3": `customField:${diet.id}` },
        onExistingEmail: "update",
      },
    });
    expect(router.state.location.search).toBe(`?import=${uploaded.id}`);
    expect(screen.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow")).toBe("50");

    job = progress({ status: "completed", processedRows: 120, createdCount: 100, updatedCount: 15, errorCount: 5 });
    expect(
      await screen.findByText("Import completed: 120 of 120 rows processed.", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const counts = Object.fromEntries(
      screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ Created: "100", Updated: "15", Skipped: "0", Refused: "5" });
    expect(screen.getByRole("link", { name: "Back to the guest list" })).toBeTruthy();

    const createObjectURL = vi.fn(() => "blob:report");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const save = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "Download the report of refused rows" }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    expect(calls.at(-1)?.path).toBe(`${importsPath}/${uploaded.id}/report`);
    const pollsWhenDone = polls;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(polls).toBe(pollsWhenDone);
  });

  it("refuses a field chosen for two columns, under both", async () => {
    const { calls } = open(() => ({ status: 201, body: uploaded }));
    chooseFile(csv());
    fireEvent.click(await screen.findByRole("button", { name: "Upload the file" }));
    await screen.findByRole("table");
    await pick("Field for the column Régime", "First name");
    expect(screen.getAllByText("Another column is already matched to this field.")).toHaveLength(2);
    const start = screen.getByRole("button", { name: "Start the import" });
    expect(start.hasAttribute("disabled")).toBe(true);
    await pick("Field for the column Régime", "Company");
    expect(screen.queryByText("Another column is already matched to this field.")).toBeNull();
    fireEvent.click(start);
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("/start"))).toBe(true));
  });

  it("shows the server's refusal in the banner, in French, and checks type and size before sending", async () => {
    const tooBig = "Le fichier envoyé est trop volumineux.";
    const { calls } = open(() => errorAnswer(413, "FILE_TOO_BIG", tooBig), { language: "fr" });
    dropFile(csv("invités.pdf"));
    fireEvent.click(await screen.findByRole("button", { name: "Charger le fichier" }));
    expect(screen.getByText("Le type de fichier n'est pas accepté. Choisissez un fichier CSV ou XLSX.")).toBeTruthy();
    dropFile(csv("invités.csv", 10 * 1024 * 1024 + 1));
    fireEvent.click(screen.getByRole("button", { name: "Charger le fichier" }));
    expect(screen.getByText("Le fichier est trop volumineux. La limite est de 10 Mo.")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    dropFile(csv("invités.xlsx"));
    fireEvent.click(screen.getByRole("button", { name: "Charger le fichier" }));
    expect((await screen.findByRole("alert")).textContent).toContain(tooBig);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows a failed job's reason, and tells a reader the import is not for them", async () => {
    const { router } = open(() => ({
      status: 200,
      body: progress({ status: "failed", failureReason: "Server stopped." }),
    }));
    await router.navigate(`/en/admin/events/${event.id}/guests/import?import=${uploaded.id}`);
    expect(await screen.findByText("The import failed.")).toBeTruthy();
    expect(screen.getByText("Server stopped.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download the report of refused rows" })).toBeNull();
    cleanup();
    open(() => ({ status: 500 }), { role: "reader" });
    expect(await screen.findByText("Your role lets you see the guest list, not import guests.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upload the file" })).toBeNull();
  });
});
