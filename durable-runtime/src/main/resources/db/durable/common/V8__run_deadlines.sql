-- Run timeouts (@Run(timeoutMs)): when a run that has not ended by then fails with run_timeout.
-- A sleeping run comes due by it at the latest (due_at), so that an engine picks it up to fail it;
-- an engine executing the run stops it then. NULL: no run timeout.
ALTER TABLE durable_runs ADD COLUMN deadline_at TIMESTAMP WITH TIME ZONE;
