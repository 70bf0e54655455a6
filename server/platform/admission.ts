import type { FastifyReply } from "fastify";
import { ClientGoneError } from "./errors.js";

/**
 * At most `limit` calls of a kind under way at once in this process; the others wait their turn, first come first
 * served. What it is for: a crowd's requests otherwise all queue for the database's connections, and a request that
 * comes after them (a buyer paying the units a cart holds) waits behind the whole crowd. Gated, the crowd waits here,
 * and the database's queue holds at most `limit` of them.
 *
 * An admitted call starts on a later turn of the event loop, never in the callback that read its request. On the
 * embedded database a call's statements wait for no I/O: started there, a cart ran to its end inside its request's
 * callback, the gate never held anyone, and a rush was served one request at a time in the order the sockets became
 * readable, the winners' checkouts after the whole crowd (their p95 5-6 s in a rush of 2,000 for 100). Started later,
 * the loop reads every request that has arrived first: the crowd queues here, and a checkout goes straight on.
 *
 * A waiting call whose client leaves (`abandoned` aborts: a closed tab, a proxy that timed out) leaves the line with
 * `ClientGoneError` and never runs: run, a new cart would hold its units for the whole reservation time for nobody,
 * and take a place the buyers behind it wait for. There is no time limit of the gate's own: a buyer who waits keeps
 * their place, which an answer "try again" would send to the back of the line.
 */
export function admissionGate(limit: number) {
  let running = 0;
  // In the order they came (a Set keeps it), each call's way in; a call that leaves is taken out at once.
  const waiting = new Set<() => void>();
  return async function admitted<T>(work: () => Promise<T>, abandoned?: AbortSignal): Promise<T> {
    if (abandoned?.aborted) throw new ClientGoneError();
    if (running < limit) running++;
    // The place is handed over by the call that leaves it, so `running` stays counted.
    else await waitForPlace(waiting, abandoned);
    await new Promise<void>((nextTurn) => setImmediate(nextTurn));
    try {
      return await work();
    } finally {
      const [next] = waiting;
      if (next) {
        waiting.delete(next);
        next();
      } else running--;
    }
  };
}

function waitForPlace(waiting: Set<() => void>, abandoned: AbortSignal | undefined) {
  return new Promise<void>((enter, leave) => {
    const leaveLine = () => {
      waiting.delete(admit);
      leave(new ClientGoneError());
    };
    const admit = () => {
      abandoned?.removeEventListener("abort", leaveLine);
      enter();
    };
    waiting.add(admit);
    abandoned?.addEventListener("abort", leaveLine, { once: true });
  });
}

/** Aborts when the client of `reply` goes away before its answer is written (the connection closed under it). */
export function clientLeaving(reply: FastifyReply): AbortSignal {
  const left = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) left.abort();
  });
  return left.signal;
}
