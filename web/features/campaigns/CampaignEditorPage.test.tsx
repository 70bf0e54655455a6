// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Campaign } from "../../../contract/campaigns-editor";
import { fakeServer, renderPage } from "../../ui/test-render";
import { AsMember } from "../events/events.test-fixtures";
import { event, scopePath } from "../guests/guests.test-fixtures";
import { CampaignEditorPage } from "./CampaignEditorPage";

const campaign: Campaign = {
  id: "c1",
  name: "Spring invitation",
  type: "invitation",
  status: "draft",
  template: "classic",
  sendingAt: null,
  sentAt: null,
  recipients: 0,
  sent: 0,
  createdAt: "2026-03-01T09:00:00.000Z",
  updatedAt: "2026-03-01T09:00:00.000Z",
  fromName: "Gala",
  senderId: null,
  replyEmail: null,
  content: { en: { subject: "You are invited", previewText: "", blocks: [{ type: "footer", text: "Bye" }] } },
  attachments: [],
  languages: ["en"],
  editable: true,
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("campaign editor", () => {
  it("shows the content, adds a block from the palette and saves it", async () => {
    const calls = fakeServer((request) => {
      if (request.path.endsWith("/senders")) return { status: 200, body: { items: [], total: 0 } };
      if (request.path.includes("/preview/"))
        return { status: 200, body: { subject: "x", previewText: "", html: "<p>Preview</p>", text: "x" } };
      if (request.method === "POST" && request.path === `${scopePath}/campaigns/c1`)
        return { status: 200, body: { ...campaign, ...(request.body as object) } };
      return { status: 200, body: campaign };
    });
    renderPage(
      [
        {
          path: "events/:eventId/campaigns/:campaignId",
          element: (
            <AsMember accountRole="organizer">
              <CampaignEditorPage />
            </AsMember>
          ),
        },
      ],
      { url: `/en/admin/events/${event.id}/campaigns/c1` },
    );
    const subject = (await screen.findByLabelText("Subject", {}, { timeout: 5000 })) as HTMLInputElement;
    expect(subject.value).toBe("You are invited");
    expect(await screen.findByTitle("Preview of the mail (en)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add the block" }));
    expect(screen.getAllByText("Text").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      const save = calls.find((call) => call.method === "POST" && call.path === `${scopePath}/campaigns/c1`);
      expect(save).toBeTruthy();
      const body = save?.body as { content: Campaign["content"] };
      expect(body.content.en?.blocks.map((block) => block.type)).toEqual(["footer", "text"]);
    });
  });
});
