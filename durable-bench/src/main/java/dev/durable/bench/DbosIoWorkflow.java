package dev.durable.bench;

/**
 * {@link IoWorkflow} for DBOS Transact, declared as an interface for DBOS's proxy ({@code
 * DBOS.registerProxy}) and implemented by {@link DbosIoWorkflowImpl}.
 */
interface DbosIoWorkflow {
  int run(int millis);

  int call(int millis);
}
