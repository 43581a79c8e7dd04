package dev.durable.processor.reading;

import dev.durable.annotations.Backoff;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads Durable's annotations into {@link StepAnnotation}, {@link RunAnnotation} and {@link
 * SignalAnnotation}: the only place that names their attributes. Values are read through the
 * annotation's mirror with its defaults, never through the annotation proxy, so that class values
 * ({@code nonRetryable}) need no loaded classes.
 */
public final class AnnotationReader {
  public static final String STEP = "dev.durable.annotations.Step";
  public static final String RUN = "dev.durable.annotations.Run";
  public static final String SIGNAL = "dev.durable.annotations.Signal";

  private final Elements elements;

  public AnnotationReader(Elements elements) {
    this.elements = elements;
  }

  /** The {@code @Step} on {@code element}, if it has one. */
  public Optional<StepAnnotation> step(Element element) {
    return find(element, STEP).map(mirror -> {
      Values values = new Values(mirror);
      return new StepAnnotation(
          mirror,
          values.get("name", String.class),
          values.get("retries", Integer.class),
          values.backoff("backoff"),
          values.get("backoffMs", Long.class),
          values.get("backoffMaxMs", Long.class),
          values.get("jitter", Boolean.class),
          values.get("timeoutMs", Long.class),
          values.classes("nonRetryable"),
          values.get("compensate", String.class),
          values.get("remoteRedispatchMs", Long.class),
          values.get("remoteRedispatchMax", Integer.class),
          values.get("pickupTimeoutMs", Long.class),
          values.get("queue", String.class));
    });
  }

  /** The {@code @Run} on {@code element}, if it has one. */
  public Optional<RunAnnotation> run(Element element) {
    return find(element, RUN)
        .map(mirror -> new RunAnnotation(mirror, new Values(mirror).get("timeoutMs", Long.class)));
  }

  /** The {@code @Signal} on {@code element}, if it has one. */
  public Optional<SignalAnnotation> signal(Element element) {
    return find(element, SIGNAL)
        .map(mirror -> new SignalAnnotation(mirror, new Values(mirror).get("name", String.class)));
  }

  private static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (mirror.getAnnotationType().asElement() instanceof TypeElement type
          && type.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /** One annotation's values: as written, and effective (defaults included), by name. */
  private final class Values {
    private final Map<String, AnnotationValue> written = new HashMap<>();
    private final Map<String, AnnotationValue> effective = new HashMap<>();

    Values(AnnotationMirror mirror) {
      mirror.getElementValues().forEach((k, v) -> written.put(k.getSimpleName().toString(), v));
      elements.getElementValuesWithDefaults(mirror)
          .forEach((k, v) -> effective.put(k.getSimpleName().toString(), v));
    }

    <T> Attribute<T> get(String name, Class<T> type) {
      return new Attribute<>(name, type.cast(effective.get(name).getValue()), written.get(name));
    }

    Attribute<Backoff> backoff(String name) {
      Object value = effective.get(name).getValue();
      String constant = value instanceof VariableElement v
          ? v.getSimpleName().toString()
          : String.valueOf(value);
      return new Attribute<>(name, Backoff.valueOf(constant), written.get(name));
    }

    /** Each class of a {@code Class[]} attribute, with the value to put an error on. */
    List<Attribute<TypeMirror>> classes(String name) {
      if (!(effective.get(name).getValue() instanceof List<?> list)) {
        return List.of();
      }
      return list.stream()
          .map(AnnotationValue.class::cast)
          .filter(v -> v.getValue() instanceof TypeMirror)
          .map(v -> new Attribute<>(name, (TypeMirror) v.getValue(), v))
          .toList();
    }
  }
}
