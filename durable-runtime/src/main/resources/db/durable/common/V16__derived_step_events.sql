-- A local step that completes on its first attempt has its step.started and step.completed
-- events in its checkpoint row instead of two rows of durable_events: the ids they take in the
-- event log's order (from its identity sequence, on PostgreSQL). The history reads them beside
-- the log's rows. NULL: the step's events are rows of the log (H2 writes them so).
ALTER TABLE durable_steps ADD COLUMN started_event BIGINT;
ALTER TABLE durable_steps ADD COLUMN completed_event BIGINT;
