/**
 * The code generators: one per generated class ({@link
 * dev.durable.processor.generation.CodecsGenerator}, {@link
 * dev.durable.processor.generation.DurableClassGenerator}, {@link
 * dev.durable.processor.generation.ClientGenerator}), each turning a {@link
 * dev.durable.processor.model.WorkflowModel} into a JavaPoet {@code JavaFile} without reading any
 * element, and the {@link dev.durable.processor.generation.SourceWriter} that writes them and the
 * {@code META-INF/services} file through the {@code Filer}.
 */
package dev.durable.processor.generation;
