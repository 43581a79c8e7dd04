package dev.durable.processor.reading;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.CatchUp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads Durable's annotations into {@link WorkflowAnnotation}, {@link RunAnnotation}, {@link
 * StepAnnotation}, {@link SignalAnnotation}, {@link OnErrorAnnotation} and {@link
 * ScheduleAnnotation}: the only place that names their attributes. Values are read through the
 * annotation's mirror with its defaults, never through the annotation proxy, so that class values
 * ({@code nonRetryable}) need no loaded classes. Only {@link WorkflowReader} calls it, once per
 * element.
 */
final class AnnotationReader {
  private final Elements elements;

  AnnotationReader(Elements elements) {
    this.elements = elements;
  }

  /** The {@code @Step} on {@code element}, if it has one. */
  Optional<StepAnnotation> step(Element element) {
    return Annotations.find(element, Annotations.STEP).map(mirror -> {
      Values values = new Values(mirror);
      return new StepAnnotation(
          mirror,
          values.get("name", String.class),
          values.get("retries", Integer.class),
          values.constant("backoff", Backoff.class),
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
  Optional<RunAnnotation> run(Element element) {
    return Annotations.find(element, Annotations.RUN)
        .map(mirror -> new RunAnnotation(mirror, new Values(mirror).get("timeoutMs", Long.class)));
  }

  /** The {@code @Signal} on {@code element}, if it has one. */
  Optional<SignalAnnotation> signal(Element element) {
    return Annotations.find(element, Annotations.SIGNAL)
        .map(mirror -> new SignalAnnotation(mirror, new Values(mirror).get("name", String.class)));
  }

  /** The {@code @Workflow} on {@code element}, if it has one. */
  Optional<WorkflowAnnotation> workflow(Element element) {
    return Annotations.find(element, Annotations.WORKFLOW).map(mirror -> {
      Values values = new Values(mirror);
      return new WorkflowAnnotation(
          mirror, values.get("name", String.class), values.get("version", String.class));
    });
  }

  /** The {@code @OnError} on {@code element}, if it has one. */
  Optional<OnErrorAnnotation> onError(Element element) {
    return Annotations.find(element, Annotations.ON_ERROR)
        .map(mirror -> new OnErrorAnnotation(mirror, new Values(mirror).get("code", String.class)));
  }

  /**
   * The {@code @Schedule}s on {@code element} in declaration order: one written alone, or those
   * javac gathered into a {@code @Schedules} container.
   */
  List<ScheduleAnnotation> schedules(Element element) {
    List<AnnotationMirror> mirrors = new ArrayList<>();
    Annotations.find(element, Annotations.SCHEDULE).ifPresent(mirrors::add);
    boolean alone = !mirrors.isEmpty();
    Annotations.find(element, Annotations.SCHEDULES).ifPresent(container -> {
      for (AnnotationValue value : container.getElementValues().values()) {
        if (value.getValue() instanceof List<?> list) {
          for (Object nested : list) {
            if (nested instanceof AnnotationValue v && v.getValue() instanceof AnnotationMirror m) {
              mirrors.add(m);
            }
          }
        }
      }
    });
    List<ScheduleAnnotation> schedules = new ArrayList<>();
    for (int i = 0; i < mirrors.size(); i++) {
      AnnotationMirror mirror = mirrors.get(i);
      Values values = new Values(mirror);
      schedules.add(new ScheduleAnnotation(
          mirror,
          alone && i == 0 ? -1 : i,
          values.get("cron", String.class),
          values.get("zone", String.class),
          values.constant("catchUp", CatchUp.class)));
    }
    return schedules;
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

    <E extends Enum<E>> Attribute<E> constant(String name, Class<E> type) {
      Object value = effective.get(name).getValue();
      String constant = value instanceof VariableElement v
          ? v.getSimpleName().toString()
          : String.valueOf(value);
      return new Attribute<>(name, Enum.valueOf(type, constant), written.get(name));
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
