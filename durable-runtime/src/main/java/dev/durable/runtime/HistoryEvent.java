package dev.durable.runtime;

import java.time.Instant;
import java.util.Optional;

/**
 * One transition of a run, as written to the event log in the same transaction as the transition.
 *
 * @param id the event's sequence number; increasing within a run
 * @param runId the run
 * @param at when it happened, by the engine's clock
 * @param type what happened: {@code run.created}, {@code run.claimed}, {@code run.sleeping},
 *     {@code run.completed}, {@code run.failed}, {@code run.cancelled}, {@code run.requeued},
 *     {@code run.recovered}, {@code run.released}, {@code run.compensating}, {@code step.started},
 *     {@code step.retrying}, {@code step.completed}, {@code step.failed}, {@code
 *     step.interrupted} (an attempt that may have run on an engine whose lease ended unrenewed,
 *     named in the detail), {@code step.queued}, {@code step.timed_out}, {@code step.lost},
 *     {@code step.redispatched}, {@code timer.started},
 *     {@code child.started}, {@code child.ended}, {@code signal.sent}, {@code signal.waiting},
 *     {@code signal.received}, {@code signal.timed_out}; {@code run.continued_as_new} (the first
 *     event of a new generation), {@code run.forked} (the first of a fork)
 * @param step the step's name, for step and timer events
 * @param attempt the attempt, for step events; 0 otherwise
 * @param detail a short human-readable detail: an error message, a delay, an engine id
 */
public record HistoryEvent(
    long id, String runId, Instant at, String type, Optional<String> step, int attempt, String detail) {}
