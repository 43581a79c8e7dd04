-- The engines serving each queue of runs (V18) now, so that the engines sharing a queue each take
-- a fair part of its concurrency instead of the one that freed a slot taking it again: an engine
-- that admits a queue's runs renews its row while it polls (seen_at) and deletes it as it closes;
-- a row not renewed for a lease's length is an engine gone. admitted_at is its last admission,
-- which breaks ties between engines holding as many runs (the one that waited longest goes
-- first). Each run admitted names the engine that admitted it. One text for H2 and PostgreSQL.
CREATE TABLE durable_queue_engines (
    queue_name  VARCHAR(100)             NOT NULL,
    engine_id   VARCHAR(200)             NOT NULL,
    seen_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    admitted_at TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (queue_name, engine_id)
);
ALTER TABLE durable_runs ADD COLUMN admitted_by VARCHAR(200);
