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
 */
export function admissionGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function admitted<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    // The place is handed over by the call that leaves it, so `running` stays counted.
    else await new Promise<void>((enter) => waiting.push(enter));
    await new Promise<void>((nextTurn) => setImmediate(nextTurn));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
