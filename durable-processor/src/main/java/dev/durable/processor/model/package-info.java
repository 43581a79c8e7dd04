/**
 * The model of one {@code @Workflow} class or step contract: immutable records built by {@link
 * dev.durable.processor.model.ModelFactory} from the raw model the reading package read once, and
 * read by the generators. The factory and the classes it uses ({@code TypeRefs}, {@code
 * ConstraintScanner}) are the only ones here that read {@code javax.lang.model} elements; no such
 * type escapes them. Everything else here is pure and unit-testable without javac, including {@link
 * dev.durable.processor.model.GeneratedNames}, which names every generated class and constant.
 */
package dev.durable.processor.model;
