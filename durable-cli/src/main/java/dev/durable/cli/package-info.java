/**
 * {@code durable-cli}: the command line over {@link dev.durable.runtime.DurableEngine}'s operator
 * API. It opens the store with an engine that registers no workflow and is never started, so it
 * needs none of the application's classes. {@link dev.durable.cli.DurableCli} is the entry point;
 * each command is one class; {@link dev.durable.cli.ExitCodes} lists what scripts can rely on.
 */
package dev.durable.cli;
