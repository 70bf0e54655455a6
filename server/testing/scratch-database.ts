import { randomBytes } from "node:crypto";
import pg from "pg";

async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of its own on a PostgreSQL server (or a copy of `template`, a database of that server nobody is
 * connected to), dropped when done: each test file and each benchmark runs on one, so none reads another's rows or
 * waits on the vacuum of another's.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
