/**
 * At most `limit` calls of a kind under way at once in this process; the others wait their turn, first come first
 * served. What it is for: a crowd's requests otherwise all queue for the database's connections, and a request that
 * comes after them (a buyer paying the units a cart holds) waits behind the whole crowd. Gated, the crowd waits here,
 * and the database's queue holds at most `limit` of them.
 */
export function admissionGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function admitted<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    // The place is handed over by the call that leaves it, so `running` stays counted.
    else await new Promise<void>((enter) => waiting.push(enter));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
