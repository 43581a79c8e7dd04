/**
 * The shape of a workflow version, read by the compiler from its {@code @Run} body ({@link
 * dev.durable.processor.shape.ShapeReader}) and written as JSON ({@link
 * dev.durable.processor.shape.ShapeJson}): the steps, signal waits, child runs, sleeps, events,
 * streams, attributes and continue-as-new in order, the fans, branches and loops around them, its
 * error routes, compensations and {@code @OnFailure}.
 * The dashboard draws it; nothing in the runtime depends on it.
 *
 * <p>The walk of the {@code @Run} method that reads the shape ({@link
 * dev.durable.processor.shape.BodyScanner}) is the body's one scan: it also finds the calls the
 * determinism lint checks ({@link dev.durable.processor.shape.RunCalls}).
 */
package dev.durable.processor.shape;
