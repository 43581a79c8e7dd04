package dev.durable.runtime.internal.model;

import java.time.Instant;

/**
 * The types of event written to a run's log, by the engine and by the store, with the names they
 * are stored under (the operator tools and {@code HistoryEvent} read those names, so they never
 * change).
 */
public enum EventType {
  /** A run was started. */
  RUN_CREATED("run.created"),
  /** An engine claimed a run: the one that started it, at once, or a poll. */
  RUN_CLAIMED("run.claimed"),
  /** A run suspended until a time, a worker's answer or a queue's slot. */
  RUN_SLEEPING("run.sleeping"),
  RUN_COMPLETED("run.completed"),
  RUN_FAILED("run.failed"),
  /**
   * A run's stored payload could not be decoded here (the payload codec lacks its key, or the
   * bytes were altered): the run is set aside, not failed, until an engine that can read it takes
   * it up (the reason in the detail).
   */
  RUN_SET_ASIDE("run.set_aside"),
  /** An engine closing gave up its lease on a run in flight. */
  RUN_RELEASED("run.released"),
  /**
   * An engine starting on a store no other process can share (an H2 file) ended the leases its
   * previous process held (the engine in the detail): the runs are taken over at once.
   */
  RUN_RECOVERED("run.recovered"),
  RUN_CANCELLED("run.cancelled"),
  /** An operator paused the run ({@code engine.pause}); the state it was in, in the detail. */
  RUN_PAUSED("run.paused"),
  /** An operator resumed a paused run: it is due at once, or waits for its queue's admission. */
  RUN_RESUMED("run.resumed"),
  /**
   * A run failed for good and its completed steps are undone: which compensations run, in order,
   * in the detail.
   */
  RUN_COMPENSATING("run.compensating"),
  /** A queue admitted a run started through it: it is due now (its queue in the detail). */
  RUN_ADMITTED("run.admitted"),
  /**
   * A debounced start came within the run's window: its input replaced the run's, and the window
   * starts again.
   */
  RUN_DEBOUNCED("run.debounced"),
  /** A failed run was made due again, its failed steps reset. */
  RUN_REQUEUED("run.requeued"),
  /** A durable timer ({@code ctx.sleep}) started. */
  TIMER_STARTED("timer.started"),
  /** A run started a child run (its id in the detail). */
  CHILD_STARTED("child.started"),
  /** A run awaiting a child run recorded how it ended. */
  CHILD_ENDED("child.ended"),
  /** A step's first attempt, or a dispatched step's attempt, is about to run. */
  STEP_STARTED("step.started"),
  /** A step's attempt failed and another follows after a delay. */
  STEP_RETRYING("step.retrying"),
  STEP_COMPLETED("step.completed"),
  STEP_FAILED("step.failed"),
  /**
   * A local step's attempt may have run on an engine whose lease on the run ended unrenewed (it
   * died or stalled) before the attempt's outcome was stored: logged by the engine that took the
   * run over, before its own attempt; the attempt counts among the step's attempts, and the engine
   * is named in the detail.
   */
  STEP_INTERRUPTED("step.interrupted"),
  /** A step waits for a slot of its flow-control queue. */
  STEP_QUEUED("step.queued"),
  /** A dispatched step's task waited past its pickup timeout or its worker went silent. */
  STEP_TIMED_OUT("step.timed_out"),
  /** A dispatched step's task went unanswered past its lease. */
  STEP_LOST("step.lost"),
  /** A dispatched step's task was given up as lost by hand, or by its lease, and queued again. */
  STEP_REDISPATCHED("step.redispatched"),
  /** A typed signal was sent to the run and stored; its name is the event's step. */
  SIGNAL_SENT("signal.sent"),
  /** A signal wait found no signal and the run suspends until one comes or the wait ends. */
  SIGNAL_WAITING("signal.waiting"),
  /**
   * A signal's value did not fit the type its wait takes: it was set aside, and the wait goes on.
   */
  SIGNAL_REJECTED("signal.rejected"),
  /** A signal wait took a signal. */
  SIGNAL_RECEIVED("signal.received"),
  /** A signal wait ended with no signal: the method's body gave the value. */
  SIGNAL_TIMED_OUT("signal.timed_out"),
  /**
   * A run started over with a new input ({@code continueAsNew}): the first event of its new
   * generation, whose number is in the detail; the older generation's events are gone.
   */
  RUN_CONTINUED("run.continued_as_new"),
  /** A run was started as a fork of another: the run and position in the detail. */
  RUN_FORKED("run.forked");

  private final String stored;

  EventType(String stored) {
    this.stored = stored;
  }

  /** The name the event is stored under. */
  public String stored() {
    return stored;
  }

  /** An event of this type about attempt {@code attempt} of {@code step}; detail may be null. */
  public NewEvent step(String step, int attempt, String detail, Instant at) {
    return new NewEvent(stored, step, attempt, detail, at);
  }

  /** A run-level event of this type; detail may be null. */
  public NewEvent run(String detail, Instant at) {
    return NewEvent.run(stored, detail, at);
  }
}
