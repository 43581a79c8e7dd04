-- The signal names each workflow version declares, stored by every engine that registers it, so
-- that a signal sent by name (engine.signal, the CLI, the dashboard) to a run whose version no
-- engine of the sender's process registers can still be refused when the name is misspelt.
CREATE TABLE durable_workflow_signals (
    workflow_name    VARCHAR(200)             NOT NULL,
    workflow_version VARCHAR(100)             NOT NULL,
    signal_names     VARCHAR(20000)           NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (workflow_name, workflow_version)
);
