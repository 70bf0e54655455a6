import net from "node:net";
import Fastify from "fastify";
import { expect, test } from "vitest";
import { deferred } from "../testing/deferred.js";
import { admissionGate, clientLeaving } from "./admission.js";
import { ClientGoneError } from "./errors.js";

/** A call that runs until `finish()` is called, and says when it started. */
function heldCall(log: string[], name: string) {
  const done = deferred();
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done.promise;
      return name;
    },
    finish: done.resolve,
  };
}

/** A few turns of the event loop: an admitted call starts on the turn after its admission. */
const settled = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

test("runs at most `limit` calls at once, and the others in the order they came", async () => {
  const admitted = admissionGate(2);
  const log: string[] = [];
  const calls = ["a", "b", "c", "d"].map((name) => heldCall(log, name));
  const answers = calls.map((call) => admitted(call.work));
  await settled();
  expect(log).toEqual(["start a", "start b"]);
  calls[1]?.finish();
  await settled();
  expect(log).toEqual(["start a", "start b", "start c"]);
  calls[0]?.finish();
  await settled();
  expect(log).toEqual(["start a", "start b", "start c", "start d"]);
  calls[2]?.finish();
  calls[3]?.finish();
  expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d"]);
});

test("a call that fails gives its place back, and its caller gets its error", async () => {
  const admitted = admissionGate(1);
  const failing = admitted(async () => {
    throw new Error("refused");
  });
  const next = admitted(async () => "next");
  await expect(failing).rejects.toThrow("refused");
  expect(await next).toBe("next");
  // The place is free again: a call made now runs at once.
  const log: string[] = [];
  const call = heldCall(log, "alone");
  const answer = admitted(call.work);
  await settled();
  expect(log).toEqual(["start alone"]);
  call.finish();
  expect(await answer).toBe("alone");
});

test("an admitted call starts on a later turn of the event loop, after all its caller's turn runs", async () => {
  const admitted = admissionGate(1);
  const log: string[] = [];
  const answer = admitted(async () => {
    log.push("admitted call");
    return "done";
  });
  // What the caller's turn runs after it (the microtasks of another request read in the same turn) comes first.
  for (let microtask = 0; microtask < 20; microtask++) await Promise.resolve();
  log.push("rest of the turn");
  await settled();
  expect(log).toEqual(["rest of the turn", "admitted call"]);
  expect(await answer).toBe("done");
});

test("a waiting call whose client leaves leaves the line: it never runs, and the call behind it takes its place", async () => {
  const admitted = admissionGate(1);
  const log: string[] = [];
  const first = heldCall(log, "first");
  const leaving = heldCall(log, "leaving");
  const behind = heldCall(log, "behind");
  const leaves = new AbortController();
  const firstAnswer = admitted(first.work);
  const leavingAnswer = admitted(leaving.work, leaves.signal);
  const stays = new AbortController();
  const behindAnswer = admitted(behind.work, stays.signal);
  await settled();
  leaves.abort();
  await expect(leavingAnswer).rejects.toBeInstanceOf(ClientGoneError);
  first.finish();
  await settled();
  expect(log).toEqual(["start first", "start behind"]);
  expect(await firstAnswer).toBe("first");
  // Leaving once admitted changes nothing: the call runs to its end.
  stays.abort();
  behind.finish();
  expect(await behindAnswer).toBe("behind");
  // A client already gone is refused before it takes a place: the place is free for the next call.
  const gone = new AbortController();
  gone.abort();
  await expect(admitted(async () => "never", gone.signal)).rejects.toBeInstanceOf(ClientGoneError);
  const alone = heldCall(log, "alone");
  const answer = admitted(alone.work);
  await settled();
  expect(log.at(-1)).toBe("start alone");
  alone.finish();
  expect(await answer).toBe("alone");
});

test("clientLeaving aborts when the connection closes before the answer, not once the answer is written", async () => {
  const app = Fastify();
  const signals: AbortSignal[] = [];
  const answered = deferred();
  app.get("/wait", async (_request, reply) => {
    const signal = clientLeaving(reply);
    signals.push(signal);
    await new Promise((leave) => signal.addEventListener("abort", leave));
    return "too late";
  });
  app.get("/answer", async (_request, reply) => {
    signals.push(clientLeaving(reply));
    reply.raw.once("close", () => answered.resolve());
    return "ok";
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const { port } = app.server.address() as net.AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/answer`, { headers: { connection: "close" } })).text()).toBe(
      "ok",
    );
    await answered.promise;
    const socket = net.connect(port, "127.0.0.1");
    socket.write("GET /wait HTTP/1.1\r\nhost: localhost\r\n\r\n");
    await expect.poll(() => signals.length).toBe(2);
    socket.destroy();
    await expect.poll(() => signals[1]?.aborted).toBe(true);
    expect(signals[0]?.aborted).toBe(false);
  } finally {
    await app.close();
  }
});
