/**
 * Reads each {@code @Workflow} class and step contract once: {@link
 * dev.durable.processor.reading.WorkflowReader} turns one into its raw model ({@link
 * dev.durable.processor.reading.RawWorkflow}, {@link dev.durable.processor.reading.RawContract}),
 * each method with the annotations it carries, each annotation a raw, typed record (each
 * attribute's effective value, defaults included, and the value as written, so that an error can
 * be put on it). Validation, the model factory and the shape all take that raw model. The names of
 * Durable's annotations are declared once, in {@link dev.durable.processor.reading.Annotations},
 * and of the runtime's types in {@link dev.durable.processor.reading.TypeNames}; nothing outside
 * this package reads an attribute.
 */
package dev.durable.processor.reading;
