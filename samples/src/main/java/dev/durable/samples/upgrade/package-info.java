/**
 * The upgrade sample: version 2 of a workflow deployed while runs of version 1 sleep in the
 * database. Both versions are registered side by side under one {@code @Workflow} name; each run
 * ends on the version it started with, and new runs start on version 2, even through version 1's
 * client. Copy this package's pattern when a change to a workflow would not replay the runs it
 * has in flight.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=upgrade}.
 */
package dev.durable.samples.upgrade;
