import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { isUniqueViolation } from "../platform/errors.js";
import { rateLimitBuckets } from "../platform/rate-limit.tables.js";
import { bucketKeys, databaseWithBuckets, insertBucket } from "./buckets.testing.js";
import { preparedWrite } from "./prepared.js";
import { StatementAfterCommitError, unitOfWork, unitOfWorkAfter } from "./unit-of-work.js";

/*
 * A unit of work behaves the same on both databases (this file runs on each): its writes go out ahead of its next
 * statement, in the order sent, its last statement carries the commit, and a failure anywhere leaves nothing behind.
 */

const db = databaseWithBuckets("unit-");
const keys = () => bucketKeys(db(), "unit-");
const hitsOf = (key: string) =>
  db().select({ hits: rateLimitBuckets.hits }).from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));

describe("a unit of work", () => {
  test("sends its writes ahead of its next statement, which sees them, and commits with its last statement", async () => {
    const answer = await unitOfWork(db(), async (unit) => {
      unit.send(() => insertBucket(unit.tx, "unit-a", 1));
      unit.send(() => unit.tx.update(rateLimitBuckets).set({ hits: 2 }).where(eq(rateLimitBuckets.key, "unit-a")));
      const [seen] = await unit.tx
        .select({ hits: rateLimitBuckets.hits })
        .from(rateLimitBuckets)
        .where(eq(rateLimitBuckets.key, "unit-a"));
      expect(seen).toEqual({ hits: 2 });
      unit.send(() => insertBucket(unit.tx, "unit-b", 5));
      return unit.commitWith(() =>
        unit.tx.select({ count: sql<number>`count(*)::int` }).from(rateLimitBuckets).where(sql`key like 'unit-%'`),
      );
    });
    expect(answer).toEqual([{ count: 2 }]);
    expect(await keys()).toEqual(["unit-a", "unit-b"]);
  });

  test("fails with the first write that failed, in the order sent, and leaves nothing written", async () => {
    await insertBucket(db(), "unit-taken", 1);
    const failure = await unitOfWork(db(), async (unit) => {
      unit.send(() => insertBucket(unit.tx, "unit-c", 1));
      unit.send(() => insertBucket(unit.tx, "unit-taken", 1)); // a duplicate key
      unit.send(() => insertBucket(unit.tx, "unit-d", 1)); // skipped: the transaction is aborted
      return unit.commitWith(() => unit.tx.select().from(rateLimitBuckets));
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failure, "rate_limit_buckets_pkey")).toBe(true);
    expect(await keys()).toEqual(["unit-taken"]);
  });

  test("refuses a statement sent after its commit rather than run it outside the transaction", async () => {
    let late: Promise<unknown> | undefined;
    await unitOfWork(db(), async (unit) => {
      await unit.commitWith(() => insertBucket(unit.tx, "unit-e", 1));
      late = Promise.resolve(insertBucket(unit.tx, "unit-late", 1));
    });
    // Drizzle may wrap the refusal in its own error, as its cause.
    const refusal = (await late?.then(
      () => undefined,
      (error: Error) => error,
    )) as Error | undefined;
    expect(refusal instanceof StatementAfterCommitError || refusal?.cause instanceof StatementAfterCommitError).toBe(
      true,
    );
    expect(await keys()).toEqual(["unit-e"]);
  });

  test("rolls back whatever its work wrote when the work throws", async () => {
    const refusal = new Error("refused");
    await expect(
      unitOfWork(db(), async (unit) => {
        await insertBucket(unit.tx, "unit-f", 1);
        unit.send(() => insertBucket(unit.tx, "unit-g", 1));
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await keys()).toEqual([]);
  });

  test("undoes a savepoint's writes when it throws, and goes on to commit the rest", async () => {
    const refused = await unitOfWork(db(), async (unit) => {
      unit.send(() => insertBucket(unit.tx, "unit-h", 1));
      const outcome = await unit
        .savepoint(async () => {
          await insertBucket(unit.tx, "unit-i", 1);
          await insertBucket(unit.tx, "unit-h", 1); // a duplicate key: the savepoint is undone
        })
        .catch(() => "refused");
      unit.send(() => insertBucket(unit.tx, "unit-j", 1));
      return outcome;
    });
    expect(refused).toBe("refused");
    expect(await keys()).toEqual(["unit-h", "unit-j"]);
    expect(await hitsOf("unit-h")).toEqual([{ hits: 1 }]);
  });

  const bucketInsert = preparedWrite<"key">("test_unit_bucket_insert", (executor, value) =>
    executor.insert(rateLimitBuckets).values({ key: value("key"), windowStartedAt: sql`now()`, hits: 1 }),
  );
  const bucketHitsDoubled = preparedWrite<"key">("test_unit_bucket_doubled", (executor, value) =>
    executor
      .update(rateLimitBuckets)
      .set({ hits: sql`${rateLimitBuckets.hits} * 2` })
      .where(eq(rateLimitBuckets.key, value("key"))),
  );

  test("sends the prepared writes sent one after another as one statement, in which none sees another's rows", async () => {
    await unitOfWork(db(), async (unit) => {
      // One statement: the update does not see the row inserted beside it.
      unit.send(bucketInsert.with({ key: "unit-k" }), bucketHitsDoubled.with({ key: "unit-k" }));
      // A function's statement goes out on its own: the write after it is a statement of its own, which sees it.
      unit.send(bucketInsert.with({ key: "unit-l" }));
      unit.send(() => unit.tx.execute(sql`select 1`));
      unit.send(bucketHitsDoubled.with({ key: "unit-l" }));
    });
    expect(await hitsOf("unit-k")).toEqual([{ hits: 1 }]);
    expect(await hitsOf("unit-l")).toEqual([{ hits: 2 }]);
  });

  test("answers the writes it writes at once with their own failure, which its work may catch and go on", async () => {
    await insertBucket(db(), "unit-taken", 1);
    const outcome = await unitOfWork(db(), async (unit) => {
      await unit.write(bucketInsert.with({ key: "unit-m" }), bucketHitsDoubled.with({ key: "unit-m" }));
      const refused = await unit
        .savepoint(() => unit.write(bucketInsert.with({ key: "unit-taken" })))
        .then(
          () => "written",
          (error: unknown) => (isUniqueViolation(error, "rate_limit_buckets_pkey") ? "refused" : error),
        );
      unit.send(bucketHitsDoubled.with({ key: "unit-m" }));
      return refused;
    });
    expect(outcome).toBe("refused");
    expect(await keys()).toEqual(["unit-m", "unit-taken"]);
    expect(await hitsOf("unit-m")).toEqual([{ hits: 2 }]);
  });

  test("refuses a nested transaction, whose begin and commit would be the unit's", async () => {
    await expect(
      unitOfWork(db(), (unit) => unit.tx.transaction(async (nested) => nested.select().from(rateLimitBuckets))),
    ).rejects.toThrow();
    expect(await keys()).toEqual([]);
  });
});

describe("a unit of work after statements of its own", () => {
  test("what runs first is committed on its own, whatever becomes of the unit given its answer", async () => {
    const rollback = new Error("rollback");
    const seen: string[] = [];
    await expect(
      unitOfWorkAfter(
        db(),
        async (executor) => {
          await insertBucket(executor, "unit-first");
          return "first's answer";
        },
        async (unit, answer) => {
          seen.push(answer);
          await insertBucket(unit.tx, "unit-work");
          throw rollback;
        },
      ),
    ).rejects.toBe(rollback);
    expect(seen).toEqual(["first's answer"]);
    expect(await keys()).toEqual(["unit-first"]);
  });

  test("a refusal of what runs first leaves the unit unrun", async () => {
    const refusal = new Error("refused");
    let ran = false;
    await expect(
      unitOfWorkAfter(
        db(),
        async () => {
          throw refusal;
        },
        async () => {
          ran = true;
        },
      ),
    ).rejects.toBe(refusal);
    expect(ran).toBe(false);
  });
});
