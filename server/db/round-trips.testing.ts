import net from "node:net";

/**
 * A proxy between the server and PostgreSQL that counts round trips: each time the server speaks again after
 * PostgreSQL answered (or first), on any of its connections. Statements pipelined behind one another go in one round
 * trip; a statement sent after waiting for an answer starts another. Round trips of connections used at the same time
 * add up. It counts the statements run too: each Bind of a prepared statement and each simple Query (`begin`,
 * `commit`), so writes that stop going out as one statement show.
 */
export async function roundTripCounter(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let roundTrips = 0;
  let statements = 0;
  let lastTraffic = Date.now();
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    let answered = true;
    const messages = frontendMessages((type) => {
      if (type === "B" || type === "Q") statements++;
    });
    for (const socket of [client, server]) {
      // As pg's own sockets: with Nagle's algorithm on, a short answer waited up to 40 ms for an acknowledgement here.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk) => {
      lastTraffic = Date.now();
      if (answered) roundTrips++;
      answered = false;
      server.write(chunk);
      messages.read(chunk);
    });
    server.on("data", (chunk) => {
      lastTraffic = Date.now();
      answered = true;
      client.write(chunk);
    });
    client.on("close", () => server.destroy());
    server.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxied = new URL(databaseUrl);
  proxied.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  return {
    url: proxied.toString(),
    /** The round trips and statements of `work`, which must run alone on the database meanwhile. */
    async of(work: () => Promise<unknown>): Promise<{ roundTrips: number; statements: number }> {
      const before = { roundTrips, statements };
      await work();
      return { roundTrips: roundTrips - before.roundTrips, statements: statements - before.statements };
    },
    /**
     * The fewest round trips and statements of `work` in `runs`, each run started once the database has been quiet
     * for `quietMs`: what a run sets off after its answer (a mail's kick 200 ms later, the job it queues) then falls
     * between runs, not into the next one (a database never quiet is waited for 10 times `quietMs` at most). The job
     * runner's polls may still fall into a run; the fewest leaves them out.
     */
    async fewest(runs: number, work: () => Promise<unknown>, quietMs = 500) {
      const fewest = { roundTrips: Number.POSITIVE_INFINITY, statements: Number.POSITIVE_INFINITY };
      for (let run = 0; run < runs; run++) {
        const giveUpAt = Date.now() + 10 * quietMs;
        while (Date.now() - lastTraffic < quietMs && Date.now() < giveUpAt) {
          await new Promise((resolve) => setTimeout(resolve, quietMs - (Date.now() - lastTraffic)));
        }
        const counted = await this.of(work);
        fewest.roundTrips = Math.min(fewest.roundTrips, counted.roundTrips);
        fewest.statements = Math.min(fewest.statements, counted.statements);
      }
      return fewest;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

/**
 * The types of the messages a client sends (PostgreSQL's frontend protocol: a type byte and a length, after a
 * startup message with a length only), given to `seen` as the bytes arrive, whatever chunks they come in.
 */
function frontendMessages(seen: (type: string) => void) {
  let pending = Buffer.alloc(0);
  let started = false;
  return {
    read(chunk: Buffer) {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const header = started ? 5 : 4;
        if (pending.length < header) return;
        const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0);
        if (pending.length < length) return;
        if (started) seen(String.fromCharCode(pending[0] as number));
        started = true;
        pending = pending.subarray(length);
      }
    },
  };
}
