-- The shape of each workflow version, as the processor read it from the @Run body (JSON text,
-- docs/workflow-shapes.md), stored by every engine that registers the version, so that an operator
-- tool without the workflow's classes (durable-cli dashboard) can draw it.
CREATE TABLE durable_workflow_shapes (
    workflow_name    VARCHAR(200)             NOT NULL,
    workflow_version VARCHAR(100)             NOT NULL,
    shape            TEXT                     NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (workflow_name, workflow_version)
);
