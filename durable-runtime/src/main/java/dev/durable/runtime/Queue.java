package dev.durable.runtime;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A flow-control queue, as an engine declares it with {@link DurableEngine.Builder#queue(Queue)}:
 * an immutable value, each setter returning a new one, each limit checked as it is set.
 *
 * <pre>{@code
 * DurableEngine.builder()
 *     .queue(Queue.named("llm").concurrency(4).perEngine(2).rateLimit(10, Duration.ofSeconds(1)))
 * }</pre>
 *
 * <p>A run started with {@link StartOptions.Builder#queue(String)} is {@link RunState#ENQUEUED}
 * until an engine that declares its queue admits it, then holds one slot of the queue until it
 * ends (sleeping and waiting for a signal included). The limits are kept in the database, so that
 * they hold across every engine sharing it: at most {@link #concurrency()} admitted runs of the
 * queue unfinished at once, at most {@link #ratePermits()} admitted per {@link #ratePeriod()};
 * with partition keys, both hold per key. Every engine serving the queue should declare it the
 * same way: one that finds another declaration stored logs a warning naming both.
 *
 * <p>The attempts of the steps declared {@code @Step(queue = name)} are limited the same way,
 * counted apart from the runs: at most {@link #concurrency()} attempts at once and {@link
 * #ratePermits()} started per {@link #ratePeriod()}, across every engine, through slots and
 * permits kept in the database. An attempt's slot is leased to its engine and renewed with its
 * runs' leases: an engine that dies holding one gives it back when its lease ends. A run whose
 * step finds the queue full sleeps, holding no engine slot, until a slot frees on its engine (or,
 * freed by another engine, until its engine's next poll) or the rate limit frees a permit.
 *
 * <p>{@link #perEngine()} bounds what one engine takes: the attempts at once of the steps declared
 * {@code @Step(queue = name)} on this engine, and the runs of the queue this engine admits while it
 * holds that many of them leased. A run admitted here that sleeps and is claimed later by another
 * engine counts on that one from then on, so the per-engine bound on runs is kept at admission, not
 * at every moment.
 */
public final class Queue {
  /** The longest period a rate limit may have. */
  static final Duration MAX_PERIOD = Duration.ofDays(1);

  private final String name;
  private final int concurrency;
  private final int perEngine;
  private final int ratePermits;
  private final Duration ratePeriod;

  private Queue(String name, int concurrency, int perEngine, int ratePermits, Duration ratePeriod) {
    this.name = name;
    this.concurrency = concurrency;
    this.perEngine = perEngine;
    this.ratePermits = ratePermits;
    this.ratePeriod = ratePeriod;
  }

  /**
   * A queue with no limit yet.
   *
   * @throws IllegalArgumentException unless {@code name} is 1 to 100 letters, digits, '.', '_' or
   *     '-'
   */
  public static Queue named(String name) {
    return new Queue(Checks.queueName(name), 0, 0, 0, null);
  }

  /**
   * At most {@code concurrency} admitted runs of this queue unfinished at once, across every
   * engine (per partition key, where runs have one), and at most that many attempts at once of
   * the steps declared with this queue; 0, the default, for no limit.
   */
  public Queue concurrency(int concurrency) {
    return new Queue(name, notNegative(concurrency, "concurrency"), perEngine, ratePermits,
        ratePeriod);
  }

  /**
   * At most {@code perEngine} at once on any one engine: step attempts of the queue's steps, and
   * runs of the queue admitted while it holds them (see the class documentation); 0, the default,
   * for no limit.
   */
  public Queue perEngine(int perEngine) {
    return new Queue(name, concurrency, notNegative(perEngine, "perEngine"), ratePermits,
        ratePeriod);
  }

  /**
   * At most {@code permits} runs of this queue admitted per {@code period} (a sliding window),
   * across every engine (per partition key, where runs have one), and at most that many attempts
   * of the steps declared with this queue started per period.
   *
   * @throws IllegalArgumentException unless {@code permits} is at least 1 and {@code period} at
   *     least 1 ms and at most a day
   */
  public Queue rateLimit(int permits, Duration period) {
    Objects.requireNonNull(period, "period");
    if (permits < 1) {
      throw new IllegalArgumentException("queue '" + name + "': a rate limit needs at least 1"
          + " permit per period, but was " + permits);
    }
    if (period.compareTo(Duration.ofMillis(1)) < 0 || period.compareTo(MAX_PERIOD) > 0) {
      throw new IllegalArgumentException("queue '" + name + "': a rate limit's period must be"
          + " 1 ms to 1 day, but was " + period);
    }
    return new Queue(name, concurrency, perEngine, permits, period);
  }

  public String name() {
    return name;
  }

  /** The runs admitted at once across all engines; 0 for no limit. */
  public int concurrency() {
    return concurrency;
  }

  /** The step attempts (and runs admitted) at once on one engine; 0 for no limit. */
  public int perEngine() {
    return perEngine;
  }

  /** The runs admitted per {@link #ratePeriod()}; 0 for no rate limit. */
  public int ratePermits() {
    return ratePermits;
  }

  /** The period of the rate limit; empty for none. */
  public Optional<Duration> ratePeriod() {
    return Optional.ofNullable(ratePeriod);
  }

  /**
   * The declaration in words, as stored for the other engines to compare, e.g. {@code
   * Queue[llm, concurrency=4, perEngine=2, rateLimit=10/PT1S]}.
   */
  @Override
  public String toString() {
    return "Queue[" + name + ", concurrency=" + concurrency + ", perEngine=" + perEngine
        + ", rateLimit=" + (ratePeriod == null ? "none" : ratePermits + "/" + ratePeriod) + "]";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Queue q && q.toString().equals(toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }

  private int notNegative(int value, String what) {
    if (value < 0) {
      throw new IllegalArgumentException("queue '" + name + "': " + what + " must be 0 (no"
          + " limit) or more, but was " + value);
    }
    return value;
  }
}
