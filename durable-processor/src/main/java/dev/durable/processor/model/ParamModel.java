package dev.durable.processor.model;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A parameter of a constructor, the {@code @Run} method or a {@code @Step} method.
 *
 * @param name its name in the source
 * @param type its type
 * @param kind whether it is stored or a context supplied by the engine
 * @param declaredConstraints the Jakarta constraints written on a stored {@code @Run} parameter
 *     itself, which a run's start checks; empty when it has none, and for every other parameter
 */
public record ParamModel(
    String name, TypeRef type, Kind kind, Optional<DeclaredConstraints> declaredConstraints) {

  /**
   * The Jakarta constraints written on a parameter ({@code @NotNull String customer}, {@code
   * List<@NotBlank String> tags}), as the field of the parameter's name in the generated {@code
   * Codecs} class carries them for Hibernate Validator.
   *
   * @param annotations the constraints on the parameter's declaration, in source order
   * @param type the field's type: the parameter's, with the constraints on its type arguments
   */
  public record DeclaredConstraints(List<AnnotationSpec> annotations, TypeName type) {
    public DeclaredConstraints {
      annotations = List.copyOf(annotations);
      Objects.requireNonNull(type, "type");
    }
  }

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
    Objects.requireNonNull(declaredConstraints, "declaredConstraints");
  }

  /** A parameter without constraints written on it. */
  public ParamModel(String name, TypeRef type, Kind kind) {
    this(name, type, kind, Optional.empty());
  }

  /** Whether the parameter is part of the stored input. */
  public boolean isStored() {
    return kind == Kind.STORED;
  }
}
