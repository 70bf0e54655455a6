// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CampaignAttachment } from "../../../contract/campaigns-editor";
import { fakeUploads } from "../../ui/fake-uploads";
import { errorAnswer } from "../../ui/test-render";
import { campaignPath, draftCampaign, openEditor } from "./campaigns.test-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const megabytes = (count: number) => Math.round(count * 1024 * 1024);
const programme: CampaignAttachment = {
  id: "f1",
  name: "programme.pdf",
  contentType: "application/pdf",
  size: megabytes(1.5),
};
const withProgramme = { ...draftCampaign, attachments: [programme] };
const picker = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pdf = (name: string, size: number) => {
  const file = new File(["%PDF"], name, { type: "application/pdf" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
const list = () => screen.getByRole("list");

describe("campaign attachments", () => {
  it("lists the files with their size and the 8 MB total, uploads one without losing unsaved edits", async () => {
    openEditor(withProgramme);
    expect(await screen.findByRole("button", { name: "Download programme.pdf" })).toBeTruthy();
    expect(within(list()).getByText("1.5 MB")).toBeTruthy();
    expect(screen.getByText("PDF, images or ZIP files, 8 MB in all: 1.5 MB used.")).toBeTruthy();
    const subject = screen.getByLabelText("Subject") as HTMLInputElement;
    fireEvent.change(subject, { target: { value: "Unsaved subject" } });

    const map: CampaignAttachment = { id: "f2", name: "map.png", contentType: "image/png", size: megabytes(2) };
    const sent = fakeUploads(() => ({ status: 201, body: map }));
    fireEvent.change(picker(), { target: { files: [pdf("map.png", map.size)] } });
    expect(await screen.findByRole("progressbar", { name: "Uploading the attachment" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Download map.png" })).toBeTruthy();
    const [upload] = sent;
    if (!upload) throw new Error("nothing uploaded");
    expect(new URL(upload.url).pathname).toBe(`/api/v1${campaignPath}/attachments`);
    expect((upload.body.get("file") as File).name).toBe("map.png");
    expect(screen.getByText("PDF, images or ZIP files, 8 MB in all: 3.5 MB used.")).toBeTruthy();
    expect(subject.value).toBe("Unsaved subject");
  });

  it("removes a file by saving the attachments that remain", async () => {
    const calls = openEditor(withProgramme, (request) =>
      request.method === "POST" && request.path === campaignPath
        ? { status: 200, body: { ...withProgramme, attachments: [] } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Remove programme.pdf" }));
    expect(await screen.findByText("No attachment.")).toBeTruthy();
    const save = calls.find((call) => call.method === "POST" && call.path === campaignPath);
    expect(save?.body).toEqual({ attachmentIds: [] });
  });

  it("refuses a file over the 8 MB total before sending it, and shows the server's refusal", async () => {
    openEditor(withProgramme);
    await screen.findByRole("button", { name: "Download programme.pdf" });
    const sent = fakeUploads(() => errorAnswer(413, "FILE_TOO_BIG", "The file uploaded is too big."));
    fireEvent.change(picker(), { target: { files: [pdf("film.pdf", megabytes(7))] } });
    expect((await screen.findByRole("alert")).textContent).toBe("The file uploaded is too big.");
    expect(sent).toHaveLength(0);

    fireEvent.change(picker(), { target: { files: [pdf("leaflet.pdf", megabytes(1))] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((await screen.findByRole("alert")).textContent).toBe("The file uploaded is too big.");
    expect(screen.queryByRole("button", { name: "Download leaflet.pdf" })).toBeNull();
  });
});
