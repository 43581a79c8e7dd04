-- Signal tokens (ctx.signalToken, engine.signalWithToken): the secret every engine signs and
-- verifies them with, made once by the first engine that needs it (durable_secrets), and the
-- tokens used, each at most once. One text for H2 and PostgreSQL.
CREATE TABLE durable_secrets (
    name       VARCHAR(100)             NOT NULL PRIMARY KEY,
    secret     VARCHAR(200)             NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE durable_signal_tokens (
    token_id VARCHAR(64)              NOT NULL PRIMARY KEY,
    run_id   VARCHAR(200)             NOT NULL,
    used_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
-- a purged run's used tokens go with it
CREATE INDEX durable_signal_tokens_run ON durable_signal_tokens (run_id);
