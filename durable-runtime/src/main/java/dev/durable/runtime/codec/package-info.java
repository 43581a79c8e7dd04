/**
 * How stored values are encoded (Jackson, with the generated full generic types, decoding
 * strictly and within one payload limit), validated (Hibernate Validator, only where the processor
 * found Jakarta constraints), and how the engine's own text (error messages, codes, event details)
 * is made storable in every database ({@link dev.durable.runtime.codec.StoredText}).
 */
package dev.durable.runtime.codec;
