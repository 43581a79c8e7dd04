-- The fingerprint of the step graph a run started with (WorkflowType.fingerprint(): the short
-- hashes of the graph's lines); NULL for runs started before, or by a class without a graph. An
-- engine refuses to replay a run whose graph its class does not hold.
ALTER TABLE durable_runs ADD COLUMN graph_fingerprint TEXT;
