/**
 * The one reader of Durable's annotations: {@link dev.durable.processor.reading.AnnotationReader}
 * reads an annotation once into a raw, typed record (each attribute's effective value, defaults
 * included, and the value as written, so that an error can be put on it), which validation and
 * the model factory both consume. Nothing else reads an attribute by its name.
 */
package dev.durable.processor.reading;
