package dev.durable.processor.reading;

import javax.lang.model.element.AnnotationValue;

/**
 * One attribute of an annotation as the reader found it.
 *
 * @param name the attribute's name, as a message names it ({@code backoffMs})
 * @param value its effective value, the default when it was not written
 * @param written the value as written in the source, to put an error on; null when defaulted
 */
public record Attribute<T>(String name, T value, AnnotationValue written) {

  /** Whether the user wrote the attribute, rather than taking its default. */
  public boolean isWritten() {
    return written != null;
  }
}
