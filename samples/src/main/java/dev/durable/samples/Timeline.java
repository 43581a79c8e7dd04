package dev.durable.samples;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Prints a run's event log ({@link DurableEngine#history(String)}) as a timeline a person can read:
 * each attempt's outcome, each durable sleep, the compensations of a failing run and how the run
 * ended, with the seconds since the run was started. The log is what operators read too: it is
 * written in the same transaction as each transition, so it is complete once {@code await} has
 * returned.
 */
public final class Timeline {
  private final DurableEngine engine;
  private final String runId;
  private final PrintStream out;
  private Instant started;
  private long printed;

  public Timeline(DurableEngine engine, String runId, PrintStream out) {
    this.engine = engine;
    this.runId = runId;
    this.out = out;
  }

  /**
   * This run's timeline read through {@code engine}, going on from the last event printed here and
   * keeping its times: for a run that an engine since closed (before a deploy, say) took this far.
   */
  public Timeline on(DurableEngine engine) {
    Timeline next = new Timeline(engine, runId, out);
    next.started = started;
    next.printed = printed;
    return next;
  }

  /** Prints the events logged since the previous call. */
  public void printNew() {
    for (HistoryEvent event : engine.history(runId)) {
      if (event.id() <= printed) {
        continue;
      }
      printed = event.id();
      if (started == null) {
        started = event.at();
      }
      String line = describe(event);
      if (line != null) {
        double seconds = Duration.between(started, event.at()).toMillis() / 1000.0;
        out.printf(Locale.ROOT, "  %5.2f s  %-17s %s%n", seconds, subject(event), line);
      }
    }
  }

  private static String subject(HistoryEvent event) {
    if (event.type().startsWith("timer.")) {
      return "ctx.sleep";
    }
    return event.step().orElse("run");
  }

  /** What a person wants to read about {@code event}; null for bookkeeping they do not. */
  private static String describe(HistoryEvent event) {
    return switch (event.type()) {
      // Written for every attempt that failed and will be retried; the detail ends with the delay.
      case "step.retrying" -> "attempt " + event.attempt() + " failed: " + event.detail();
      case "step.completed" -> "attempt " + event.attempt() + " succeeded";
      case "step.failed" -> "attempt " + event.attempt() + " failed for good: " + event.detail();
      case "timer.started" ->
          "waits " + readable(event.detail()) + " in the database, holding no thread";
      // The detail names the @OnError route that completed the run, if one did.
      case "run.completed" -> event.detail() == null ? "completed" : "completed " + event.detail();
      case "run.failed" -> failed(event.detail());
      case "run.requeued" -> "requeued: " + event.detail();
      // The run failed for good: the compensations it is about to run, last completed step first.
      case "run.compensating" -> "compensating " + event.detail();
      // A dispatched step's attempt was queued for the workers; the run waits, holding no thread.
      case "step.started" -> "dispatched".equals(event.detail())
          ? "attempt " + event.attempt() + " queued for a worker; the run waits in the database"
          : null;
      case "run.cancelled" -> "cancelled";
      // Being picked up, going to sleep and a step's first attempt starting: implied by the rest.
      case "run.created", "run.claimed", "run.sleeping" -> null;
      default -> event.type() + (event.detail() == null ? "" : ": " + event.detail());
    };
  }

  /** "declined: card declined" (the run's error code and message) as a sentence. */
  private static String failed(String detail) {
    int colon = detail == null ? -1 : detail.indexOf(": ");
    return colon < 0
        ? "failed: " + detail
        : "failed with code " + detail.substring(0, colon) + ": " + detail.substring(colon + 2);
  }

  /** "PT2S" as "2s", "PT1H30M" as "1h30m". */
  private static String readable(String isoDuration) {
    try {
      return Duration.parse(isoDuration).toString().substring(2).toLowerCase(Locale.ROOT);
    } catch (DateTimeParseException | NullPointerException e) {
      return String.valueOf(isoDuration);
    }
  }
}
