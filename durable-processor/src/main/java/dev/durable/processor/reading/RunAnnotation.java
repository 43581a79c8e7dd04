package dev.durable.processor.reading;

import javax.lang.model.element.AnnotationMirror;

/** A {@code @Run} as written on one method. */
public record RunAnnotation(AnnotationMirror mirror, Attribute<Long> timeoutMs) {}
