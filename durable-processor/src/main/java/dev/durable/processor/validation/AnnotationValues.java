package dev.durable.processor.validation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * One annotation on one element, read through its mirror: the values the user wrote (to report on
 * them, so the IDE underlines {@code retries = 0} itself) and the effective values, defaults
 * included. Never reads {@code Class} attributes through the annotation proxy.
 */
final class AnnotationValues {
  private final AnnotationMirror mirror;
  private final Map<String, AnnotationValue> explicit = new HashMap<>();
  private final Map<String, AnnotationValue> effective = new HashMap<>();

  private AnnotationValues(AnnotationMirror mirror, Elements elements) {
    this.mirror = mirror;
    mirror.getElementValues().forEach((k, v) -> explicit.put(k.getSimpleName().toString(), v));
    elements
        .getElementValuesWithDefaults(mirror)
        .forEach((k, v) -> effective.put(k.getSimpleName().toString(), v));
  }

  /** The annotation of type {@code qualifiedName} on {@code element}, if present. */
  static Optional<AnnotationValues> of(Element element, String qualifiedName, Elements elements) {
    return find(element, qualifiedName).map(m -> new AnnotationValues(m, elements));
  }

  /** The annotation {@code mirror}, such as one nested in a container annotation. */
  static AnnotationValues of(AnnotationMirror mirror, Elements elements) {
    return new AnnotationValues(mirror, elements);
  }

  /** The mirror of the annotation of type {@code qualifiedName} on {@code element}, if present. */
  static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      Element type = mirror.getAnnotationType().asElement();
      if (type instanceof TypeElement t && t.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /** Whether {@code element} carries an annotation of any of the {@code qualifiedNames}. */
  static boolean has(Element element, List<String> qualifiedNames) {
    return qualifiedNames.stream().anyMatch(n -> find(element, n).isPresent());
  }

  AnnotationMirror mirror() {
    return mirror;
  }

  /** The value as written, or null when the attribute takes its default. */
  AnnotationValue explicit(String name) {
    return explicit.get(name);
  }

  int intValue(String name) {
    return ((Number) effective.get(name).getValue()).intValue();
  }

  long longValue(String name) {
    return ((Number) effective.get(name).getValue()).longValue();
  }

  boolean booleanValue(String name) {
    return (Boolean) effective.get(name).getValue();
  }

  String stringValue(String name) {
    return (String) effective.get(name).getValue();
  }

  /** The elements of an array attribute, defaults included. */
  List<? extends AnnotationValue> arrayValue(String name) {
    AnnotationValue value = effective.get(name);
    if (value == null || !(value.getValue() instanceof List<?> list)) {
      return List.of();
    }
    @SuppressWarnings("unchecked")
    List<? extends AnnotationValue> values = (List<? extends AnnotationValue>) list;
    return values;
  }

  /** The value of an enum attribute as the constant's name. */
  String enumValue(String name) {
    Object value = effective.get(name).getValue();
    return value instanceof VariableElement constant
        ? constant.getSimpleName().toString()
        : String.valueOf(value);
  }
}
