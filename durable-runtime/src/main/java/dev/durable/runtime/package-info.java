/**
 * The public API of the Durable runtime: {@link dev.durable.runtime.DurableEngine} and its builder,
 * the contexts a workflow and its steps receive, {@link dev.durable.runtime.RunHandle}, run and
 * step status, hooks, and the errors a user throws ({@link dev.durable.runtime.FatalError}) or
 * catches. The builders collect an immutable {@link dev.durable.runtime.EngineConfig} or {@link
 * dev.durable.runtime.WorkerConfig}, which the engine's factory, found with {@code ServiceLoader},
 * consumes: nothing here names a class of {@code dev.durable.runtime.internal}.
 *
 * <p>This package is the bottom of the public ones: it names nothing of {@code .spi} or {@code
 * .codec} either, which build on it. Where it takes an object that generated code implements, it
 * declares the type it takes ({@link dev.durable.runtime.WorkflowDefinition}, {@link
 * dev.durable.runtime.StepService}, {@link dev.durable.runtime.DurableView}), which the spi type
 * extends; what it does through the engine ({@link dev.durable.runtime.Parallel}, {@link
 * dev.durable.runtime.Retry}, {@link dev.durable.runtime.DurableStore}) it finds with {@code
 * ServiceLoader}. No test hook is here: the test kit, {@code durable-test}, offers them.
 */
package dev.durable.runtime;
