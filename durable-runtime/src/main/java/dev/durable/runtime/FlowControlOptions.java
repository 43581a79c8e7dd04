package dev.durable.runtime;

import java.util.Objects;

/**
 * The options of {@link DurableEngine.Builder} that bound how much an engine runs at once: its
 * flow-control queues and its runs in flight. A class of their own beside the {@link StoreOptions}
 * that engines and workers share; package-private, so its methods show as the builder's own.
 *
 * @param <B> the builder
 */
abstract class FlowControlOptions<B extends FlowControlOptions<B>> extends StoreOptions<B> {
  /** What the engine builder has collected so far (these options and the rest). */
  final EngineConfig.Draft draft = new EngineConfig.Draft();

  FlowControlOptions() {}

  /**
   * Declares a flow-control {@link Queue}: its engines admit the runs started through it, and its
   * {@code @Step(queue = name)} attempts take a slot of its {@link Queue#perEngine()}.
   */
  public B queue(Queue queue) {
    draft.queues.put(Objects.requireNonNull(queue, "queue").name(), queue);
    return self();
  }

  /** {@code queue(Queue.named(name).perEngine(concurrency))}, concurrency at least 1. */
  public B queue(String name, int concurrency) {
    return queue(Queue.named(name).perEngine(Checks.queueConcurrency(name, concurrency)));
  }

  /**
   * How many runs a started engine executes at once ({@link EngineConfig#maxConcurrentRuns()}
   * tells the defaults). A run in flight holds its thread and state in memory while its step
   * executes, but no connection: slow steps want it high. The pool does not grow with it.
   */
  public B maxConcurrentRuns(int maxConcurrentRuns) {
    draft.maxConcurrentRuns = Checks.atLeastOne(maxConcurrentRuns, "maxConcurrentRuns");
    return self();
  }
}
