package dev.durable.processor.reading;

import javax.lang.model.element.AnnotationMirror;

/** An {@code @OnError} as written on one method. */
public record OnErrorAnnotation(AnnotationMirror mirror, Attribute<String> code) {}
