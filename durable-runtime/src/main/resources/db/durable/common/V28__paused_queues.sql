-- A queue paused by an operator (engine.pauseQueue): no engine admits a run through it, nor lets a
-- step attempt take one of its slots, until it is resumed. One text for H2 and PostgreSQL.
ALTER TABLE durable_queues ADD COLUMN paused BOOLEAN DEFAULT FALSE NOT NULL;
