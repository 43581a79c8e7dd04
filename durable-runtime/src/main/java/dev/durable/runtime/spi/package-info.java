/**
 * What generated code implements and calls: {@link dev.durable.runtime.spi.DurableWorkflow}, the
 * step and workflow descriptors, {@link dev.durable.runtime.spi.Steps} and the per-thread {@link
 * dev.durable.runtime.spi.CurrentTurn}. Users do not call these directly; their names are stable
 * because generated code depends on them.
 */
package dev.durable.runtime.spi;
