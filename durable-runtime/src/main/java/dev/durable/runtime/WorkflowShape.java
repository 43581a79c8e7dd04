package dev.durable.runtime;

import java.time.Instant;
import java.util.Objects;

/**
 * The shape of one workflow version, as the annotation processor read it from the {@code @Run}
 * body and an engine that registers the version stored it: its steps, signal waits, child runs and
 * sleeps in order, the fans, branches and loops around them, its error routes, compensations and
 * {@code @OnFailure}. The dashboard draws it. The text is JSON in the format described in {@code
 * docs/workflow-shapes.md} (its {@code "format"} key says which).
 *
 * @param workflowName the workflow's name
 * @param version its version
 * @param json the shape, JSON text
 * @param storedAt when an engine last stored it
 */
public record WorkflowShape(String workflowName, String version, String json, Instant storedAt) {
  public WorkflowShape {
    Objects.requireNonNull(workflowName, "workflowName");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(storedAt, "storedAt");
  }
}
