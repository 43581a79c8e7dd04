package dev.durable.processor.validation;

import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * How elements and types are written in messages: methods as {@code charge(Order, List)}, classes
 * relative to their package ({@code Outer.Inner}), stored types with qualified names and type
 * arguments but without type annotations ({@code java.util.List<com.acme.Order>}).
 */
final class Describe {
  private Describe() {}

  /** {@code charge(Order, List)}: the name and the erased simple names of the parameter types. */
  static String method(ExecutableElement method) {
    return method.getSimpleName()
        + method.getParameters().stream()
            .map(p -> simpleName(p.asType()))
            .collect(Collectors.joining(", ", "(", ")"));
  }

  /** A class relative to its package: {@code CheckoutWorkflow}, {@code Outer.Inner}. */
  static String type(Element type) {
    Element e = type;
    StringBuilder name = new StringBuilder(type.getSimpleName());
    while (e.getEnclosingElement() instanceof TypeElement outer) {
      name.insert(0, outer.getSimpleName() + ".");
      e = outer;
    }
    return name.toString();
  }

  /** {@code <T, U>}. */
  static String typeParameters(List<? extends TypeParameterElement> parameters) {
    return parameters.stream()
        .map(p -> p.getSimpleName().toString())
        .collect(Collectors.joining(", ", "<", ">"));
  }

  /** The qualified type with its type arguments, without type annotations. */
  static String typeMirror(TypeMirror type) {
    switch (type.getKind()) {
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        if (declared.getTypeArguments().isEmpty()) {
          return name;
        }
        return name
            + declared.getTypeArguments().stream()
                .map(Describe::typeMirror)
                .collect(Collectors.joining(", ", "<", ">"));
      case ARRAY:
        return typeMirror(((ArrayType) type).getComponentType()) + "[]";
      case TYPEVAR:
        return ((TypeVariable) type).asElement().getSimpleName().toString();
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        if (wildcard.getExtendsBound() != null) {
          return "? extends " + typeMirror(wildcard.getExtendsBound());
        }
        if (wildcard.getSuperBound() != null) {
          return "? super " + typeMirror(wildcard.getSuperBound());
        }
        return "?";
      default:
        if (type.getKind().isPrimitive() || type.getKind() == TypeKind.VOID) {
          return type.getKind().name().toLowerCase(java.util.Locale.ROOT);
        }
        return type.toString();
    }
  }

  /** The erased simple name: {@code Order}, {@code List}, {@code byte[]}. */
  private static String simpleName(TypeMirror type) {
    return switch (type.getKind()) {
      case DECLARED -> ((DeclaredType) type).asElement().getSimpleName().toString();
      case ARRAY -> simpleName(((ArrayType) type).getComponentType()) + "[]";
      case TYPEVAR -> ((TypeVariable) type).asElement().getSimpleName().toString();
      default ->
          type.getKind().isPrimitive()
              ? type.getKind().name().toLowerCase(java.util.Locale.ROOT)
              : type.toString();
    };
  }
}
