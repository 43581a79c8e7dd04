-- Searchable attributes of runs (StartOptions.attribute, ctx.attribute): one row per run and key,
-- a later value replacing the earlier, deleted with the run. created_at is the run's own (it never
-- changes), copied here so that a search by attribute walks one index in listRuns' order,
-- (created_at, run_id) newest first, from the cursor on, and stops at its limit: no sort of every
-- run that holds the attribute. val, not value: VALUE is a keyword in H2 2.
CREATE TABLE durable_run_attributes (
    run_id     VARCHAR(200)             NOT NULL,
    name       VARCHAR(200)             NOT NULL,
    val        VARCHAR(400)             NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (run_id, name)
);

CREATE INDEX durable_run_attributes_search
    ON durable_run_attributes (name, val, created_at, run_id);
