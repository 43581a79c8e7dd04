package dev.durable.dashboard;

import dev.durable.dashboard.Timeline.Bar;
import dev.durable.dashboard.Timeline.Kind;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunExport.Checkpoint;
import dev.durable.runtime.StepState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bars of a local step's attempts on a run's timeline ({@link TimelineBuilder}), from its
 * events: each attempt, the backoff after a failed one, a wait for a queue slot, and an attempt
 * that may have run on an engine whose lease ended unrenewed ({@code step.interrupted}).
 *
 * <p>What the store does not keep is estimated: a retried local attempt's start is not logged, so
 * it is drawn from the end of its backoff, or from the claim that woke the run if that came later;
 * an interrupted attempt's end is not known either, so it is drawn up to the takeover.
 */
final class TimelineAttempts {
  private final RunExport.Run run;
  private final List<Instant> claims;
  private final Instant end;

  /**
   * @param claims when the run was claimed ({@code run.claimed}), in order
   * @param end where the timeline ends: the run's end, or now
   */
  TimelineAttempts(RunExport.Run run, List<Instant> claims, Instant end) {
    this.run = run;
    this.claims = claims;
    this.end = end;
  }

  /** The attempts and backoffs of the step checkpointed at {@code c}, from its events. */
  List<Bar> of(Checkpoint c, List<HistoryEvent> events, String what, String link) {
    List<Bar> bars = new ArrayList<>();
    Optional<String> to = Optional.of(link);
    Instant loggedStart = null;
    Instant earliest = c.startedAt().orElse(run.createdAt());
    Instant slot = null;
    boolean taken = false; // an attempt follows an interrupted one, its start not logged
    for (HistoryEvent e : events) {
      switch (e.type()) {
        case "step.queued" -> slot = slot == null ? e.at() : slot;
        case "step.started" -> loggedStart = e.at();
        case "step.interrupted" -> {
          // drawn up to the record; begun after the lost engine's claim, before the takeover's
          Instant start = loggedStart != null ? loggedStart
              : estimate(earliest, slot, claimBefore(e.at()).minusNanos(1));
          bars.add(new Bar(Kind.INTERRUPTED, start, e.at(), what + " attempt " + e.attempt()
              + " " + e.detail() + " (its outcome is unknown: drawn up to the takeover)", to,
              false, false));
          earliest = e.at();
          loggedStart = null;
          slot = null;
          taken = true;
        }
        case "step.retrying", "step.completed", "step.failed" -> {
          Instant start = loggedStart != null ? loggedStart : estimate(earliest, slot, e.at());
          if (slot != null && slot.isBefore(start)) {
            bars.add(new Bar(Kind.SLOT, slot, start, what + ": waited for a queue slot "
                + Timeline.span(Duration.between(slot, start)), to, false, false));
          }
          boolean failed = e.type().equals("step.failed");
          boolean retried = e.type().equals("step.retrying");
          String outcome = failed ? "failed" : retried ? "failed, retried" : "completed";
          String error = retried || failed ? ": " + e.detail() : "";
          bars.add(new Bar(retried ? Kind.RETRIED : Kind.ATTEMPT, start, e.at(),
              what + " attempt " + e.attempt() + " " + outcome + " after "
                  + Timeline.span(Duration.between(start, e.at()))
                  + (loggedStart == null ? " (its start is not logged: drawn from its backoff's"
                      + " end or the run's claim)" : "") + error,
              to, failed, false));
          if (retried) {
            Instant next = e.at().plusMillis(TimelineEvents.delay(e.detail()));
            bars.add(backoff(what, e.attempt(), e.at(), next, to));
            earliest = next;
          }
          loggedStart = null;
          slot = null;
          taken = false;
        }
        default -> { }
      }
    }
    if (!ended(c.status()) && !run.status().isTerminal()) {
      if (loggedStart != null || taken || c.status() == StepState.RUNNING) {
        Instant start = loggedStart != null ? loggedStart : estimate(earliest, slot, end);
        bars.add(new Bar(Kind.ATTEMPT, start, end, what + " attempt " + (c.attempts()
            + (taken ? 1 : 0)) + " running for " + Timeline.span(Duration.between(start, end)),
            to, false, true));
      } else if (slot != null) {
        bars.add(new Bar(Kind.SLOT, slot, end, what + ": waiting for a queue slot", to, false,
            true));
      }
    }
    if (bars.isEmpty()) {
      // no events found for it: its checkpoint's own span
      Instant start = c.startedAt().orElse(run.createdAt());
      bars.add(new Bar(Kind.ATTEMPT, start, c.updatedAt().orElse(start),
          what + " " + c.status() + ", " + c.attempts() + " attempt(s)"
              + c.error().map(er -> ": " + er.message()).orElse(""),
          to, c.status() == StepState.FAILED, false));
    }
    return bars;
  }

  /** The wait after attempt {@code attempt} failed, from {@code from} until the next. */
  Bar backoff(String what, int attempt, Instant from, Instant until, Optional<String> to) {
    boolean open = until.isAfter(end) && !run.status().isTerminal();
    return new Bar(Kind.BACKOFF, from, until, what + " backoff " + Timeline.span(
        Duration.between(from, until)) + " before attempt " + (attempt + 1), to, false, open);
  }

  /**
   * Where an attempt whose start was not logged began: after its backoff (and its wait for a
   * slot), or at the latest claim of the run before it ended, if that came later.
   */
  private Instant estimate(Instant earliest, Instant slot, Instant endedAt) {
    Instant start = slot != null && slot.isAfter(earliest) ? slot : earliest;
    for (int i = claims.size() - 1; i >= 0; i--) {
      Instant claim = claims.get(i);
      if (!claim.isAfter(endedAt)) {
        start = claim.isAfter(start) ? claim : start;
        break;
      }
    }
    return start.isAfter(endedAt) ? endedAt : start;
  }

  /** The latest claim at or before {@code at}: that of the engine that recorded something then. */
  private Instant claimBefore(Instant at) {
    for (int i = claims.size() - 1; i >= 0; i--) {
      if (!claims.get(i).isAfter(at)) {
        return claims.get(i);
      }
    }
    return at;
  }

  private static boolean ended(StepState status) {
    return status == StepState.COMPLETED || status == StepState.FAILED;
  }
}
