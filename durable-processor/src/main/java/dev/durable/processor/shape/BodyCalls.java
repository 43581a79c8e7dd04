package dev.durable.processor.shape;

import static dev.durable.processor.shape.Labels.text;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import dev.durable.processor.model.StepModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@link BodyScanner} makes of single calls, by their syntax. */
final class BodyCalls {
  private BodyCalls() {}

  /** The node of a call on the {@code WorkflowContext}, if it leaves a checkpoint. */
  static void contextCall(String name, List<? extends ExpressionTree> args,
      List<ShapeNode> out) {
    String first = args.isEmpty() ? "" : text(args.get(0));
    switch (name) {
      case "sleep" -> out.add(new ShapeNode("sleep", "sleep", Map.of("duration", first),
          List.of()));
      case "setEvent" -> out.add(ShapeNode.call("event", first));
      case "writeStream" -> out.add(ShapeNode.call("stream", first));
      default -> { } // the clock, randomness, patches: recorded, but not part of the shape
    }
  }

  /** The node of a call of {@code step}, with its attributes as the format orders them. */
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

  /** Whether {@code call} is {@code Type.method(...)}. */
  static boolean isCall(MethodInvocationTree call, String type, String method) {
    return call.getMethodSelect() instanceof MemberSelectTree m
        && m.getIdentifier().contentEquals(method)
        && (m.getExpression().toString().equals(type)
            || m.getExpression().toString().endsWith("." + type));
  }

  /** The workflow {@code call} makes a client of ({@code PayoutClient.of(ctx)}), or null. */
  static String clientOf(MethodInvocationTree call) {
    if (call.getMethodSelect() instanceof MemberSelectTree m
        && m.getIdentifier().contentEquals("of")) {
      String type = m.getExpression().toString();
      type = type.substring(type.lastIndexOf('.') + 1);
      if (type.endsWith("Client") && type.length() > "Client".length()) {
        return type.substring(0, type.length() - "Client".length());
      }
    }
    return null;
  }
}
