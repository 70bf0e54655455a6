import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { crashGround } from "../../testing/crash-ground.js";
import { registerAccount } from "../../testing/fixtures.js";
import { requestsTo, type ServerProcess } from "../../testing/processes.js";
import { waitFor } from "../../testing/smtp.js";
import { addGuest, guestEvent } from "../guests/guests.testing.js";
import { ebadgeBatches } from "./ebadges.tables.js";
import { ebadgesUrl, pageTexts } from "./ebadges.testing.js";

/*
 * Long work survives a restart (issue 20): the server (server/main.ts, as `npm start` runs it) is killed with SIGKILL
 * while it draws a batch of badges, after its first chunk is counted and before its last, then started again on the
 * same database: the batch goes on from its last counted chunk and ends with one page per guest, none twice, and its
 * progress never goes back. On the embedded database (a data folder), and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const guestCount = 150;
const chunkSize = 10;
const lastNames = Array.from({ length: guestCount }, (_, index) => `Guest${String(index).padStart(3, "0")}`);

describe("a server killed while it draws a batch of badges", () => {
  const ground = crashGround("ebadge-batch-crash");
  const start = () => ground.start({ EBADGE_CHUNK_SIZE: String(chunkSize) });

  test("goes on from its last counted chunk after a restart: one page per guest, progress never back", {
    timeout: 240_000,
  }, async () => {
    const first = await start();
    const client = requestsTo(first);
    const owner = await registerAccount(client);
    const event = await guestEvent(client, owner, { name: "Crash gala" });
    const url = ebadgesUrl(owner.accountId, event.id);
    const badge = await client.request({
      method: "POST",
      url,
      token: owner.token,
      body: {
        name: "Visitor",
        blocks: [
          { id: "name", kind: "field", field: "lastName", x: 10, y: 40, width: 190, height: 20 },
          { id: "qr", kind: "qr", x: 70, y: 150, width: 70, height: 70 },
        ],
      },
    });
    expect(badge.status, JSON.stringify(badge.body)).toBe(201);
    // Added out of order: the batch prints by name.
    for (const lastName of [...lastNames].reverse()) {
      await addGuest(client, owner.token, event.users, { firstName: "Ada", lastName, status: "confirmed" });
    }

    const created = await client.request({ method: "POST", url: `${url}/batches`, token: owner.token, body: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.total).toBe(guestCount);
    const batchUrl = `${url}/batches/${created.body.id}`;
    const progress = async (server: ServerProcess) =>
      (await requestsTo(server).request({ method: "GET", url: batchUrl, token: owner.token })).body as {
        status: string;
        done: number;
        total: number;
      };
    // Killed as soon as a chunk is counted: most of the batch is still to draw.
    await waitFor(
      async () => ((await progress(first)).done >= chunkSize ? true : undefined),
      "the first chunk",
      60_000,
    );
    first.child.kill("SIGKILL");
    await first.exited;

    const [stopped] = await ground.withDatabase(({ db }) =>
      db.select().from(ebadgeBatches).where(eq(ebadgeBatches.id, created.body.id)),
    );
    expect(stopped?.status).toBe("running");
    const doneAtKill = stopped?.done ?? 0;
    expect(doneAtKill % chunkSize).toBe(0);
    expect(doneAtKill).toBeGreaterThanOrEqual(chunkSize);
    expect(doneAtKill).toBeLessThan(guestCount);

    const second = await start();
    const seen = [doneAtKill];
    const finished = await waitFor(
      async () => {
        const now = await progress(second);
        seen.push(now.done);
        return now.status === "done" || now.status === "failed" ? now : undefined;
      },
      `the batch to end after the restart (server said: ${second.output().slice(-2000)})`,
      120_000,
    );
    expect(finished).toMatchObject({ status: "done", done: guestCount, total: guestCount });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const file = await fetch(`${second.url}${batchUrl}/file`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.status).toBe(200);
    // Every guest's page once, in name order: no chunk lost, none drawn twice into the PDF.
    expect(await pageTexts(new Uint8Array(await file.arrayBuffer()))).toEqual(lastNames);
  });
});
