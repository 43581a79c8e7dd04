/**
 * The step graph of a workflow version ({@link dev.durable.processor.lock.StepGraph}: the run's,
 * steps', signals' and routes' stored names and types, which in-flight runs depend on) and the lock
 * file that records it across builds ({@link dev.durable.processor.lock.LockFile}), so that a build
 * that changes a locked graph incompatibly fails.
 */
package dev.durable.processor.lock;
