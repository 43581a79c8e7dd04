package dev.durable.dashboard;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunExport.Checkpoint;
import dev.durable.runtime.StepState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's step events ({@code step.*}) handed to the checkpoints they belong to. The event log
 * names a step but not its position, and a loop calls one step many times, so an event goes to
 * the checkpoint of that name whose time span (its start to its last change) holds the event's
 * time; a {@code step.queued} before a step's first attempt goes to the next one of that name.
 * Where spans touch or overlap (one call ending in the microsecond the next starts, the branches
 * of a fan), a start goes to the latest-started checkpoint not yet started, any other event to the
 * one not yet ended that started first; a {@code step.interrupted} to the first of those not
 * given one for that attempt yet (each branch of a fan in flight on a lost engine has its own).
 */
final class TimelineEvents {
  private TimelineEvents() {}

  private static final Pattern NEXT_ATTEMPT = Pattern.compile("; next attempt in (\\d+) ms$");

  /** How far back a look-up scans for a span holding an event: the branches of wide fans. */
  private static final int SCAN = 512;

  /**
   * The checkpoints of one name by start, and for each the furthest any span up to it reaches:
   * a look-up scanning back stops where nothing earlier reaches the event.
   */
  private record Named(List<Checkpoint> list, Instant[] starts, Instant[] reach) {
    static Named of(List<Checkpoint> list) {
      Instant[] starts = new Instant[list.size()];
      Instant[] reach = new Instant[list.size()];
      Instant furthest = Instant.MIN;
      for (int i = 0; i < list.size(); i++) {
        starts[i] = list.get(i).startedAt().get();
        Instant end = end(list.get(i));
        furthest = end.isAfter(furthest) ? end : furthest;
        reach[i] = furthest;
      }
      return new Named(list, starts, reach);
    }
  }

  /** The step events of each step checkpoint, by position, each list oldest first. */
  static Map<Integer, List<HistoryEvent>> byPosition(
      List<Checkpoint> checkpoints, List<HistoryEvent> history) {
    Map<String, List<Checkpoint>> byName = new HashMap<>();
    for (Checkpoint c : checkpoints) {
      if (isStep(c) && c.startedAt().isPresent()) {
        byName.computeIfAbsent(c.name(), name -> new ArrayList<>()).add(c);
      }
    }
    Comparator<Checkpoint> order = Comparator.comparing((Checkpoint c) -> c.startedAt().get())
        .thenComparingInt(Checkpoint::position);
    Map<String, Named> named = new HashMap<>();
    byName.forEach((name, list) -> {
      list.sort(order);
      named.put(name, Named.of(list));
    });
    Map<Integer, List<HistoryEvent>> events = new HashMap<>();
    BitSet started = new BitSet(); // by position
    BitSet ended = new BitSet();
    Map<Integer, Set<Integer>> cut = new HashMap<>(); // the attempts interrupted, by position
    for (HistoryEvent event : history) {
      if (!event.type().startsWith("step.") || event.step().isEmpty()) {
        continue;
      }
      Named of = named.get(event.step().get());
      if (of == null) {
        continue;
      }
      boolean start = event.type().equals("step.started") && event.attempt() <= 1;
      boolean end = event.type().equals("step.completed") || event.type().equals("step.failed");
      boolean interrupted = event.type().equals("step.interrupted");
      Checkpoint owner = owner(of, event.at(), start, started, ended, c -> interrupted
          && cut.getOrDefault(c.position(), Set.of()).contains(event.attempt()));
      if (owner == null) {
        continue;
      }
      events.computeIfAbsent(owner.position(), p -> new ArrayList<>()).add(event);
      if (start) {
        started.set(owner.position());
        ended.clear(owner.position()); // a requeued step's new try is open again
      }
      if (end) {
        ended.set(owner.position());
      }
      if (interrupted) {
        cut.computeIfAbsent(owner.position(), p -> new HashSet<>()).add(event.attempt());
      }
    }
    return events;
  }

  /** The delay a {@code step.retrying} event's detail names; 0 if it names none. */
  static long delay(String detail) {
    Matcher m = NEXT_ATTEMPT.matcher(detail == null ? "" : detail);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** Whether the checkpoint records a step, local or dispatched. */
  static boolean isStep(Checkpoint c) {
    return c.kind().equals("STEP") || c.kind().equals("REMOTE");
  }

  /** @param taken whether a checkpoint has had an event like this one already: skipped */
  private static Checkpoint owner(Named of, Instant at, boolean start, BitSet started,
      BitSet ended, Predicate<Checkpoint> taken) {
    List<Checkpoint> named = of.list();
    int last = lastStartedBy(of.starts(), at);
    Checkpoint best = null;
    Checkpoint any = null;
    for (int i = last; i >= 0 && i > last - SCAN && !of.reach()[i].isBefore(at); i--) {
      Checkpoint c = named.get(i);
      if (!holds(c, at)) {
        continue;
      }
      any = any == null ? c : any; // the latest-started holder
      if (start) {
        if (!started.get(c.position())) {
          // the latest-started one not yet started: scanning backwards, the first found
          return c;
        }
      } else if (!ended.get(c.position()) && !taken.test(c)) {
        best = c; // scanning backwards: the last kept is the one that started first
      }
    }
    if (best != null) {
      return best;
    }
    if (any != null) {
      // every holder started (or ended) already: a requeued run trying its step again
      return any;
    }
    // held by no span: a wait for a slot before the first attempt, or what a requeue left of
    // the attempts before it (its checkpoint started again): the next one of that name to start
    return start ? fallback(named, last, at, started)
        : last + 1 < named.size() ? named.get(last + 1) : null;
  }

  /** A start no span holds: the next checkpoint to start (a wait for a slot came first). */
  private static Checkpoint fallback(
      List<Checkpoint> named, int last, Instant at, BitSet started) {
    for (int i = Math.max(0, last + 1); i < named.size(); i++) {
      if (!started.get(named.get(i).position())) {
        return named.get(i);
      }
    }
    return last >= 0 ? named.get(last) : null;
  }

  /** The index of the last checkpoint that started at or before {@code at}; -1 if none did. */
  private static int lastStartedBy(Instant[] starts, Instant at) {
    int low = 0;
    int high = starts.length - 1;
    int found = -1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (!starts[mid].isAfter(at)) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  }

  /** Whether {@code at} falls in the checkpoint's span. */
  private static boolean holds(Checkpoint c, Instant at) {
    return !at.isBefore(c.startedAt().get()) && !at.isAfter(end(c));
  }

  /** The end of a checkpoint's span: its last change once ended; none before. */
  private static Instant end(Checkpoint c) {
    boolean over = c.status() == StepState.COMPLETED || c.status() == StepState.FAILED;
    return over ? c.updatedAt().orElse(Instant.MAX) : Instant.MAX;
  }
}
