/**
 * What generated code implements and calls: {@link dev.durable.runtime.spi.DurableWorkflow}, the
 * step, signal and workflow descriptors, {@link dev.durable.runtime.spi.Steps}, {@link
 * dev.durable.runtime.spi.Signals} and the per-thread {@link dev.durable.runtime.spi.CurrentTurn}.
 * Users do not call these directly; their names are stable because generated code depends on them.
 * Also {@link dev.durable.runtime.spi.RunReplays}, through which the test kit's {@code
 * WorkflowReplayer} replays exported runs.
 */
package dev.durable.runtime.spi;
