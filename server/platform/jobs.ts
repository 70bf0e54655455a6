import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { z } from "zod";
import type { SqlExecutor } from "../db/connection.js";
import { isTransientConflict, isUniqueViolation } from "./errors.js";

/** A background job of a feature: its queue name, the payload it accepts, and what it does. */
export type JobDefinition<Schema extends z.ZodType> = {
  name: string;
  payload: Schema;
  handle(payload: z.infer<Schema>): Promise<void>;
  /** Cron expression (UTC) for jobs that also run on a schedule, such as sweeps. */
  cron?: string;
  /**
   * Jobs a worker takes at each poll, handled together (1 unless said). For short jobs queued by the dozen, such as a
   * campaign's batches: a worker waits out the poll interval after each take, so one job per take would idle it.
   * A handler that throws fails the whole take (each job is retried): its jobs must be safe to run again.
   */
  fetchSize?: number;
};

export type JobRunner = {
  /** Queues a job, to run as soon as a worker takes it, or not before `startAfter`. */
  send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.infer<Schema>,
    options?: { startAfter?: Date },
  ): Promise<void>;
  register<Schema extends z.ZodType>(job: JobDefinition<Schema>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * pg-boss on the application database: jobs survive a restart and two instances never run the same job twice.
 * Queues are declared on registration so any instance can send to them.
 */
export async function startJobRunner(options: {
  sql: SqlExecutor;
  logger: Logger;
  pollSeconds: number;
}): Promise<JobRunner> {
  /*
   * pg-boss records a job's outcome without awaiting it, so a handler ending as the runner stops can still write once
   * the database is closed (an unhandled "pool ended" rejection). Past stop() those writes are dropped: the job stays
   * active in the queue and is retried after it expires, as for any instance that stops mid-job. A dropped write never
   * answers: any answer (even an empty one) is read by pg-boss as a result and fails its unawaited bookkeeping.
   */
  let stopped = false;
  const executeSql: SqlExecutor["executeSql"] = (text, values) =>
    stopped ? new Promise(() => {}) : options.sql.executeSql(text, values);
  // A PgBoss that failed to start cannot start again: each attempt gets a new one.
  const boss = await retriedOnStartRace(async () => {
    const started = new PgBoss({
      db: { executeSql },
      // pg-boss keeps its cron clock safe across instances: a scheduled job is sent once per slot.
      schedule: true,
      supervise: true,
    });
    started.on("error", (error) => options.logger.error({ err: error }, "job runner error"));
    await started.start();
    return started;
  });
  return {
    async send(job, payload, { startAfter } = {}) {
      await boss.send(job.name, job.payload.parse(payload) as object, {
        retryLimit: 5,
        retryBackoff: true,
        ...(startAfter ? { startAfter } : {}),
      });
    },
    async register(job) {
      await retriedOnStartRace(() => boss.createQueue(job.name));
      const fetchSize = job.fetchSize ?? 1;
      await boss.work<unknown>(
        job.name,
        { pollingIntervalSeconds: options.pollSeconds, batchSize: fetchSize },
        async (batch) => {
          if (fetchSize > 1) {
            // Every job of the take runs to its end before the take answers, even when one of them fails.
            const outcomes = await Promise.allSettled(batch.map((entry) => job.handle(job.payload.parse(entry.data))));
            const failed = outcomes.find((outcome) => outcome.status === "rejected");
            if (failed) throw failed.reason;
            return;
          }
          for (const entry of batch) {
            await job.handle(job.payload.parse(entry.data));
          }
        },
      );
      if (job.cron) await boss.schedule(job.name, job.cron, {});
    },
    async stop() {
      // Running jobs get time to finish (PDFs of a large order on a busy machine) before the queue lets go.
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      stopped = true;
    },
  };
}

/**
 * Instances starting together on a new database install pg-boss's tables and create the same queues at the same
 * instant (WORKERS, or N replicas deployed at once). pg-boss guards most of it, yet the loser of a race can still
 * fail with a duplicate key or a deadlock although what it wanted to create is there now: it tries again.
 */
async function retriedOnStartRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !(isTransientConflict(error) || isUniqueViolation(error))) throw error;
    }
  }
}
