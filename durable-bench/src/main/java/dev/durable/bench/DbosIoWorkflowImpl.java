package dev.durable.bench;

import dev.dbos.transact.workflow.Step;
import dev.dbos.transact.workflow.Workflow;

/**
 * One step that waits for a slow service's answer ({@link IoCall}), as in {@link IoWorkflow}, as
 * DBOS declares it; the run calls the step through the proxy {@code registerProxy} returned, so
 * that DBOS checkpoints it (see {@link DbosBenchWorkflowImpl}).
 */
final class DbosIoWorkflowImpl implements DbosIoWorkflow {
  private final IoCall service;
  private DbosIoWorkflow proxy;

  DbosIoWorkflowImpl(IoCall service) {
    this.service = service;
  }

  /** Hands in the proxy that {@code registerProxy} returned for this instance; before launch. */
  void proxy(DbosIoWorkflow registered) {
    this.proxy = registered;
  }

  @Step(name = "call")
  @Override
  public int call(int millis) {
    return service.call(millis);
  }

  @Workflow(name = "io")
  @Override
  public int run(int millis) {
    return proxy.call(millis);
  }
}
