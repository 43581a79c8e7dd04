-- The liveness path of dispatched steps: a worker's heartbeats, and the window within which a
-- task's worker must be heard from before the engine gives the task up.

-- the worker's last heartbeat, and the progress it reported with it (JSON)
ALTER TABLE durable_tasks ADD COLUMN heartbeat_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE durable_tasks ADD COLUMN progress TEXT;
-- the longest silence, in milliseconds, before the task is given up (timed out, or lost and
-- delivered again); 0 = none. A worker writes at most one heartbeat per half of it.
ALTER TABLE durable_tasks ADD COLUMN window_ms BIGINT DEFAULT 0 NOT NULL;

-- an engine reads the tasks of one run
CREATE INDEX durable_tasks_run ON durable_tasks (run_id, seq, attempt);
