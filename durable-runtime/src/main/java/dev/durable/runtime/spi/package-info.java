/**
 * What generated code implements and calls: {@link dev.durable.runtime.spi.DurableWorkflow}, the
 * step, signal and workflow descriptors, {@link dev.durable.runtime.spi.Steps}, {@link
 * dev.durable.runtime.spi.Signals} and the per-thread {@link dev.durable.runtime.spi.CurrentTurn}.
 * Users do not call these directly; their names are stable because generated code depends on them.
 * Also {@link dev.durable.runtime.spi.RunReplays}, through which the test kit's {@code
 * WorkflowReplayer} replays exported runs.
 *
 * <p>It builds on the API, {@code dev.durable.runtime}, and names nothing of {@code .codec}: the
 * types the API takes from generated code extend the API's own ({@code DurableWorkflow} a {@code
 * WorkflowDefinition}, {@code StepBinding} a {@code StepService}, {@code DurableSteps} a {@code
 * DurableView}), so that the API names nothing here.
 */
package dev.durable.runtime.spi;
