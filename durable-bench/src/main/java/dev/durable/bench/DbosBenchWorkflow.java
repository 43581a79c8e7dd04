package dev.durable.bench;

/**
 * {@link BenchWorkflow} for DBOS Transact: DBOS runs workflows and steps through a proxy of an
 * interface ({@code DBOS.registerProxy}), so the run and its three steps are declared here and
 * implemented, with DBOS's annotations, by {@link DbosBenchWorkflowImpl}.
 */
interface DbosBenchWorkflow {
  int run(int x);

  int a(int x);

  int b(int x);

  int c(int x);
}
