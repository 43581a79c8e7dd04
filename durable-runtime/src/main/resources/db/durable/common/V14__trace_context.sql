-- Trace context, when engines trace with OpenTelemetry; null without tracing. Each is a W3C
-- traceparent. A run's is that of the span of its start: every turn of the run joins that trace.
-- A task's is that of the turn that queued it: the worker's span of the attempt joins it too.
ALTER TABLE durable_runs ADD COLUMN trace_context VARCHAR(100);
ALTER TABLE durable_tasks ADD COLUMN trace_context VARCHAR(100);
