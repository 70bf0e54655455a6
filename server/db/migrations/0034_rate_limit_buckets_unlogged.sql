-- Rate-limit counters skip the write-ahead log: a statement that only counts hits (a new cart's first, which counts
-- two) no longer waits for a disk flush at its commit. A crash of PostgreSQL empties the table, which forgets at most
-- one window of hits; a standby does not receive it, so after a failover the limits start again from zero.
ALTER TABLE "rate_limit_buckets" SET UNLOGGED;
