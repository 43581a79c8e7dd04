/**
 * How stored values are encoded (Jackson, with the generated full generic types) and validated
 * (Hibernate Validator, only where the processor found Jakarta constraints).
 */
package dev.durable.runtime.codec;
