import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckinLiveMessage } from "../../../contract/checkin.js";
import { buildApp, closeContext, createContext } from "../../app.js";
import { clientOf, openDatabase } from "../../db/connection.js";
import { registerTenants } from "../../testing/fixtures.js";
import { madeBeforeAll, testAppForFile } from "../../testing/test-app.js";
import {
  checkinScene,
  createAccessCode,
  createCheckinSession,
  deviceHeaders,
  joinWithCode,
} from "./checkin.testing.js";

const t = testAppForFile();
const tenants = madeBeforeAll(() => registerTenants(t));
const base = madeBeforeAll(async () => ({ url: await listening(t.app) }));
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  // fetch keeps its connections to the listening server alive: close them, or the app's close waits for them.
  t.app.server.closeAllConnections();
});

async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/** An open server-sent-event stream: the messages received so far, and a wait for the one a test expects. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: CheckinLiveMessage[] = [];
  let text = "";
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      const blocks = text.split("\n\n");
      text = blocks.pop() ?? "";
      for (const block of blocks) {
        if (block.startsWith("data: ")) messages.push(JSON.parse(block.slice("data: ".length)));
      }
    }
  })();
  const next = async (matches: (message: CheckinLiveMessage) => boolean, withinMs = 1000) => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const found = messages.find(matches);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching message within ${withinMs} ms: ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const close = async () => {
    controller.abort();
    await reading;
  };
  stops.push(close);
  return { response, messages, next, close };
}

const scan = (headers: Record<string, string>, guestId: string) =>
  t.request({ method: "POST", url: "/api/v1/public/checkin/scan", headers, body: { scanId: randomUUID(), guestId } });

describe("live check-in screens", () => {
  it("streams each check-in and undo to the organizer's screen and to the session's devices within a second", async () => {
    const { event, guests, session, headers, deviceToken } = await checkinScene(t, tenants.owner, { guests: 2 });
    const side = await createCheckinSession(t, tenants.owner.token, event, { name: "Side" });
    const sideToken = (await joinWithCode(t, (await createAccessCode(t, tenants.owner.token, event, side.id)).code))
      .deviceToken;
    const organizer = await openStream(`${base.url}${event.sessions}/${session.id}/live`, {
      authorization: `Bearer ${tenants.owner.token}`,
    });
    expect(organizer.response.status).toBe(200);
    expect(organizer.response.headers.get("content-type")).toContain("text/event-stream");
    const device = await openStream(`${base.url}/api/v1/public/checkin/live?device=${deviceToken}`);
    const sideDevice = await openStream(`${base.url}/api/v1/public/checkin/live?device=${sideToken}`);

    const accepted = await scan(headers, guests[0]?.id ?? "");
    const checkinId = accepted.body.checkin.checkinId;
    for (const screen of [organizer, device]) {
      const message = await screen.next((candidate) => candidate.arrival?.checkinId === checkinId);
      expect(message).toMatchObject({
        sessionId: session.id,
        checkedIn: 1,
        arrival: { guestId: guests[0]?.id, name: "Guest 1", sessionName: "Main door", source: "live", flagged: false },
      });
    }
    // A device follows its own session only; the organizer's screen hears the whole event, counting its own session.
    const sideScan = await scan(deviceHeaders(sideToken), guests[1]?.id ?? "");
    await sideDevice.next((message) => message.arrival?.checkinId === sideScan.body.checkin.checkinId);
    const elsewhere = await organizer.next((message) => message.sessionId === side.id);
    expect(elsewhere.checkedIn).toBe(1);
    expect(device.messages.some((message) => message.sessionId === side.id)).toBe(false);

    await t.request({
      method: "POST",
      url: "/api/v1/public/checkin/scan",
      headers,
      body: { undoCheckinId: checkinId },
    });
    const undone = await device.next((message) => message.arrival === null && message.checkedIn === 0);
    expect(undone.sessionId).toBe(session.id);
  });

  it("refuses a stream to a signed-out device and to another account", async () => {
    const { event, session } = await checkinScene(t, tenants.owner);
    const signedOut = await fetch(`${base.url}/api/v1/public/checkin/live?device=${"x".repeat(43)}`);
    expect(signedOut.status).toBe(401);
    const outsider = await fetch(`${base.url}${event.sessions}/${session.id}/live`, {
      headers: { authorization: `Bearer ${tenants.other.token}` },
    });
    expect(outsider.status).toBe(404);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "shows a scan made on one instance on the streams of another instance of the same database",
    async () => {
      const { event, guests, session, headers } = await checkinScene(t, tenants.owner);
      const pool = clientOf(t.context.db) as pg.Pool;
      const secondContext = await createContext(
        t.context.config,
        await openDatabase({ url: pool.options.connectionString }),
      );
      const secondApp = await buildApp(secondContext);
      stops.unshift(async () => {
        await secondApp.close();
        await closeContext(secondContext);
      });
      const secondUrl = await listening(secondApp);
      const watching = await openStream(`${secondUrl}${event.sessions}/${session.id}/live`, {
        authorization: `Bearer ${tenants.owner.token}`,
      });
      expect(watching.response.status).toBe(200);
      const accepted = await scan(headers, guests[0]?.id ?? "");
      const message = await watching.next(
        (candidate) => candidate.arrival?.checkinId === accepted.body.checkin.checkinId,
      );
      expect(message.checkedIn).toBe(1);
    },
  );
});
