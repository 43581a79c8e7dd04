-- Runs that start over and runs forked from others. One text for H2 and PostgreSQL.
-- generation: how many times the run has started over with a new input (continueAsNew), counted
-- from 1; an older generation's checkpoints, tasks, taken signals and events are deleted when the
-- next one begins, so that a run that continues for ever keeps a history of constant size.
ALTER TABLE durable_runs ADD COLUMN generation INTEGER DEFAULT 1 NOT NULL;
-- forked_from, forked_at: the run a fork copied its checkpoints from (engine.fork), and the
-- position from which it runs with the code deployed then; NULL for a run that is not a fork.
ALTER TABLE durable_runs ADD COLUMN forked_from VARCHAR(200);
ALTER TABLE durable_runs ADD COLUMN forked_at INTEGER;
