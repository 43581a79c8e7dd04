package dev.durable.processor.reading;

import javax.lang.model.element.AnnotationMirror;

/** A {@code @Signal} as written on one method. */
public record SignalAnnotation(AnnotationMirror mirror, Attribute<String> name) {

  /** The signal's name: {@code name} if set, else the method's. */
  public String signalName(String methodName) {
    return name.value().isEmpty() ? methodName : name.value();
  }
}
