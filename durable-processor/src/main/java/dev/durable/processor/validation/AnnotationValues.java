package dev.durable.processor.validation;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Whether an element carries an annotation, by the annotation's qualified name, so that the
 * annotation's class (Jackson's, say) need not be on the processor's class path. Durable's own
 * annotations' attributes are read by {@link dev.durable.processor.reading.AnnotationReader}.
 */
final class AnnotationValues {
  private AnnotationValues() {}

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
}
