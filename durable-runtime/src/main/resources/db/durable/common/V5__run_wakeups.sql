-- A wake-up that finds its run executing (a worker's outcome, a freed queue slot) is kept here, so
-- that the turn's suspension makes the run due at once instead of leaving it asleep: the turn may
-- have read the awaited task before the outcome was stored.
ALTER TABLE durable_runs ADD COLUMN woken_at TIMESTAMP WITH TIME ZONE;
