package dev.durable.processor.shape;

import dev.durable.processor.model.RouteModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.WorkflowModel;
import java.util.List;
import java.util.Map;

/**
 * Writes a workflow version's shape as JSON text (format 1, described in {@code
 * docs/workflow-shapes.md}): the same text goes into the resource {@code
 * META-INF/durable/shapes/<Durable class>.json} and into the generated {@code WORKFLOW} constant,
 * from which an engine stores it. Keys are written in a fixed order, one call a line, so that the
 * text is the same on every build and a diff between two versions shows what changed.
 */
public final class ShapeJson {
  /** The version of the format this class writes. */
  public static final int FORMAT = 1;

  private ShapeJson() {}

  /** The shape of {@code model}, whose {@code @Run} body has {@code nodes}. */
  public static String write(WorkflowModel model, List<ShapeNode> nodes) {
    StringBuilder json = new StringBuilder("{\n");
    json.append("  \"format\": ").append(FORMAT).append(",\n");
    json.append("  \"workflow\": ").append(quote(model.workflowName())).append(",\n");
    json.append("  \"version\": ").append(quote(model.version())).append(",\n");
    json.append("  \"timeoutMs\": ").append(model.run().timeoutMs()).append(",\n");
    json.append("  \"nodes\": ");
    nodes(json, nodes, 1);
    json.append(",\n  \"routes\": [");
    List<RouteModel> routes = model.routes();
    for (int i = 0; i < routes.size(); i++) {
      json.append(i == 0 ? "\n" : ",\n").append("    {\"code\": ")
          .append(quote(routes.get(i).code())).append(", \"method\": ")
          .append(quote(routes.get(i).methodName())).append('}');
    }
    json.append(routes.isEmpty() ? "]" : "\n  ]").append(",\n  \"compensations\": [");
    List<StepModel> compensated =
        model.steps().stream().filter(s -> s.compensation().isPresent()).toList();
    for (int i = 0; i < compensated.size(); i++) {
      json.append(i == 0 ? "\n" : ",\n").append("    {\"step\": ")
          .append(quote(compensated.get(i).stepName())).append(", \"by\": ")
          .append(quote(compensated.get(i).compensation().orElseThrow().stepName())).append('}');
    }
    json.append(compensated.isEmpty() ? "]" : "\n  ]").append(",\n  \"onFailure\": ");
    json.append(model.cleanup().map(c -> quote(c.methodName())).orElse("null"));
    return json.append("\n}\n").toString();
  }

  /** A list of nodes at {@code depth} (1: the body's). */
  private static void nodes(StringBuilder json, List<ShapeNode> nodes, int depth) {
    if (nodes.isEmpty()) {
      json.append("[]");
      return;
    }
    String indent = "  ".repeat(depth + 1);
    json.append('[');
    for (int i = 0; i < nodes.size(); i++) {
      json.append(i == 0 ? "\n" : ",\n").append(indent);
      node(json, nodes.get(i), depth + 1);
    }
    json.append('\n').append("  ".repeat(depth)).append(']');
  }

  private static void node(StringBuilder json, ShapeNode node, int depth) {
    json.append("{\"kind\": ").append(quote(node.kind()))
        .append(", \"name\": ").append(quote(node.name()));
    for (Map.Entry<String, Object> attribute : node.attributes().entrySet()) {
      json.append(", ").append(quote(attribute.getKey())).append(": ");
      Object value = attribute.getValue();
      json.append(value instanceof String text ? quote(text) : String.valueOf(value));
    }
    if (node.isStructure()) {
      String indent = "  ".repeat(depth + 1);
      json.append(", \"paths\": [");
      for (int i = 0; i < node.paths().size(); i++) {
        ShapeNode.Path path = node.paths().get(i);
        json.append(i == 0 ? "\n" : ",\n").append(indent).append("{\"label\": ")
            .append(quote(path.label())).append(", \"nodes\": ");
        nodes(json, path.nodes(), depth + 1);
        json.append('}');
      }
      json.append('\n').append("  ".repeat(depth)).append("]");
    }
    json.append('}');
  }

  /** {@code text} as a JSON string. */
  static String quote(String text) {
    StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\r' -> quoted.append("\\r");
        case '\t' -> quoted.append("\\t");
        default -> {
          if (c < 0x20 || c == '<' || c == '>' || c == '&' || c > 0x7e) {
            quoted.append(String.format("\\u%04x", (int) c));
          } else {
            quoted.append(c);
          }
        }
      }
    }
    return quoted.append('"').toString();
  }
}
