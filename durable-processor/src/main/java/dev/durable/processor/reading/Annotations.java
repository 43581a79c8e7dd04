package dev.durable.processor.reading;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The qualified names of Durable's annotations, declared here once, and whether an element carries
 * an annotation, found by its qualified name: so that the annotation's class (Jackson's, say) need
 * not be on the processor's class path. The attributes of Durable's annotations are read by {@link
 * WorkflowReader}.
 */
public final class Annotations {
  public static final String WORKFLOW = "dev.durable.annotations.Workflow";
  public static final String RUN = "dev.durable.annotations.Run";
  public static final String STEP = "dev.durable.annotations.Step";
  public static final String SIGNAL = "dev.durable.annotations.Signal";
  public static final String ON_ERROR = "dev.durable.annotations.OnError";
  public static final String ON_FAILURE = "dev.durable.annotations.OnFailure";
  public static final String SCHEDULE = "dev.durable.annotations.Schedule";
  public static final String SCHEDULES = "dev.durable.annotations.Schedules";

  /** Every annotation the processor handles. */
  public static final Set<String> ALL =
      Set.of(WORKFLOW, STEP, RUN, SCHEDULE, SCHEDULES, SIGNAL, ON_ERROR, ON_FAILURE);

  private Annotations() {}

  /** The mirror of the annotation of type {@code qualifiedName} on {@code element}, if present. */
  public static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (mirror.getAnnotationType().asElement() instanceof TypeElement type
          && type.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /** Whether {@code element} carries the annotation {@code qualifiedName}. */
  public static boolean has(Element element, String qualifiedName) {
    return find(element, qualifiedName).isPresent();
  }

  /** Whether {@code element} carries an annotation of any of the {@code qualifiedNames}. */
  public static boolean hasAny(Element element, List<String> qualifiedNames) {
    return qualifiedNames.stream().anyMatch(n -> has(element, n));
  }
}
