/**
 * The model of one {@code @Workflow} class: immutable records built by {@link
 * dev.durable.processor.model.ModelFactory}, the only class here that reads {@code javax.lang.model}
 * elements, and read by the generators. Everything else here is pure and unit-testable without
 * javac, including {@link dev.durable.processor.model.GeneratedNames}, which names every generated
 * class and constant.
 */
package dev.durable.processor.model;
