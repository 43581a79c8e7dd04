/**
 * The annotations a workflow is written with: {@link dev.durable.annotations.Workflow},
 * {@link dev.durable.annotations.Run}, {@link dev.durable.annotations.Step},
 * {@link dev.durable.annotations.Signal} and {@link dev.durable.annotations.Backoff}. They are read
 * by the annotation processor at compile time and never at run time, and this module has no
 * dependencies.
 */
package dev.durable.annotations;
