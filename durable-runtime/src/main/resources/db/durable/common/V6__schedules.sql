-- Schedules (@Schedule): what each schedule has handled, and which fire time each run it started
-- serves. One text for H2 and PostgreSQL.

-- One row per schedule (workflow name, cron expression, zone), shared by every engine. A schedule
-- changed in the code is a new row, which starts from the time it is first seen: no back-fill.
CREATE TABLE durable_schedules (
    workflow_name  VARCHAR(200)             NOT NULL,
    cron           VARCHAR(200)             NOT NULL,
    zone           VARCHAR(100)             NOT NULL,
    -- every fire time up to this instant is handled (a run started, or skipped by its catch-up
    -- policy); moved on only under the row's lock, in the transaction that inserts the runs
    handled_until  TIMESTAMP WITH TIME ZONE NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (workflow_name, cron, zone)
);

-- The fire time each scheduled run serves, written with the run.
CREATE TABLE durable_schedule_runs (
    run_id         VARCHAR(200)             NOT NULL PRIMARY KEY,
    workflow_name  VARCHAR(200)             NOT NULL,
    cron           VARCHAR(200)             NOT NULL,
    zone           VARCHAR(100)             NOT NULL,
    fire_at        TIMESTAMP WITH TIME ZONE NOT NULL
);
