package dev.durable.dashboard;

import dev.durable.runtime.RunExport;
import dev.durable.runtime.StepState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What marks the nodes of a drawn shape: a run's progress, or what changed between two versions.
 * Both map a node's key ({@link ShapeTree.Node#key()}) to a class of the style sheet.
 */
final class GraphMarks {
  static final String COMPLETED = "completed";
  static final String RUNNING = "running";
  static final String FAILED = "failed";
  static final String UNREACHED = "unreached";
  static final String ADDED = "added";
  static final String REMOVED = "removed";
  static final String CHANGED = "changed";

  private GraphMarks() {}

  /**
   * Each node of {@code shape} marked by the run's {@code checkpoints}: a call by the checkpoints
   * of its kind and name (a step called in a loop, or twice, has several; any failed makes it
   * failed, else any not ended running, else completed), {@code unreached} where it has none; a
   * structure by what its paths reached. An event, stream, close or attribute whose key is computed
   * at run time is marked by the checkpoints of its kind whose keys no other node of that kind
   * names. A continue-as-new leaves no checkpoint (the generation that calls it is deleted): it is
   * completed once the run has started over. The start is completed once the run has a checkpoint
   * or has ended, the end once the run has ended. A compensation is marked by its compensating
   * step's checkpoints, once it ran.
   *
   * @param ended the run's state if it has ended ({@code completed}, {@code failed}), else null
   * @param startedOver whether this generation of the run began with a continue-as-new
   */
  static Map<String, String> progress(ShapeTree shape, List<RunExport.Checkpoint> checkpoints,
      String ended, boolean startedOver) {
    Recorded recorded = Recorded.of(shape, checkpoints, startedOver);
    Map<String, String> marks = new HashMap<>();
    for (ShapeTree.Node node : shape.nodes()) {
      mark(node, recorded, marks);
    }
    for (List<String> compensation : shape.compensations()) { // a compensating step that ran
      List<StepState> ran = recorded.of("step", compensation.get(1));
      if (!ran.isEmpty()) {
        marks.put("compensation " + compensation.get(0), markOf(ran));
      }
    }
    marks.put("start", ended != null || !checkpoints.isEmpty() ? COMPLETED : RUNNING);
    marks.put("end", ended == null ? UNREACHED : ended);
    return marks;
  }

  /**
   * The states of a run's checkpoints by the kind and name of the call that left them.
   *
   * @param named the names the shape's nodes give their calls, by kind, computed keys left out
   */
  private record Recorded(Map<String, Map<String, List<StepState>>> byCall,
      Map<String, Set<String>> named, boolean startedOver) {
    static Recorded of(ShapeTree shape, List<RunExport.Checkpoint> checkpoints,
        boolean startedOver) {
      Map<String, Map<String, List<StepState>>> byCall = new HashMap<>();
      for (RunExport.Checkpoint c : checkpoints) {
        List<String> call = callOf(c);
        byCall.computeIfAbsent(call.get(0), k -> new HashMap<>())
            .computeIfAbsent(call.get(1), k -> new ArrayList<>()).add(c.status());
      }
      Map<String, Set<String>> named = new HashMap<>();
      shape.all().stream().filter(n -> !n.isComputed())
          .forEach(n -> named.computeIfAbsent(n.kind(), k -> new HashSet<>()).add(n.name()));
      return new Recorded(byCall, named, startedOver);
    }

    /** The states of the checkpoints of the calls of {@code kind} named {@code name}. */
    List<StepState> of(String kind, String name) {
      return byCall.getOrDefault(kind, Map.of()).getOrDefault(name, List.of());
    }

    /** The states of the checkpoints {@code call} left. */
    List<StepState> of(ShapeTree.Node call) {
      if (call.kind().equals("continue-as-new")) {
        return startedOver ? List.of(StepState.COMPLETED) : List.of();
      }
      if (!call.isComputed()) {
        return of(call.kind(), call.name());
      }
      Set<String> others = named.getOrDefault(call.kind(), Set.of());
      List<StepState> found = new ArrayList<>();
      byCall.getOrDefault(call.kind(), Map.of()).forEach((key, states) -> {
        if (!others.contains(key)) {
          found.addAll(states);
        }
      });
      return found;
    }
  }

  /**
   * The kind and name of the call that left {@code checkpoint}, as the shape names it: an event, a
   * stream's write or close by its key (the checkpoint's input), an attribute by its key (its
   * output is {@code key=value}).
   */
  private static List<String> callOf(RunExport.Checkpoint checkpoint) {
    String kind = switch (checkpoint.kind()) {
      case "CHILD", "AWAIT" -> "child";
      case "VALUE" -> switch (checkpoint.name()) {
        case "setEvent" -> "event";
        case "writeStream" -> "stream";
        case "closeStream" -> "close";
        case "attribute" -> "attribute";
        default -> "value";
      };
      default -> checkpoint.kind().toLowerCase(Locale.ROOT);
    };
    String name = switch (kind) {
      case "event", "stream", "close" -> checkpoint.input().orElse("");
      case "attribute" -> checkpoint.output().map(o -> o.substring(0, Math.max(0, o.indexOf('='))))
          .orElse("");
      default -> checkpoint.name();
    };
    return List.of(kind, name);
  }

  /** Marks {@code node} and what is in it; returns its mark. */
  private static String mark(ShapeTree.Node node, Recorded recorded,
      Map<String, String> marks) {
    String mark;
    if (node.isStructure()) {
      List<String> inside = new ArrayList<>();
      node.paths().forEach(p -> p.nodes().forEach(n -> inside.add(mark(n, recorded, marks))));
      mark = inside.contains(FAILED) ? FAILED : inside.contains(RUNNING) ? RUNNING
          : inside.contains(COMPLETED) ? COMPLETED : UNREACHED;
      marks.put(node.key() + " join", mark.equals(RUNNING) ? UNREACHED : mark);
    } else {
      mark = markOf(recorded.of(node));
    }
    marks.put(node.key(), mark);
    return mark;
  }

  /** A call's mark by the states of its checkpoints: any failed, else any open, else completed. */
  private static String markOf(List<StepState> states) {
    return states.isEmpty() ? UNREACHED : states.contains(StepState.FAILED) ? FAILED
        : states.stream().allMatch(s -> s == StepState.COMPLETED) ? COMPLETED : RUNNING;
  }

  /**
   * What changed from version {@code a} to version {@code b}: marks for {@code a}'s drawing (its
   * nodes that {@code b} lacks, {@code removed}) and for {@code b}'s ({@code added}); a node in
   * both whose name or attributes differ (a step's retries, a loop's condition) is {@code
   * changed} in both. Nodes are matched by key: kind, name and how many came before.
   *
   * @return the marks of {@code a}'s nodes, then of {@code b}'s
   */
  static List<Map<String, String>> compare(ShapeTree a, ShapeTree b) {
    Map<String, ShapeTree.Node> before = new HashMap<>();
    a.all().forEach(n -> before.put(n.key(), n));
    Map<String, ShapeTree.Node> after = new HashMap<>();
    b.all().forEach(n -> after.put(n.key(), n));
    Map<String, String> marksA = new HashMap<>();
    Map<String, String> marksB = new HashMap<>();
    before.forEach((key, node) -> {
      ShapeTree.Node now = after.get(key);
      if (now == null) {
        marksA.put(key, REMOVED);
      } else if (!now.signature().equals(node.signature())) {
        marksA.put(key, CHANGED);
        marksB.put(key, CHANGED);
      }
    });
    after.keySet().stream().filter(key -> !before.containsKey(key))
        .forEach(key -> marksB.put(key, ADDED));
    side(a.routes(), b.routes(), "route ", marksA, marksB);
    side(a.compensations(), b.compensations(), "compensation ", marksA, marksB);
    side(a.onFailure().map(m -> List.of(List.of("", m))).orElse(List.of()),
        b.onFailure().map(m -> List.of(List.of("", m))).orElse(List.of()), "", marksA, marksB);
    return List.of(marksA, marksB);
  }

  /** Marks the side nodes (pairs of a key and a value) that differ. */
  private static void side(List<List<String>> a, List<List<String>> b, String prefix,
      Map<String, String> marksA, Map<String, String> marksB) {
    Map<String, String> before = new HashMap<>();
    a.forEach(pair -> before.put(pair.get(0), pair.get(1)));
    Map<String, String> after = new HashMap<>();
    b.forEach(pair -> after.put(pair.get(0), pair.get(1)));
    String keyPrefix = prefix.isEmpty() ? "on-failure" : prefix;
    before.forEach((k, v) -> {
      String key = prefix.isEmpty() ? keyPrefix : keyPrefix + k;
      if (!after.containsKey(k)) {
        marksA.put(key, REMOVED);
      } else if (!after.get(k).equals(v)) {
        marksA.put(key, CHANGED);
        marksB.put(key, CHANGED);
      }
    });
    after.keySet().stream().filter(k -> !before.containsKey(k)).forEach(
        k -> marksB.put(prefix.isEmpty() ? keyPrefix : keyPrefix + k, ADDED));
  }
}
