import { expect, test } from "vitest";
import { deferred } from "../testing/deferred.js";
import { admissionGate } from "./admission.js";

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
