/**
 * What generated code implements and calls: {@link dev.durable.runtime.spi.DurableWorkflow}, the
 * step, signal and workflow descriptors, {@link dev.durable.runtime.spi.Steps}, {@link
 * dev.durable.runtime.spi.Signals} and the per-thread {@link dev.durable.runtime.spi.CurrentTurn}.
 * Users do not call these directly; their names are stable because generated code depends on them.
 * Also what the test kit gives the engine: {@link dev.durable.runtime.spi.AttemptGate} (injected
 * faults), {@link dev.durable.runtime.spi.ManualClock} (a clock a test moves) and {@link
 * dev.durable.runtime.spi.RunReplays} (replays of exported runs).
 */
package dev.durable.runtime.spi;
