/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>What operators read and retention deletes, off the runs' path: {@link RunSearch} ({@code
 * listRuns}), {@link StoredOverview} over {@link OverviewTable} (counts per period, runs waiting
 * past their time), {@link StoredShapes} over {@link WorkflowShapesTable} (the workflow versions'
 * shapes), and {@link FinishedRuns} (deleting ended runs with all their rows).
 */
package dev.durable.runtime.internal.store.ops;
