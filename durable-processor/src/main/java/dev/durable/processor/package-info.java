/**
 * The Durable annotation processor. {@link dev.durable.processor.DurableProcessor} is its one entry
 * point: it validates each {@code @Workflow} class and step contract ({@code .validation}), reads
 * it into a model ({@code .model}) and generates its classes from the model ({@code .generation}).
 */
package dev.durable.processor;
