package dev.durable.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.dashboard.Timeline.Bar;
import dev.durable.dashboard.Timeline.Kind;
import dev.durable.dashboard.Timeline.Marker;
import dev.durable.dashboard.Timeline.Row;
import dev.durable.dashboard.Timeline.RowKind;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunExport.Checkpoint;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A run's timeline, one row per position, from what the store keeps: its checkpoints and event
 * log (as {@code export} reads them) and its dispatched tasks.
 *
 * <p>What the store does not keep is not drawn: a local attempt's start may not be logged
 * ({@link TimelineAttempts} estimates it); a task keeps its worker's last heartbeat only, drawn as
 * one tick; values a run recorded ({@code ctx.now()}, events, attributes) take no time and get no
 * row.
 */
final class TimelineBuilder {
  private TimelineBuilder() {}

  /** The failure-handling marker's name (the runtime's {@code CheckpointKind.FAILURE_HANDLING}). */
  static final String FAILURE_HANDLING = "failure-handling";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Every row of a run, in order of position, and its marks; see {@link Timeline}. */
  record Built(String runId, Instant start, Instant end, List<Row> rows, List<Marker> markers) {}

  static Built build(RunExport.Run run, List<TaskInfo> tasks, Instant now) {
    return new TimelineBuilder.Run(run, tasks, now).build();
  }

  /** The link to a position's row on the run's page. */
  static String positionLink(String runId, int position) {
    return Links.runPath(runId) + "#pos-" + position;
  }

  /** One build: the run's data and what is derived from it once. */
  private static final class Run {
    private final RunExport.Run run;
    private final Map<Integer, List<TaskInfo>> tasks = new HashMap<>();
    private final Instant end;
    private final List<Instant> claims = new ArrayList<>();
    private final Map<Integer, String> undoes = new HashMap<>();
    private final Map<String, Checkpoint> awaits = new HashMap<>();
    private final Set<String> childrenStarted = new HashSet<>();
    private final Set<String> timedOut = new HashSet<>();
    /** The run page's address, encoded once: every bar links to a position on it. */
    private final String page;
    private final TimelineAttempts attempts;

    Run(RunExport.Run run, List<TaskInfo> taskList, Instant now) {
      this.run = run;
      this.page = Links.runPath(run.id()) + "#pos-";
      Instant last = run.updatedAt();
      for (HistoryEvent e : run.events()) {
        last = e.at().isAfter(last) ? e.at() : last;
        if (e.type().equals("run.claimed")) {
          claims.add(e.at());
        } else if (e.type().equals("signal.timed_out")) {
          timedOut.add(e.step().orElse("") + "@" + e.at());
        }
      }
      this.end = run.status().isTerminal() ? last : (now.isAfter(last) ? now : last);
      this.attempts = new TimelineAttempts(run, claims, end);
      for (TaskInfo t : taskList) {
        tasks.computeIfAbsent(t.position(), p -> new ArrayList<>()).add(t);
      }
      tasks.values().forEach(list -> list.sort(Comparator.comparing(TaskInfo::createdAt)));
      for (Checkpoint c : run.checkpoints()) {
        if (c.kind().equals("VALUE") && c.name().equals(FAILURE_HANDLING)) {
          plan(c);
        } else if (c.kind().equals("AWAIT")) {
          text(c.input()).ifPresent(child -> awaits.putIfAbsent(child, c));
        } else if (c.kind().equals("CHILD")) {
          text(c.output()).ifPresent(childrenStarted::add);
        }
      }
    }

    Built build() {
      Map<Integer, List<HistoryEvent>> events =
          TimelineEvents.byPosition(run.checkpoints(), run.events());
      List<Row> rows = new ArrayList<>();
      for (Checkpoint c : run.checkpoints()) {
        Row row = switch (c.kind()) {
          case "STEP", "REMOTE" -> step(c, events.getOrDefault(c.position(), List.of()));
          case "SLEEP" -> sleep(c);
          case "SIGNAL" -> signal(c);
          case "CHILD" -> child(c);
          case "AWAIT" -> awaitAlone(c);
          default -> null; // values take no time
        };
        if (row != null) {
          rows.add(row);
        }
      }
      return new Built(run.id(), run.createdAt(), end, rows, markers(rows));
    }

    private String anchor(int position) {
      return page + position;
    }

    /** The compensations the failure-handling marker plans: their positions follow it. */
    private void plan(Checkpoint marker) {
      try {
        JsonNode planned = JSON.readTree(marker.output().orElse("{}")).path("compensations");
        for (int i = 0; i < planned.size(); i++) {
          JsonNode entry = planned.get(i);
          undoes.put(marker.position() + 1 + i, entry.path("step").asText()
              + " (position " + entry.path("position").asInt() + ")");
        }
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        // an unreadable plan: its compensations are drawn as steps
      }
    }

    private Row step(Checkpoint c, List<HistoryEvent> events) {
      String undone = undoes.get(c.position());
      String link = anchor(c.position());
      String what = (undone != null ? c.name() + " undoing " + undone : c.name())
          + " (position " + c.position() + ")";
      List<Bar> bars = c.kind().equals("REMOTE") && tasks.containsKey(c.position())
          ? dispatched(c, events, what, link)
          : attempts.of(c, events, what, link);
      if (undone != null) {
        bars = bars.stream().map(b -> b.kind() == Kind.ATTEMPT
            ? new Bar(Kind.COMPENSATION, b.start(), b.end(), b.label(), b.link(), b.failed(),
                b.open())
            : b).toList();
      }
      RowKind kind = undone != null ? RowKind.COMPENSATION
          : c.kind().equals("REMOTE") ? RowKind.DISPATCHED : RowKind.STEP;
      return row(kind, c, link, bars);
    }

    /** A dispatched step's tasks, each queued then on its worker, and its backoffs. */
    private List<Bar> dispatched(
        Checkpoint c, List<HistoryEvent> events, String what, String link) {
      List<Bar> bars = new ArrayList<>();
      Optional<String> to = Optional.of(link);
      List<TaskInfo> list = tasks.get(c.position());
      for (int i = 0; i < list.size(); i++) {
        TaskInfo t = list.get(i);
        String task = what + " attempt " + t.attempt() + " (task " + t.taskId() + ")";
        Instant pickedUp = t.claimedAt().orElse(t.finishedAt().orElse(end));
        bars.add(new Bar(Kind.QUEUED, t.createdAt(), pickedUp, task + " queued "
            + Timeline.span(Duration.between(t.createdAt(), pickedUp))
            + (t.claimedAt().isEmpty() ? ", not picked up" : ""), to, false,
            t.claimedAt().isEmpty() && t.finishedAt().isEmpty()));
        if (t.claimedAt().isPresent()) {
          Instant claimed = t.claimedAt().get();
          Instant done = t.finishedAt().orElse(end);
          boolean last = i == list.size() - 1;
          boolean failed = t.error().isPresent() && last && c.status() == StepState.FAILED;
          Kind kind = t.error().isPresent() && !failed ? Kind.RETRIED : Kind.TASK;
          bars.add(new Bar(kind, claimed, done, task + " on worker " + t.workerId().orElse("?")
              + " " + t.status() + " after " + Timeline.span(Duration.between(claimed, done))
              + t.error().map(er -> ": " + er).orElse(""), to, failed,
              t.finishedAt().isEmpty()));
        }
        t.heartbeatAt().ifPresent(at -> bars.add(new Bar(Kind.HEARTBEAT, at, at,
            task + " last heartbeat at " + Format.time(at), to, false, false)));
      }
      for (HistoryEvent e : events) {
        if (e.type().equals("step.retrying")) {
          bars.add(attempts.backoff(what, e.attempt(), e.at(),
              e.at().plusMillis(TimelineEvents.delay(e.detail())), to));
        }
      }
      bars.sort(Comparator.comparing(Bar::start));
      return bars;
    }

    private Row sleep(Checkpoint c) {
      Instant start = c.startedAt().orElse(run.createdAt());
      boolean over = ended(c.status());
      Instant until = over ? c.updatedAt().orElse(start) : c.wakeAt().orElse(end);
      String link = anchor(c.position());
      Bar bar = new Bar(Kind.SLEEP, start, until, "sleep (position " + c.position() + ") "
          + (over ? "slept " + Timeline.span(Duration.between(start, until))
              : "until " + Format.time(until)), Optional.of(link), false,
          !over && !run.status().isTerminal());
      return row(RowKind.SLEEP, c, link, List.of(bar));
    }

    private Row signal(Checkpoint c) {
      Instant start = c.startedAt().orElse(run.createdAt());
      boolean over = ended(c.status());
      Instant until = over ? c.updatedAt().orElse(start) : end;
      boolean timedOut = over && this.timedOut.contains(c.name() + "@" + until);
      String link = anchor(c.position());
      String how = !over ? "waiting" + c.wakeAt().map(w -> " until " + Format.time(w))
          .orElse(" without limit")
          : timedOut ? "timed out after " + Timeline.span(Duration.between(start, until))
          : "received after " + Timeline.span(Duration.between(start, until));
      Bar bar = new Bar(Kind.SIGNAL, start, until, "signal " + c.name() + " (position "
          + c.position() + ") " + how, Optional.of(link), false,
          !over && !run.status().isTerminal());
      return row(RowKind.SIGNAL, c, link, List.of(bar));
    }

    /** A child run: from its start until its parent's wait for it ended, or now. */
    private Row child(Checkpoint c) {
      Optional<String> childId = text(c.output());
      Checkpoint await = childId.map(awaits::get).orElse(null);
      Instant start = c.startedAt().orElse(run.createdAt());
      String link = childId.map(Links::runPath).orElse(anchor(c.position()));
      String what = "child run " + childId.orElse("?") + " of " + c.name() + " (position "
          + c.position() + ")";
      Bar bar;
      if (await == null) {
        bar = new Bar(Kind.CHILD, start, start, what + " started, not awaited",
            Optional.of(link), false, false);
      } else {
        boolean over = ended(await.status());
        Instant until = over ? await.updatedAt().orElse(start) : end;
        boolean failed = await.status() == StepState.FAILED;
        bar = new Bar(Kind.CHILD, start, until, what + (over ? (failed ? " failed" : " ended")
            + " after " : " running for ") + Timeline.span(Duration.between(start, until))
            + await.error().map(e -> ": " + e.code() + ": " + e.message()).orElse(""),
            Optional.of(link), failed, !over && !run.status().isTerminal());
      }
      return row(RowKind.CHILD, c, link, List.of(bar));
    }

    /** A wait for a child this run did not start at a position of its own. */
    private Row awaitAlone(Checkpoint c) {
      if (text(c.input()).filter(childrenStarted::contains).isPresent()) {
        return null;
      }
      Checkpoint child = new Checkpoint(c.position(), "CHILD", c.name(), StepState.COMPLETED, 1,
          Optional.empty(), c.input(), Optional.empty(), Optional.empty(), c.startedAt(),
          c.startedAt(), Optional.empty());
      return child(child);
    }

    private Row row(RowKind kind, Checkpoint c, String link, List<Bar> bars) {
      int failed = bars.stream().anyMatch(Bar::failed) ? 1 : 0;
      Instant first = bars.stream().map(Bar::start).min(Instant::compareTo).orElseThrow();
      Instant last = bars.stream().map(Bar::end).max(Instant::compareTo).orElseThrow();
      Duration span = Duration.between(first, last);
      return new Row(kind, c.name(), c.position(), c.position(), Optional.of(link), bars, 1,
          span, span, failed);
    }

    private List<Marker> markers(List<Row> rows) {
      List<Marker> markers = new ArrayList<>();
      for (HistoryEvent e : run.events()) {
        if (e.type().equals("run.compensating")) {
          markers.add(new Marker("compensating", e.at(), "compensating: " + e.detail(),
              Optional.empty()));
        } else if (e.type().equals("run.paused")) {
          // the paused span: from here to the resume's mark, no bar of it starts
          markers.add(new Marker("paused", e.at(), "paused at " + Format.time(e.at())
              + (e.detail() == null ? "" : " (" + e.detail() + ")"), Optional.empty()));
        } else if (e.type().equals("run.resumed")) {
          markers.add(new Marker("resumed", e.at(), "resumed at " + Format.time(e.at()),
              Optional.empty()));
        }
      }
      if (run.status() == RunState.FAILED) {
        // at the end of the last bar that failed for good, where the failure happened; else
        // where the run failed (a run timeout, a cancelled child)
        Instant failedAt = run.events().stream().filter(e -> e.type().equals("run.failed"))
            .map(HistoryEvent::at).reduce((a, b) -> b).orElse(end);
        Instant at = failedAt;
        Optional<String> link = Optional.empty();
        for (Row row : rows) {
          for (Bar bar : row.bars()) {
            if (bar.failed()) {
              at = bar.end();
              link = Optional.of(anchor(row.firstPosition()));
            }
          }
        }
        String why = run.error().map(e -> e.code() + ": " + e.message()
            + e.step().map(s -> " (step " + s + ")").orElse("")).orElse("");
        markers.add(new Marker("failure", at, "the run failed, at " + Format.time(failedAt)
            + ": " + why, link));
      }
      return markers;
    }
  }

  private static boolean ended(StepState status) {
    return status == StepState.COMPLETED || status == StepState.FAILED;
  }

  /** A stored JSON string as its text (a child run's id). */
  static Optional<String> text(Optional<String> json) {
    return json.map(stored -> {
      try {
        JsonNode node = JSON.readTree(stored);
        return node.isTextual() ? node.asText() : stored;
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        return stored;
      }
    });
  }
}
