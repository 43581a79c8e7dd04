package dev.durable.processor.reading;

import dev.durable.annotations.Backoff;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.type.TypeMirror;

/**
 * A {@code @Step} as written on one method: every attribute of {@link dev.durable.annotations.Step}
 * in declaration order. A new attribute is a new component here, read in {@link AnnotationReader}.
 *
 * @param nonRetryable each class listed, written (an unresolved class is a type of kind ERROR)
 */
public record StepAnnotation(
    AnnotationMirror mirror,
    Attribute<String> name,
    Attribute<Integer> retries,
    Attribute<Backoff> backoff,
    Attribute<Long> backoffMs,
    Attribute<Long> backoffMaxMs,
    Attribute<Boolean> jitter,
    Attribute<Long> timeoutMs,
    List<Attribute<TypeMirror>> nonRetryable,
    Attribute<String> compensate,
    Attribute<Long> remoteRedispatchMs,
    Attribute<Integer> remoteRedispatchMax,
    Attribute<Long> pickupTimeoutMs,
    Attribute<String> queue) {

  /** The step's name: {@code name} if set, else the method's. */
  public String stepName(String methodName) {
    return name.value().isEmpty() ? methodName : name.value();
  }
}
