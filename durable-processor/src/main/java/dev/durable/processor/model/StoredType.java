package dev.durable.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Objects;

/**
 * A type as it is stored: what a Jackson {@code JavaType} constant is built from. Primitives are
 * boxed (except as array components), {@code void} is {@link Void}, wildcards are replaced by their
 * bound and type variables by their erasure. Two equal stored types share one constant.
 */
public sealed interface StoredType {

  /** The Java type this stands for, usable anywhere (no type variables or wildcards). */
  TypeName typeName();

  /**
   * A class or interface with its type arguments (none for a raw or non-generic type).
   *
   * @param raw the class, without annotations
   * @param arguments its type arguments, in order
   * @param map whether {@code raw} is a {@link java.util.Map} with a key and a value argument
   */
  record Declared(ClassName raw, List<StoredType> arguments, boolean map) implements StoredType {
    public Declared {
      Objects.requireNonNull(raw, "raw");
      arguments = List.copyOf(arguments);
    }

    /** A non-generic class. */
    public static Declared of(ClassName raw) {
      return new Declared(raw, List.of(), false);
    }

    @Override
    public TypeName typeName() {
      if (arguments.isEmpty()) {
        return raw;
      }
      return ParameterizedTypeName.get(
          raw, arguments.stream().map(StoredType::typeName).toArray(TypeName[]::new));
    }
  }

  /** An array of {@code component}. */
  record Array(StoredType component) implements StoredType {
    public Array {
      Objects.requireNonNull(component, "component");
    }

    @Override
    public TypeName typeName() {
      return ArrayTypeName.of(component.typeName());
    }
  }

  /** A primitive; appears only as the component of an array, as in {@code byte[]}. */
  record Primitive(TypeName primitive) implements StoredType {
    public Primitive {
      if (!primitive.isPrimitive()) {
        throw new IllegalArgumentException("not a primitive: " + primitive);
      }
    }

    @Override
    public TypeName typeName() {
      return primitive;
    }
  }
}
