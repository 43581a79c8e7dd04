package dev.durable.processor.model;

import java.util.Objects;

/**
 * A parameter of a constructor, the {@code @Run} method or a {@code @Step} method.
 *
 * @param name its name in the source
 * @param type its type
 * @param kind whether it is stored or a context supplied by the engine
 */
public record ParamModel(String name, TypeRef type, Kind kind) {

  /** What a parameter is for. */
  public enum Kind {
    /** Part of the stored input. */
    STORED,
    /** A {@code WorkflowContext}: supplied by the engine, not stored. */
    WORKFLOW_CONTEXT,
    /** A {@code StepContext}: supplied by the engine, not stored. */
    STEP_CONTEXT
  }

  public ParamModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(kind, "kind");
  }

  /** Whether the parameter is part of the stored input. */
  public boolean isStored() {
    return kind == Kind.STORED;
  }
}
