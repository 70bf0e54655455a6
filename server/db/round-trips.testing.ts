import net from "node:net";

/**
 * A proxy between the server and PostgreSQL that counts round trips: each time the server speaks again after
 * PostgreSQL answered (or first), on any of its connections. Statements pipelined behind one another go in one round
 * trip; a statement sent after waiting for an answer starts another. Round trips of connections used at the same time
 * add up.
 */
export async function roundTripCounter(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let roundTrips = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    let answered = true;
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk) => {
      if (answered) roundTrips++;
      answered = false;
      server.write(chunk);
    });
    server.on("data", (chunk) => {
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
    /** The round trips of `work`, which must run alone on the database meanwhile. */
    async of(work: () => Promise<unknown>): Promise<number> {
      const before = roundTrips;
      await work();
      return roundTrips - before;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
