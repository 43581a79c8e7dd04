package dev.durable.runtime.internal.store;

/** A workflow's stored identity: its name and version. */
public record WorkflowKey(String name, String version) {
  @Override
  public String toString() {
    return "workflow '" + name + "' version '" + version + "'";
  }
}
