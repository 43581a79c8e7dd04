package dev.durable.processor.validation;

import dev.durable.processor.reading.Annotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * How Jackson, with its default visibility, sees a class, for {@link StorableTypes}: whether it can
 * create it (a usable constructor, a deserializer of its own, {@code @JsonTypeInfo}), whether it
 * finds a property to write, which members it leaves alone ({@code @JsonIgnore}), and the type
 * relations the rules ask about. Jackson's annotations are matched by name, so Jackson need not be
 * on the processor's class path.
 */
final class JacksonView {
  private static final List<String> JSON_NODE =
      List.of("com.fasterxml.jackson.databind.JsonNode", "tools.jackson.databind.JsonNode");
  private static final List<String> JSON_TYPE_INFO =
      List.of("com.fasterxml.jackson.annotation.JsonTypeInfo");
  private static final List<String> JSON_DESERIALIZE =
      List.of(
          "com.fasterxml.jackson.databind.annotation.JsonDeserialize",
          "tools.jackson.databind.annotation.JsonDeserialize");
  private static final List<String> JSON_CREATOR =
      List.of("com.fasterxml.jackson.annotation.JsonCreator");
  /** On a class: Jackson is told how to write it, whatever its members. */
  private static final List<String> WRITTEN_AS_TOLD =
      List.of(
          "com.fasterxml.jackson.databind.annotation.JsonSerialize",
          "tools.jackson.databind.annotation.JsonSerialize",
          "com.fasterxml.jackson.annotation.JsonAutoDetect",
          "com.fasterxml.jackson.annotation.JsonFormat");
  /** On a field or method: Jackson writes it, whatever its visibility or name. */
  private static final List<String> WRITTEN_MEMBER =
      List.of(
          "com.fasterxml.jackson.annotation.JsonProperty",
          "com.fasterxml.jackson.annotation.JsonGetter",
          "com.fasterxml.jackson.annotation.JsonAnyGetter",
          "com.fasterxml.jackson.annotation.JsonValue",
          "com.fasterxml.jackson.annotation.JsonUnwrapped",
          "com.fasterxml.jackson.annotation.JsonRawValue");
  private static final List<String> JSON_IGNORE =
      List.of("com.fasterxml.jackson.annotation.JsonIgnore");
  private static final List<String> NOT_STORED =
      List.of(
          "com.fasterxml.jackson.annotation.JsonIgnore",
          "com.fasterxml.jackson.databind.annotation.JsonDeserialize",
          "tools.jackson.databind.annotation.JsonDeserialize");

  private final Types types;
  private final Elements elements;

  JacksonView(Types types, Elements elements) {
    this.types = types;
    this.elements = elements;
  }

  /** Whether {@code type} is one of Jackson's {@code JsonNode}s, stored as the JSON it holds. */
  boolean isJsonNode(TypeMirror type) {
    return isSubtypeOfAny(type, JSON_NODE);
  }

  /** Whether {@code element} brings its own deserializer ({@code @JsonDeserialize}). */
  boolean bringsDeserializer(TypeElement element) {
    return Annotations.hasAny(element, JSON_DESERIALIZE);
  }

  /**
   * A collection or map of the JDK's that Jackson creates itself: an interface (mapped to a default
   * implementation, {@code List} to {@code ArrayList}) or a concrete class of {@code java.util} or
   * {@code java.util.concurrent}, and the abstract {@code EnumSet}, which Jackson creates by its
   * element type.
   */
  static boolean isJdkContainer(TypeElement element) {
    String pkg = element.getEnclosingElement() instanceof javax.lang.model.element.PackageElement p
        ? p.getQualifiedName().toString()
        : "";
    return (pkg.equals("java.util") || pkg.equals("java.util.concurrent"))
        && (element.getKind() == ElementKind.INTERFACE
            || !element.getModifiers().contains(Modifier.ABSTRACT)
            || element.getSimpleName().contentEquals("EnumSet"));
  }

  static boolean isAbstract(TypeElement element) {
    return element.getKind() == ElementKind.INTERFACE
        || element.getModifiers().contains(Modifier.ABSTRACT);
  }

  static boolean isInner(TypeElement element) {
    return switch (element.getNestingKind()) {
      case LOCAL, ANONYMOUS -> true;
      case MEMBER ->
          !element.getModifiers().contains(Modifier.STATIC)
              && element.getKind() == ElementKind.CLASS
              && element.getEnclosingElement().getKind().isClass();
      default -> false;
    };
  }

  static boolean isNotStored(Element element) {
    return element != null && Annotations.hasAny(element, NOT_STORED);
  }

  static VariableElement fieldNamed(TypeElement type, String name) {
    return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
        .filter(f -> f.getSimpleName().contentEquals(name))
        .findFirst()
        .orElse(null);
  }

  static boolean hasUsableConstructor(TypeElement element) {
    for (ExecutableElement constructor :
        ElementFilter.constructorsIn(element.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty()
          || Annotations.hasAny(constructor, JSON_CREATOR)) {
        return true;
      }
    }
    for (ExecutableElement method : ElementFilter.methodsIn(element.getEnclosedElements())) {
      if (method.getModifiers().contains(Modifier.STATIC)
          && Annotations.hasAny(method, JSON_CREATOR)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether Jackson's default visibility finds a property to write in a class: a public field, a
   * public getter ({@code getCents()}, or {@code isPaid()} returning {@code boolean}), or a member
   * annotated {@code @JsonProperty} or the like, declared or inherited. Without one Jackson refuses
   * to write the value ("No serializer found"), so a class with only private fields and accessors
   * such as {@code cents()} cannot be stored.
   */
  boolean hasProperties(TypeElement element) {
    if (Annotations.hasAny(element, WRITTEN_AS_TOLD)) {
      return true;
    }
    List<Element> members = new ArrayList<>(elements.getAllMembers(element));
    for (TypeElement c = superclassOf(element); c != null; c = superclassOf(c)) {
      members.addAll(c.getEnclosedElements()); // private members annotated @JsonProperty count
    }
    return members.stream().anyMatch(JacksonView::isProperty);
  }

  private static boolean isProperty(Element member) {
    Set<Modifier> modifiers = member.getModifiers();
    if (modifiers.contains(Modifier.STATIC)
        || member.getEnclosingElement() instanceof TypeElement owner
            && owner.getQualifiedName().contentEquals("java.lang.Object")
        || Annotations.hasAny(member, JSON_IGNORE)) {
      return false;
    }
    if (Annotations.hasAny(member, WRITTEN_MEMBER)) {
      return true;
    }
    if (!modifiers.contains(Modifier.PUBLIC)) {
      return false;
    }
    if (member.getKind() == ElementKind.FIELD) {
      return !modifiers.contains(Modifier.TRANSIENT);
    }
    if (member.getKind() != ElementKind.METHOD
        || !((ExecutableElement) member).getParameters().isEmpty()) {
      return false;
    }
    String name = member.getSimpleName().toString();
    TypeMirror returned = ((ExecutableElement) member).getReturnType();
    return (name.length() > 3 && name.startsWith("get") && returned.getKind() != TypeKind.VOID)
        || (name.length() > 2 && name.startsWith("is") && returned.getKind() == TypeKind.BOOLEAN);
  }

  /** An interface with {@code @FunctionalInterface} or exactly one abstract method. */
  boolean isFunctional(TypeElement element) {
    if (element.getKind() != ElementKind.INTERFACE) {
      return false;
    }
    if (Annotations.hasAny(element, List.of("java.lang.FunctionalInterface"))) {
      return true;
    }
    long abstractMethods =
        ElementFilter.methodsIn(elements.getAllMembers(element)).stream()
            .filter(m -> m.getModifiers().contains(Modifier.ABSTRACT))
            .filter(m -> !isObjectMethod(m))
            .count();
    return abstractMethods == 1;
  }

  private static boolean isObjectMethod(ExecutableElement method) {
    String name = method.getSimpleName().toString();
    int arity = method.getParameters().size();
    return (name.equals("equals") && arity == 1)
        || (name.equals("hashCode") && arity == 0)
        || (name.equals("toString") && arity == 0);
  }

  /** {@code @JsonTypeInfo} on the type or any of its supertypes (Jackson inherits it). */
  boolean hasJsonTypeInfo(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    if (Annotations.hasAny(((DeclaredType) type).asElement(), JSON_TYPE_INFO)) {
      return true;
    }
    return types.directSupertypes(type).stream().anyMatch(this::hasJsonTypeInfo);
  }

  boolean isSubtypeOfAny(TypeMirror type, List<String> qualifiedNames) {
    TypeMirror erased = types.erasure(type);
    for (String name : qualifiedNames) {
      TypeElement element = elements.getTypeElement(name);
      if (element != null && types.isSubtype(erased, types.erasure(element.asType()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The type arguments {@code type} gives to its supertype {@code qualifiedName}: the element type
   * of {@code ArrayList<Order>} as a {@code Collection}. Empty when a raw type is in the way.
   */
  List<? extends TypeMirror> typeArgumentsOf(TypeMirror type, String qualifiedName) {
    if (type.getKind() != TypeKind.DECLARED) {
      return List.of();
    }
    DeclaredType declared = (DeclaredType) type;
    if (((TypeElement) declared.asElement()).getQualifiedName().contentEquals(qualifiedName)) {
      return declared.getTypeArguments();
    }
    for (TypeMirror supertype : types.directSupertypes(type)) {
      List<? extends TypeMirror> arguments = typeArgumentsOf(supertype, qualifiedName);
      if (!arguments.isEmpty()) {
        return arguments;
      }
    }
    return List.of();
  }

  static TypeElement superclassOf(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED
        ? (TypeElement) ((DeclaredType) superclass).asElement()
        : null;
  }
}
