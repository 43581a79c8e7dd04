package dev.durable.processor.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;

/**
 * Decides whether a type carries Jakarta constraints, so that its stored values are validated: its
 * class, recursively through its superclasses, fields, record components, method return types and
 * type arguments (each class once), has an annotation that is itself annotated {@code
 * @jakarta.validation.Constraint} (directly, or as the container of repeated constraints), or
 * {@code @jakarta.validation.Valid}, on the class, a field, a record component, a method or a
 * type-use position. Annotations are matched by name; without {@code jakarta.validation} on the
 * class path nothing carries constraints. Classes in {@code java.*} are not looked into.
 */
final class ConstraintScanner {
  private static final String CONSTRAINT = "jakarta.validation.Constraint";
  private static final String VALID = "jakarta.validation.Valid";

  private final boolean available;

  ConstraintScanner(Elements elements) {
    this.available = elements.getTypeElement(CONSTRAINT) != null;
  }

  /** Whether values of {@code type} are validated. */
  boolean carriesConstraints(TypeMirror type) {
    return available && scan(type, new HashSet<>());
  }

  private boolean scan(TypeMirror type, Set<String> seen) {
    if (type == null) {
      return false;
    }
    if (annotated(type.getAnnotationMirrors())) {
      return true;
    }
    return switch (type.getKind()) {
      case ARRAY -> scan(((ArrayType) type).getComponentType(), seen);
      case WILDCARD -> scan(((WildcardType) type).getExtendsBound(), seen)
          || scan(((WildcardType) type).getSuperBound(), seen);
      case TYPEVAR -> scan(((TypeVariable) type).getUpperBound(), seen);
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream()
              .anyMatch(argument -> scan(argument, seen))
          || scanClass((TypeElement) ((DeclaredType) type).asElement(), seen);
      default -> false;
    };
  }

  private boolean scanClass(TypeElement type, Set<String> seen) {
    String name = type.getQualifiedName().toString();
    if (name.startsWith("java.") || !seen.add(name)) {
      return false;
    }
    if (annotated(type.getAnnotationMirrors())) {
      return true;
    }
    for (Element member : type.getEnclosedElements()) {
      switch (member.getKind()) {
        case FIELD, RECORD_COMPONENT -> {
          if (annotated(member.getAnnotationMirrors())
              || scan(((VariableElement) member).asType(), seen)) {
            return true;
          }
        }
        case METHOD -> {
          ExecutableElement method = (ExecutableElement) member;
          if (annotated(method.getAnnotationMirrors())
              || annotated(method.getReturnType().getAnnotationMirrors())) {
            return true;
          }
        }
        default -> {}
      }
    }
    return scan(type.getSuperclass(), seen);
  }

  private static boolean annotated(List<? extends AnnotationMirror> annotations) {
    for (AnnotationMirror annotation : annotations) {
      if (isConstraint(annotation) || isConstraintContainer(annotation)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isConstraint(AnnotationMirror annotation) {
    TypeElement type = (TypeElement) annotation.getAnnotationType().asElement();
    if (type.getQualifiedName().contentEquals(VALID)) {
      return true;
    }
    for (AnnotationMirror meta : type.getAnnotationMirrors()) {
      if (((TypeElement) meta.getAnnotationType().asElement())
          .getQualifiedName()
          .contentEquals(CONSTRAINT)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code annotation} holds repeated constraints, as {@code @Size.List} does. */
  private static boolean isConstraintContainer(AnnotationMirror annotation) {
    for (var entry : annotation.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals("value")
          && entry.getValue().getValue() instanceof List<?> values) {
        for (Object value : values) {
          if (((AnnotationValue) value).getValue() instanceof AnnotationMirror inner
              && isConstraint(inner)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
