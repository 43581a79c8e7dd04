/**
 * The annotations a workflow is written with: {@link dev.durable.annotations.Workflow},
 * {@link dev.durable.annotations.Run}, {@link dev.durable.annotations.Step},
 * {@link dev.durable.annotations.Signal}, {@link dev.durable.annotations.OnError},
 * {@link dev.durable.annotations.OnFailure}, {@link dev.durable.annotations.Backoff} and
 * {@link dev.durable.annotations.Schedule} (with its container
 * {@link dev.durable.annotations.Schedules} and {@link dev.durable.annotations.CatchUp}). They are
 * read by the annotation processor at compile time and never at run time (the generated code
 * refers to {@code CatchUp} constants), and this module has no dependencies.
 */
package dev.durable.annotations;
