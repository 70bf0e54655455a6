import { describe, expect, it } from "vitest";
import { registerAccount } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { runBatch } from "./ebadge-batches.js";
import { ebadgesUrl, pageTexts, pdfOf } from "./ebadges.testing.js";

const t = testAppForFile({ EBADGE_CHUNK_SIZE: "5" });
const owner = madeBeforeAll(() => registerAccount(t));

const lastNames = Array.from({ length: 40 }, (_, index) => `Guest${String(index).padStart(2, "0")}`);

describe("badge batches", () => {
  it("ends with one page per guest when several workers draw the same batch at once", async () => {
    const event = await guestEvent(t, owner);
    const url = ebadgesUrl(owner.accountId, event.id);
    const send = (method: "GET" | "POST", path: string, body?: unknown) =>
      t.request({ method, url: path, token: owner.token, body });
    const badge = await send("POST", url, {
      name: "Visitor",
      blocks: [
        { id: "name", kind: "field", field: "lastName", x: 10, y: 40, width: 190, height: 20 },
        { id: "qr", kind: "qr", x: 70, y: 150, width: 70, height: 70 },
      ],
    });
    expect(badge.status).toBe(201);
    for (const lastName of lastNames) {
      await addGuest(t, owner.token, event.users, { firstName: "Ada", lastName, status: "confirmed" });
    }
    const batch = await send("POST", `${url}/batches`, {});
    expect(batch.status).toBe(202);
    // The queued job, a job sent again at start-up and an expired one retried: workers drawing one batch together.
    const workers = Promise.all([1, 2, 3].map(() => runBatch(t.context, batch.body.id)));
    let working = true;
    void workers.finally(() => {
      working = false;
    });
    // The late workers end while the organizer downloads the PDF: each download reads it whole.
    const fileUrl = `${url}/batches/${batch.body.id}/file`;
    const downloads: string[][] = [];
    while (working) {
      const file = await pdfOf(t, fileUrl, owner.token);
      if (file.status === 200) downloads.push(await pageTexts(file.bytes));
      // The workers' file writes wait for the next turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await workers;
    const ended = (await send("GET", `${url}/batches/${batch.body.id}`)).body;
    expect(ended).toMatchObject({ status: "done", done: 40, total: 40 });
    downloads.push(await pageTexts((await pdfOf(t, fileUrl, owner.token)).bytes));
    for (const pages of downloads) expect(pages).toEqual(lastNames);
  });
});
