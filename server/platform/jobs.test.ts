import pg from "pg";
import pino from "pino";
import { expect, test } from "vitest";
import { z } from "zod";
import { createScratchDatabase } from "../testing/scratch-database.js";
import { type JobRunner, startJobRunner } from "./jobs.js";

const job = { name: "jobs-test.noop", payload: z.object({}), handle: async () => {} };

// PGlite belongs to one process: instances racing each other need a PostgreSQL server.
test.skipIf(!process.env.TEST_DATABASE_URL)(
  "instances starting at the same instant on a new database all start and declare the same queue",
  { timeout: 120_000 },
  async () => {
    for (let round = 0; round < 5; round++) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? "", "jobs");
      const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: scratch.url, max: 3 }));
      // The scratch database is dropped with force at the end: its last connections are cut, as a restart would.
      for (const pool of pools) pool.on("error", () => {});
      const runners: JobRunner[] = [];
      try {
        const started = await Promise.all(
          pools.map((pool) =>
            startJobRunner({
              sql: { executeSql: (text, values) => pool.query(text, values) },
              logger: pino({ level: "silent" }),
              pollSeconds: 30,
            }),
          ),
        );
        runners.push(...started);
        await Promise.all(runners.map((runner) => runner.register(job)));
        const queues = await pools[0]?.query("select name from pgboss.queue where name = $1", [job.name]);
        expect(queues?.rows).toHaveLength(1);
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
        await Promise.all(pools.map((pool) => pool.end()));
        await scratch.drop();
      }
    }
  },
);
