package dev.durable.processor.model;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;

/**
 * Reads the Jakarta constraints in the source. Whether a type carries constraints, so that its
 * stored values are validated: its class, recursively through its superclasses, fields, record
 * components, method return types and type arguments (each class once), has an annotation that is
 * itself annotated {@code @jakarta.validation.Constraint} (directly, or as the container of
 * repeated constraints), or {@code @jakarta.validation.Valid}, on the class, a field, a record
 * component, a method or a type-use position. And the constraints written on a {@code @Run}
 * parameter itself ({@link #declared}), which the generated code hands to the engine. Annotations
 * are matched by name; without {@code jakarta.validation} on the class path nothing carries
 * constraints. Classes in {@code java.*} are not looked into.
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

  /**
   * The constraints among {@code annotations} (of a parameter, or of a type argument of its
   * type), containers of repeated ones included, in order; without {@code @Valid}, which asks for
   * the value's own type to be validated, as it is wherever that type carries constraints.
   */
  List<AnnotationMirror> constraints(List<? extends AnnotationMirror> annotations) {
    if (!available) {
      return List.of();
    }
    return annotations.stream()
        .filter(annotation -> !isValid(annotation)
            && (isConstraint(annotation) || isConstraintContainer(annotation)))
        .map(annotation -> (AnnotationMirror) annotation)
        .toList();
  }

  /**
   * The constraints written on {@code parameter} itself and on its type's type arguments, as a
   * field of the generated {@code Codecs} class declares them; empty if there are none. {@code
   * typeName} writes a type as the model does, without annotations.
   */
  Optional<ParamModel.DeclaredConstraints> declared(
      VariableElement parameter, Function<TypeMirror, TypeName> typeName) {
    List<AnnotationSpec> annotations = specs(parameter.getAnnotationMirrors());
    if (annotations.isEmpty() && !argumentsConstrained(parameter.asType())) {
      return Optional.empty();
    }
    return Optional.of(new ParamModel.DeclaredConstraints(
        annotations, constrainedTypeName(parameter.asType(), typeName)));
  }

  private List<AnnotationSpec> specs(List<? extends AnnotationMirror> annotations) {
    return constraints(annotations).stream().map(AnnotationSpec::get).toList();
  }

  /** Whether a type argument of {@code type}, at any depth, carries a constraint. */
  private boolean argumentsConstrained(TypeMirror type) {
    return switch (type.getKind()) {
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream().anyMatch(argument ->
          !constraints(argument.getAnnotationMirrors()).isEmpty()
              || argumentsConstrained(argument));
      case WILDCARD -> {
        WildcardType wildcard = (WildcardType) type;
        TypeMirror bound = wildcard.getSuperBound() != null
            ? wildcard.getSuperBound() : wildcard.getExtendsBound();
        yield bound != null && (!constraints(bound.getAnnotationMirrors()).isEmpty()
            || argumentsConstrained(bound));
      }
      default -> false;
    };
  }

  /**
   * {@code type} as written, with the constraints on its type arguments, which Hibernate Validator
   * reads as container element constraints ({@code List<@NotBlank String>}). An array's component
   * keeps none: written before an array type, an annotation would apply to the field itself.
   */
  private TypeName constrainedTypeName(TypeMirror type, Function<TypeMirror, TypeName> typeName) {
    if (type.getKind() == TypeKind.DECLARED
        && !((DeclaredType) type).getTypeArguments().isEmpty()) {
      DeclaredType declared = (DeclaredType) type;
      return ParameterizedTypeName.get(ClassName.get((TypeElement) declared.asElement()),
          declared.getTypeArguments().stream()
              .map(argument -> constrainedArgument(argument, typeName))
              .toArray(TypeName[]::new));
    }
    if (type.getKind() == TypeKind.WILDCARD) {
      WildcardType wildcard = (WildcardType) type;
      if (wildcard.getSuperBound() != null) {
        return WildcardTypeName.supertypeOf(
            constrainedArgument(wildcard.getSuperBound(), typeName));
      }
      return WildcardTypeName.subtypeOf(wildcard.getExtendsBound() == null
          ? ClassName.OBJECT : constrainedArgument(wildcard.getExtendsBound(), typeName));
    }
    return typeName.apply(type);
  }

  private TypeName constrainedArgument(
      TypeMirror argument, Function<TypeMirror, TypeName> typeName) {
    TypeName name = constrainedTypeName(argument, typeName);
    List<AnnotationSpec> annotations = specs(argument.getAnnotationMirrors());
    return annotations.isEmpty() ? name : name.annotated(annotations);
  }

  private static boolean isValid(AnnotationMirror annotation) {
    return ((TypeElement) annotation.getAnnotationType().asElement())
        .getQualifiedName()
        .contentEquals(VALID);
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
