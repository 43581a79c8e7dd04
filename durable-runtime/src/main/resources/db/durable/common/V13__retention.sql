-- Retention (DurableEngine.Builder#retention, DurableEngine#purge): the runs that ended before a
-- cut-off are found by their status and their last update (when they ended), without a scan of
-- the runs still going.
CREATE INDEX durable_runs_ended ON durable_runs (status, updated_at);
