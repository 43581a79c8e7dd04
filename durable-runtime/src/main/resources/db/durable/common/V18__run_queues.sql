-- Queues of runs kept in the database (Queue, StartOptions.queue): a run started through a queue
-- is ENQUEUED, with no due time, until an engine that declares the queue admits it (PENDING, due
-- now, admitted_at set); it counts against the queue's limits until it ends. One text for H2 and
-- PostgreSQL. An ENQUEUED run's delay ends at its wake_at.
ALTER TABLE durable_runs ADD COLUMN queue_name VARCHAR(100);
ALTER TABLE durable_runs ADD COLUMN priority INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE durable_runs ADD COLUMN partition_key VARCHAR(200);
-- the queue's (or, without one, the workflow's) name and the start's deduplication id, while the
-- run has not ended: set to NULL by every write that ends it, so that an ended run frees its id
ALTER TABLE durable_runs ADD COLUMN dedup_key VARCHAR(420);
ALTER TABLE durable_runs ADD COLUMN admitted_at TIMESTAMP WITH TIME ZONE;

-- H2 has no partial indexes: full ones whose leading columns make each lookup a range scan.
-- Admission's candidates (ENQUEUED, in priority and start order) and its count of the admitted
-- runs not ended, per partition key; rows without a queue sit together under NULL, never read.
CREATE INDEX durable_runs_queue ON durable_runs
    (queue_name, status, partition_key, priority, created_at);
-- a queue's admissions within its rate limit's window, per partition key
CREATE INDEX durable_runs_queue_admitted ON durable_runs (queue_name, partition_key, admitted_at);
CREATE UNIQUE INDEX durable_runs_dedup ON durable_runs (dedup_key);

-- Each queue an engine declares: its declaration as the engine that last declared it wrote it,
-- so that an engine declaring it otherwise warns; and the row admission locks, so that one engine
-- at a time admits the queue's runs.
CREATE TABLE durable_queues (
    queue_name  VARCHAR(100)             NOT NULL PRIMARY KEY,
    declaration VARCHAR(1000)            NOT NULL,
    declared_by VARCHAR(200)             NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
