-- engine.listRuns: newest first by (created_at, run_id), alone, by workflow or by status; the
-- columns are never updated but for status, which changes only when a run's due_at (indexed
-- already) does, so the hot path's row updates stay as they were
CREATE INDEX durable_runs_created ON durable_runs (created_at, run_id);
CREATE INDEX durable_runs_workflow_created ON durable_runs (workflow_name, created_at, run_id);
CREATE INDEX durable_runs_status_created ON durable_runs (status, created_at, run_id);
