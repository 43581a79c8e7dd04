package dev.durable.runtime.internal.model;

/** A workflow's stored identity: its name and version. */
public record WorkflowKey(String name, String version) {
  @Override
  public String toString() {
    return "workflow '" + name + "' version '" + version + "'";
  }
}
