// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Campaign } from "../../../contract/campaigns-editor";
import { campaignPath, draftCampaign, openEditor } from "./campaigns.test-fixtures";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("campaign editor", () => {
  it("shows the content, adds a block from the palette and saves it", async () => {
    const calls = openEditor(draftCampaign, (request) =>
      request.method === "POST" && request.path === campaignPath
        ? { status: 200, body: { ...draftCampaign, ...(request.body as object) } }
        : undefined,
    );
    const subject = (await screen.findByLabelText("Subject", {}, { timeout: 5000 })) as HTMLInputElement;
    expect(subject.value).toBe("You are invited");
    expect(await screen.findByTitle("Preview of the mail (en)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add the block" }));
    expect(screen.getAllByText("Text").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      const save = calls.find((call) => call.method === "POST" && call.path === campaignPath);
      expect(save).toBeTruthy();
      const body = save?.body as { content: Campaign["content"] };
      expect(body.content.en?.blocks.map((block) => block.type)).toEqual(["footer", "text"]);
    });
  });
});
