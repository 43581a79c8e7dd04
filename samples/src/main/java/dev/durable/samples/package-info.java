/**
 * Runnable samples of Durable workflows, each a template to copy: {@link dev.durable.samples.Main}
 * runs one by name, and {@link dev.durable.samples.Timeline} prints a run's event log as a story.
 *
 * <p>From the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=checkout}.
 */
package dev.durable.samples;
