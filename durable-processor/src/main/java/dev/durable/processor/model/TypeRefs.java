package dev.durable.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.durable.processor.reading.TypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns type mirrors into the model's types for {@link ModelFactory}: the type as generated code
 * names it (JavaPoet's {@link TypeName}, without annotations), its erasure, how it is stored
 * ({@link StoredType}) and whether its values carry constraints ({@link ConstraintScanner}).
 */
final class TypeRefs {
  private final Elements elements;
  private final Types types;
  private final ConstraintScanner constraints;

  TypeRefs(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
    this.constraints = new ConstraintScanner(elements);
  }

  /** The types {@code executable} declares it throws. */
  List<TypeName> thrown(ExecutableElement executable) {
    return executable.getThrownTypes().stream().map(this::typeName).toList();
  }

  /** The type variables of {@code parameters}, with their bounds other than {@code Object}. */
  List<TypeVariableName> typeVariables(List<? extends TypeParameterElement> parameters) {
    List<TypeVariableName> variables = new ArrayList<>();
    for (TypeParameterElement parameter : parameters) {
      List<TypeName> bounds = new ArrayList<>();
      for (TypeMirror bound : parameter.getBounds()) {
        if (!TypeNames.is(bound, "java.lang.Object")) {
          bounds.add(typeName(bound));
        }
      }
      variables.add(
          TypeVariableName.get(
              parameter.getSimpleName().toString(), bounds.toArray(TypeName[]::new)));
    }
    return variables;
  }

  /** The type as generated code names it, erases it and stores it. */
  TypeRef typeRef(TypeMirror type) {
    if (type.getKind() == TypeKind.VOID) {
      return TypeRef.VOID;
    }
    return new TypeRef(
        typeName(type), erasure(type), stored(type), constraints.carriesConstraints(type));
  }

  /**
   * The Jakarta constraints written on {@code parameter} itself and on its type's type arguments;
   * empty if there are none.
   */
  Optional<ParamModel.DeclaredConstraints> declaredConstraints(VariableElement parameter) {
    return constraints.declared(parameter, this::typeName);
  }

  /** The type as written, without annotations. */
  TypeName typeName(TypeMirror type) {
    return switch (type.getKind()) {
      case BOOLEAN -> TypeName.BOOLEAN;
      case BYTE -> TypeName.BYTE;
      case SHORT -> TypeName.SHORT;
      case INT -> TypeName.INT;
      case LONG -> TypeName.LONG;
      case CHAR -> TypeName.CHAR;
      case FLOAT -> TypeName.FLOAT;
      case DOUBLE -> TypeName.DOUBLE;
      case VOID -> TypeName.VOID;
      case ARRAY -> ArrayTypeName.of(typeName(((ArrayType) type).getComponentType()));
      case DECLARED -> declaredTypeName((DeclaredType) type);
      case TYPEVAR ->
          TypeVariableName.get(((TypeVariable) type).asElement().getSimpleName().toString());
      case WILDCARD -> wildcardTypeName((WildcardType) type);
      default -> TypeName.get(type).withoutAnnotations();
    };
  }

  private TypeName declaredTypeName(DeclaredType type) {
    ClassName raw = ClassName.get((TypeElement) type.asElement());
    if (type.getTypeArguments().isEmpty()) {
      return raw;
    }
    return ParameterizedTypeName.get(
        raw, type.getTypeArguments().stream().map(this::typeName).toArray(TypeName[]::new));
  }

  private TypeName wildcardTypeName(WildcardType type) {
    if (type.getExtendsBound() != null) {
      return WildcardTypeName.subtypeOf(typeName(type.getExtendsBound()));
    }
    if (type.getSuperBound() != null) {
      return WildcardTypeName.supertypeOf(typeName(type.getSuperBound()));
    }
    return WildcardTypeName.subtypeOf(Object.class);
  }

  /** The erasure of the type, as written. */
  TypeName erasure(TypeMirror type) {
    return typeName(types.erasure(type));
  }

  /**
   * The type as stored: primitives boxed (except as array components), {@code void} as {@link
   * Void}, wildcards as their bound, type variables as their erasure.
   */
  StoredType stored(TypeMirror type) {
    if (type.getKind().isPrimitive()) {
      return stored(types.boxedClass((PrimitiveType) type).asType());
    }
    return switch (type.getKind()) {
      case VOID -> TypeRef.VOID.stored();
      case ARRAY -> {
        TypeMirror component = ((ArrayType) type).getComponentType();
        yield new StoredType.Array(
            component.getKind().isPrimitive()
                ? new StoredType.Primitive(typeName(component))
                : stored(component));
      }
      case DECLARED -> {
        DeclaredType declared = (DeclaredType) type;
        List<StoredType> arguments =
            declared.getTypeArguments().stream().map(this::stored).toList();
        yield new StoredType.Declared(
            ClassName.get((TypeElement) declared.asElement()),
            arguments,
            arguments.size() == 2 && isMap(declared));
      }
      case WILDCARD -> {
        WildcardType wildcard = (WildcardType) type;
        TypeMirror bound =
            wildcard.getExtendsBound() != null
                ? wildcard.getExtendsBound()
                : wildcard.getSuperBound();
        yield bound != null ? stored(bound) : StoredType.Declared.of(ClassName.OBJECT);
      }
      default -> {
        // Type variables and intersections are stored as their erasure.
        TypeMirror erased = types.erasure(type);
        yield erased.getKind() == TypeKind.DECLARED
            ? stored(erased)
            : StoredType.Declared.of(ClassName.OBJECT);
      }
    };
  }

  private boolean isMap(DeclaredType type) {
    TypeElement map = elements.getTypeElement("java.util.Map");
    return map != null && types.isSubtype(types.erasure(type), types.erasure(map.asType()));
  }
}
