package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunState;
import dev.durable.runtime.WorkflowShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the graph pages show, read from the engine's operator API: the stored shapes of a
 * workflow's versions ({@link DurableEngine#workflowShapes}), drawn by {@link GraphSvg}; a run's
 * graph coloured by its checkpoints; two versions side by side with what changed marked. Needs no
 * workflow class: the shapes come from the database.
 */
final class GraphPages {
  /** The type of the history event a generation that continued as new begins with. */
  static final String CONTINUED_AS_NEW = "run.continued_as_new";

  private final DurableEngine engine;

  GraphPages(DurableEngine engine) {
    this.engine = engine;
  }

  /**
   * A run's graph.
   *
   * @param startedOver whether this generation of the run began with a continue-as-new: the
   *     graph marks this generation's calls, and a continue-as-new completed
   * @param svg the graph, marked by the run's progress; empty if its version's shape is not stored
   */
  record RunGraph(String runId, String workflow, String version, RunState status,
      boolean startedOver, Optional<GraphSvg.Svg> svg) {
    String runHref() {
      return Links.runPath(runId);
    }

    String versionHref() {
      return GraphPages.versionPath(workflow, version);
    }

    /** The style sheet's class of its status: {@code completed}, {@code failed}. */
    String statusClass() {
      return status.name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * A workflow's page: its versions, and the shape of one.
   *
   * @param shown the version drawn, if one was asked for and is stored
   */
  record WorkflowGraphs(String workflow, List<String> versions, Optional<String> shown,
      Optional<GraphSvg.Svg> svg) {
    String versionHref(String version) {
      return GraphPages.versionPath(workflow, version);
    }

    boolean isShown(String version) {
      return shown.isPresent() && shown.get().equals(version);
    }

    String compareHref() {
      return GraphPages.workflowPath(workflow) + "/compare";
    }

    /** The version a comparison starts from: the one before the newest. */
    String defaultA() {
      return versions.size() < 2 ? "" : versions.get(versions.size() - 2);
    }

    String defaultB() {
      return versions.isEmpty() ? "" : versions.get(versions.size() - 1);
    }
  }

  /**
   * Two versions side by side.
   *
   * @param changes what changed, one line each ({@code added step audit#0}), in key order
   */
  record Comparison(String workflow, String a, String b, GraphSvg.Svg svgA, GraphSvg.Svg svgB,
      List<String> changes) {
    String workflowHref() {
      return GraphPages.workflowPath(workflow);
    }
  }

  /** The path of workflow {@code name}'s page. */
  static String workflowPath(String name) {
    return "/workflows/" + Links.encode(name);
  }

  /** The path of the page of {@code name}'s version {@code version}. */
  static String versionPath(String name, String version) {
    return workflowPath(name) + "/" + Links.encode(version);
  }

  /** The path of a run's graph. */
  static String runGraphPath(String runId) {
    return Links.runPath(runId) + "/graph";
  }

  /** Run {@code runId}'s graph; throws {@code UnknownRunException} if no such run is stored. */
  RunGraph run(String runId) {
    RunExport.Run run = engine.export(List.of(runId)).runs().get(0);
    // a generation's history begins with the continue-as-new that began it (the one before it is
    // deleted); a run's first generation begins with run.created
    boolean startedOver = run.events().stream()
        .anyMatch(e -> e.type().equals(CONTINUED_AS_NEW));
    Optional<GraphSvg.Svg> svg = engine.workflowShape(run.workflow(), run.version()).map(stored -> {
      ShapeTree shape = ShapeTree.parse(stored.json());
      String ended = switch (run.status()) {
        case COMPLETED -> GraphMarks.COMPLETED;
        case FAILED -> GraphMarks.FAILED;
        case CANCELLED -> GraphMarks.UNREACHED;
        default -> null;
      };
      Map<String, String> marks =
          GraphMarks.progress(shape, run.checkpoints(), ended, startedOver);
      return GraphSvg.svg(GraphLayout.of(shape), marks, "run-graph");
    });
    return new RunGraph(run.id(), run.workflow(), run.version(), run.status(), startedOver,
        svg);
  }

  /** Workflow {@code name}'s stored versions, and the shape of {@code version} if given. */
  WorkflowGraphs workflow(String name, Optional<String> version) {
    List<WorkflowShape> shapes = engine.workflowShapes(name);
    Optional<WorkflowShape> shown = version.flatMap(
        v -> shapes.stream().filter(s -> s.version().equals(v)).findFirst());
    return new WorkflowGraphs(name, shapes.stream().map(WorkflowShape::version).toList(),
        shown.map(WorkflowShape::version), shown.map(s -> GraphSvg.svg(
            GraphLayout.of(ShapeTree.parse(s.json())), Map.of(), "workflow-graph")));
  }

  /** Versions {@code a} and {@code b} of workflow {@code name}; empty if either is not stored. */
  Optional<Comparison> compare(String name, String a, String b) {
    Optional<WorkflowShape> before = engine.workflowShape(name, a);
    Optional<WorkflowShape> after = engine.workflowShape(name, b);
    if (before.isEmpty() || after.isEmpty()) {
      return Optional.empty();
    }
    ShapeTree shapeA = ShapeTree.parse(before.get().json());
    ShapeTree shapeB = ShapeTree.parse(after.get().json());
    List<Map<String, String>> marks = GraphMarks.compare(shapeA, shapeB);
    TreeMap<String, String> changes = new TreeMap<>();
    marks.get(0).forEach((key, mark) -> changes.put(key, mark));
    marks.get(1).forEach((key, mark) -> changes.put(key, mark));
    List<String> lines = new ArrayList<>();
    changes.forEach((key, mark) -> lines.add(mark + " " + key));
    return Optional.of(new Comparison(name, a, b,
        GraphSvg.svg(GraphLayout.of(shapeA), marks.get(0), "graph-a"),
        GraphSvg.svg(GraphLayout.of(shapeB), marks.get(1), "graph-b"), lines));
  }
}
