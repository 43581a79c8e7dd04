package dev.durable.runtime;

/** The task a worker is serving: one attempt of one dispatched step of one run. */
public interface TaskContext {
  /** {@code <runId>/<seq>/<attempt>}: the same for every delivery of this attempt. */
  String taskId();

  String runId();

  /** The step's name. */
  String step();

  /** 1 for the first attempt. */
  int attempt();
}
