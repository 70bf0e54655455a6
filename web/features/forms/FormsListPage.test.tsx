// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormsListPage } from "./FormsListPage";
import { event, formsPath, openFormsPage, savedForm } from "./forms.test-fixtures";

const registration = savedForm({
  status: "updated",
  submissionCount: 12,
  options: { ...savedForm().options, online: true, opensAt: "2026-05-01T08:00:00.000Z" },
});
const survey = savedForm({
  id: "66666666-6666-4666-8666-666666666666",
  type: "survey",
  title: { fr: "Votre avis" },
  status: "draft",
});

const open = (forms = [registration, survey], answer = () => ({ status: 200, body: { ok: true } })) =>
  openFormsPage([{ path: "events/:eventId/forms", element: <FormsListPage /> }], `/en/admin/events/${event.id}/forms`, {
    forms,
    answer,
  }).calls;

afterEach(cleanup);

describe("forms list", () => {
  it("shows each form's type, status in words, opening date in the event's zone and submissions; filters by type", async () => {
    open();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]?.textContent).toContain("Gala registration");
    expect(rows[0]?.textContent).toContain("Registration form");
    expect(rows[0]?.textContent).toContain("Online, with unpublished changes");
    expect(rows[0]?.textContent).toContain("From May 1, 2026, 10:00 AM");
    expect(rows[0]?.textContent).toContain("12");
    // No English title: the form shows in the language it was written in.
    expect(rows[1]?.textContent).toContain("Votre avis");
    expect(rows[1]?.textContent).toContain("Draft, not published");
    fireEvent.click(screen.getByRole("combobox", { name: "Type of form" }));
    fireEvent.click(await screen.findByRole("option", { name: "Satisfaction survey", hidden: true }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(document.title).toBe("Forms of Summer gala · Eventdesk");
  });

  it("invites to create a form when there is none", async () => {
    open([]);
    expect(await screen.findByText(/No form yet/)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Create a form" }).length).toBeGreaterThan(0);
  });

  it("takes a form offline and deletes one after a confirmation", async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole("button", { name: "More actions for Gala registration" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Take offline" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")).toMatchObject({
        path: `${formsPath}/${registration.id}/options`,
        body: { online: false },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "More actions for Votre avis" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete the form" });
    expect(dialog.textContent).toContain("Delete the form Votre avis and its 0 submissions?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.find((call) => call.method === "DELETE")?.path).toBe(`${formsPath}/${survey.id}`));
  });
});
