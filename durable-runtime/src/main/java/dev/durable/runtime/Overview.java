package dev.durable.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The runs at a glance, as {@link DurableEngine#overview} reads them across every engine sharing
 * the database: how many started and ended in each period of a window, and the runs waiting
 * longest past their time. Each part is a range of an index, so that the read costs what the
 * window holds, not what the database does.
 *
 * <pre>{@code
 * Instant hourAgo = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));
 * Overview overview = engine.overview(hourAgo, Duration.ofMinutes(1));   // 61 periods
 * }</pre>
 *
 * <p>{@code engine.overview(from, bucket)} counts the periods from {@code from} until the one
 * holding the engine's clock's now; {@code bucket} is whole milliseconds, a second or more, and
 * the window holds at most {@link #MAX_BUCKETS} of them (else {@link IllegalArgumentException}).
 *
 * @param from the start of the first period
 * @param bucket the length of each period
 * @param buckets the periods from {@code from} on, oldest first, the last one holding the time of
 *     the read
 * @param stuck the runs waiting past their time by more than {@link #OVERDUE}, the longest
 *     waiting first, at most {@link #STUCK_LISTED}: see {@link Stuck}
 * @param paused how many runs are {@link RunState#PAUSED} now, of every workflow
 */
public record Overview(Instant from, Duration bucket, List<Bucket> buckets, List<Stuck> stuck,
    long paused) {
  /** The most runs {@link #stuck()} lists. */
  public static final int STUCK_LISTED = 20;
  /** How long past its time a run waits before {@link #stuck()} lists it. */
  public static final Duration OVERDUE = Duration.ofMinutes(1);
  /** The most periods one overview counts (a day of minutes). */
  public static final int MAX_BUCKETS = 1440;

  public Overview {
    buckets = List.copyOf(buckets);
    stuck = List.copyOf(stuck);
  }

  /** An overview with no run paused. */
  public Overview(Instant from, Duration bucket, List<Bucket> buckets, List<Stuck> stuck) {
    this(from, bucket, buckets, stuck, 0);
  }

  /**
   * One period's counts. A run counts as started when it was started (a continued run once, a fork
   * as a run of its own) and as ended when it last ended: a failed run that was requeued and ended
   * again counts where it ended last.
   *
   * @param start the period's start; it ends where the next one starts
   * @param started runs started in it
   * @param completed runs that completed in it
   * @param failed runs that failed in it
   * @param cancelled runs cancelled in it
   */
  public record Bucket(Instant start, long started, long completed, long failed, long cancelled) {}

  /**
   * A run that waits past its time, and since when, by its {@link RunInfo#status()}:
   *
   * <ul>
   *   <li>{@link RunState#PENDING}: due since {@code since} and taken up by no engine (none
   *       registers its workflow version, or they are all busy);
   *   <li>{@link RunState#SLEEPING}: its wake time, or its run timeout's end, passed at {@code
   *       since} and no engine took it up;
   *   <li>{@link RunState#RUNNING}: its engine's lease ended at {@code since} without renewal (the
   *       engine died or stalls) and no engine took it over;
   *   <li>{@link RunState#ENQUEUED}: waiting for its queue's admission since {@code since}, its
   *       start or its delay's end (the queue is full, or no engine declares it).
   * </ul>
   *
   * @param run the run
   * @param since when its wait began
   */
  public record Stuck(RunInfo run, Instant since) {
    /**
     * Why it waits, by its state, in words: what the dashboard's overview and run page and {@code
     * durable-cli show} say. A running run's names the engine whose lease ended.
     */
    public String reason() {
      return switch (run.status()) {
        case PENDING -> "due, and no engine took it: none has its workflow version, or all are"
            + " busy";
        case SLEEPING -> "its wake time passed, and no engine took it up";
        case RUNNING -> run.owner().map(owner -> "the lease of engine " + owner + " on it")
            .orElse("its engine's lease") + " ended unrenewed (the engine died or stalls), and"
            + " no engine has taken it over yet: any engine with its workflow version takes it"
            + " over at its next poll";
        case ENQUEUED -> "waiting for its queue's admission: the queue is full, or no engine"
            + " declares it";
        default -> "it waits past its time";
      };
    }
  }
}
