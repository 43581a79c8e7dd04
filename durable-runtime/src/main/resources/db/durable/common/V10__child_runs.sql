-- Child runs: the run that started a run from its @Run method (NULL: none did). A child's end
-- wakes its parent; cancelling the parent cancels its children.
ALTER TABLE durable_runs ADD COLUMN parent_run_id VARCHAR(200);
CREATE INDEX durable_runs_parent ON durable_runs (parent_run_id);
