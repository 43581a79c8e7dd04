package dev.durable.processor.shape;

import dev.durable.processor.model.StepModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One node of a workflow's shape, read from its {@code @Run} body: a call that leaves a checkpoint
 * (a step, a dispatched step, a signal wait, a child run, a sleep, an event set, a stream's write
 * or close, an attribute set) or starts the run over, or a structure around such calls (parallel
 * branches, an if/else or switch, a loop).
 *
 * @param kind what it is: {@code step}, {@code remote}, {@code signal}, {@code child}, {@code
 *     sleep}, {@code event}, {@code stream}, {@code close}, {@code attribute}, {@code
 *     continue-as-new}, {@code parallel}, {@code branch} or {@code loop}
 * @param name the call's stored name, or the structure's label (the condition, the loop header)
 * @param attributes its attributes in the order they are written ({@code retries}, {@code wait}):
 *     each a {@code String}, {@code Long} or {@code Boolean}
 * @param paths a structure's paths (the branches of a fan, the arms of an if), in source order; a
 *     loop has one, a call none
 */
public record ShapeNode(
    String kind, String name, Map<String, Object> attributes, List<Path> paths) {

  /**
   * One path of a structure.
   *
   * @param label what takes it: {@code then}, {@code else}, {@code case 1}, {@code each}
   * @param nodes its nodes, in order
   */
  public record Path(String label, List<ShapeNode> nodes) {
    public Path {
      Objects.requireNonNull(label, "label");
      nodes = List.copyOf(nodes);
    }
  }

  public ShapeNode {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    paths = List.copyOf(paths);
  }

  /** A call with no attributes. */
  static ShapeNode call(String kind, String name) {
    return new ShapeNode(kind, name, Map.of(), List.of());
  }

  /** The call of {@code step}, with its attributes as the format orders them. */
  static ShapeNode step(StepModel step) {
    Map<String, Object> attributes = new LinkedHashMap<>();
    attributes.put("retries", (long) step.retry().retries());
    if (step.retry().retries() > 1) {
      attributes.put("backoff", step.retry().backoff().name());
      attributes.put("backoffMs", step.retry().backoffMs());
      if (step.retry().backoffMaxMs() > 0) {
        attributes.put("backoffMaxMs", step.retry().backoffMaxMs());
      }
      if (step.retry().jitter()) {
        attributes.put("jitter", true);
      }
    }
    if (step.timeoutMs() > 0) {
      attributes.put("timeoutMs", step.timeoutMs());
    }
    if (!step.queue().isEmpty()) {
      attributes.put("queue", step.queue());
    }
    step.compensation().ifPresent(c -> attributes.put("compensate", c.stepName()));
    return new ShapeNode("step", step.stepName(), attributes, List.of());
  }

  /** Whether this node is a structure (it has paths) rather than a call. */
  public boolean isStructure() {
    return kind.equals("parallel") || kind.equals("branch") || kind.equals("loop");
  }
}
