import pg from "pg";
import type { Logger } from "pino";
import { clientOf, type DatabaseHandle, pgliteOf } from "../db/connection.js";

/**
 * PostgreSQL LISTEN/NOTIFY for the whole process: one listening connection, however many screens follow a channel, so
 * that a change written by any instance (a statement that calls `pg_notify(channel, payload)`) reaches the screens open
 * on every instance. On a PostgreSQL server it is a dedicated client made from the pool's own settings, opened at the
 * first `listen` and opened again after a drop (what was notified while it was down is lost: a screen's counts catch
 * up at the next message, and its list at the next read). The embedded PGlite listens on its one connection.
 */
export type LiveUpdates = {
  /** `onPayload` hears every payload notified on `channel`, until the returned function is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
};

const reconnectDelayMs = 1000;

export function liveUpdates(database: DatabaseHandle, logger: Logger): LiveUpdates {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const hear = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        logger.error({ err: error, channel }, "a live update listener failed");
      }
    }
  };
  const connection = openListening(database, logger, hear);

  return {
    async listen(channel, onPayload) {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await connection.listen(channel);
      }
      channelListeners.add(onPayload);
      return () => {
        channelListeners.delete(onPayload);
      };
    },
    close: () => connection.close(),
  };
}

type Listening = { listen(channel: string): Promise<void>; close(): Promise<void> };

function openListening(
  database: DatabaseHandle,
  logger: Logger,
  hear: (channel: string, payload: string) => void,
): Listening {
  const pglite = pgliteOf(database.db);
  if (pglite) {
    const stops: Array<() => Promise<void>> = [];
    return {
      async listen(channel) {
        stops.push(await pglite.listen(channel, (payload) => hear(channel, payload)));
      },
      async close() {
        // A closed PGlite has dropped its listeners with it.
        if (!pglite.closed) await Promise.all(stops.map((stop) => stop()));
      },
    };
  }
  const client = clientOf(database.db);
  if (client instanceof pg.Pool) return serverListening(client, logger, hear);
  throw new Error("live updates need the database's pool or PGlite");
}

/** A dedicated client of the PostgreSQL server: LISTEN holds its connection, so it cannot be one of the pool's. */
function serverListening(pool: pg.Pool, logger: Logger, hear: (channel: string, payload: string) => void): Listening {
  const channels = new Set<string>();
  let current: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = (): Promise<pg.Client> => {
    const client = new pg.Client(pool.options);
    client.on("notification", (message) => hear(message.channel, message.payload ?? ""));
    const dropped = (error?: Error) => {
      if (closed || current === undefined) return;
      logger.warn({ err: error }, "the live updates connection dropped: listening again");
      current = undefined;
      client.removeAllListeners();
      client.on("error", () => {});
      void client.end().catch(() => {});
      retry = setTimeout(() => {
        if (!closed && channels.size > 0) void connected().catch(() => {});
      }, reconnectDelayMs);
    };
    client.on("error", dropped);
    client.on("end", () => dropped());
    return (async () => {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${quoted(channel)}`);
      return client;
    })();
  };
  const connected = () => {
    current ??= connect().catch((error: unknown) => {
      current = undefined;
      if (!closed) {
        logger.warn({ err: error }, "the live updates connection could not open: trying again");
        retry = setTimeout(() => void connected().catch(() => {}), reconnectDelayMs);
      }
      throw error;
    });
    return current;
  };

  return {
    async listen(channel) {
      channels.add(channel);
      const client = await connected();
      await client.query(`listen ${quoted(channel)}`);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = await current?.catch(() => undefined);
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/** LISTEN takes a name, not a value: the platform's channels are plain words, quoted as identifiers all the same. */
const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
