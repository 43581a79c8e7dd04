package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.Objects;

/**
 * A type used by the workflow: as the user wrote it, erased, and as it is stored.
 *
 * @param type the type as declared (primitives and type arguments kept, annotations dropped), for
 *     signatures and casts
 * @param erasure its erasure, for javadoc links such as {@code Workflow#audit(List)}
 * @param stored what its values are stored as
 * @param constrained whether the type carries Jakarta constraints, so that stored values are
 *     validated
 */
public record TypeRef(TypeName type, TypeName erasure, StoredType stored, boolean constrained) {

  /** {@code void}, stored as {@link Void}. */
  public static final TypeRef VOID =
      new TypeRef(
          TypeName.VOID,
          TypeName.VOID,
          StoredType.Declared.of(ClassName.get("java.lang", "Void")),
          false);

  public TypeRef {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(erasure, "erasure");
    Objects.requireNonNull(stored, "stored");
  }

  /** Whether this is {@code void}. */
  public boolean isVoid() {
    return type.equals(TypeName.VOID);
  }

  /** The type boxed: {@code int} is {@code Integer}, {@code void} is {@code Void}. */
  public TypeName boxed() {
    return type.box();
  }
}
