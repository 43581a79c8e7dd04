-- The queue of dispatched steps' tasks, served by workers in any process and any language. A task
-- is one attempt of one step of one run; see the README's "Task protocol".

CREATE TABLE durable_tasks (
    -- <run_id>/<seq>/<attempt>
    task_id       VARCHAR(250)             NOT NULL PRIMARY KEY,
    run_id        VARCHAR(200)             NOT NULL,
    -- the position of the step's checkpoint in its run
    seq           INTEGER                  NOT NULL,
    -- the step's name, which workers serve
    step          VARCHAR(200)             NOT NULL,
    attempt       INTEGER                  NOT NULL,
    -- the arguments, a JSON array
    input         TEXT                     NOT NULL,
    -- QUEUED, RUNNING, SUCCEEDED or FAILED
    status        VARCHAR(16)              NOT NULL,
    -- the result as JSON, when SUCCEEDED
    output        TEXT,
    -- when FAILED: what the worker reported, and whether another attempt may help
    error_message TEXT,
    error_code    VARCHAR(200),
    error_type    VARCHAR(500),
    retryable     BOOLEAN,
    worker_id     VARCHAR(200),
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    claimed_at    TIMESTAMP WITH TIME ZONE,
    finished_at   TIMESTAMP WITH TIME ZONE
);

CREATE INDEX durable_tasks_queued ON durable_tasks (step, status, created_at);
