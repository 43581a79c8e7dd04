package dev.durable.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workflow version's shape read from its stored JSON text (format 1, docs/workflow-shapes.md),
 * read with Jackson's tree model: no class of the workflow is needed. Each call and structure gets
 * a key that stays the same between versions where the node does ({@code step charge#0}: its
 * kind, its name and how many nodes of that kind and name came before it in reading order), by
 * which a run's progress and a comparison of two versions mark it.
 *
 * @param workflow the workflow's name
 * @param version its version
 * @param timeoutMs its run timeout; 0 = none
 * @param nodes the {@code @Run} body's nodes, in order
 * @param routes its {@code @OnError} routes: code, then method
 * @param compensations its compensated steps: step, then the step that undoes it
 * @param onFailure its {@code @OnFailure} method, if any
 */
record ShapeTree(String workflow, String version, long timeoutMs, List<Node> nodes,
    List<List<String>> routes, List<List<String>> compensations, Optional<String> onFailure) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A node: a call ({@code step}, {@code remote}, {@code signal}, {@code child}, {@code sleep},
   * {@code event}, {@code stream}, {@code close}, {@code attribute}, {@code continue-as-new}) or a
   * structure ({@code parallel}, {@code branch}, {@code loop}) with its paths.
   *
   * @param key its key, unique in the shape
   * @param attributes its attributes as text, in the order stored
   */
  record Node(String key, String kind, String name, Map<String, String> attributes,
      List<Path> paths) {
    boolean isStructure() {
      return !paths.isEmpty() || kind.equals("parallel") || kind.equals("branch")
          || kind.equals("loop");
    }

    /**
     * Whether it is a call whose key the processor could not know (an event, a stream or an
     * attribute keyed by a variable): its name is then the key's source text.
     */
    boolean isComputed() {
      return "true".equals(attributes.get("computed"));
    }

    /** What a comparison of two versions compares: the name and the attributes. */
    String signature() {
      return name + " " + attributes;
    }
  }

  /** A path of a structure: its label and nodes. */
  record Path(String label, List<Node> nodes) {}

  /** The shape in {@code json}; throws {@link IllegalArgumentException} if it is not one. */
  static ShapeTree parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the stored shape is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || root.path("format").asInt() != 1) {
      throw new IllegalArgumentException("the stored shape is not of format 1");
    }
    Map<String, Integer> seen = new HashMap<>();
    List<List<String>> routes = new ArrayList<>();
    root.path("routes").forEach(r -> routes.add(List.of(r.path("code").asText(),
        r.path("method").asText())));
    List<List<String>> compensations = new ArrayList<>();
    root.path("compensations").forEach(c -> compensations.add(List.of(c.path("step").asText(),
        c.path("by").asText())));
    JsonNode onFailure = root.path("onFailure");
    return new ShapeTree(root.path("workflow").asText(), root.path("version").asText(),
        root.path("timeoutMs").asLong(), nodes(root.path("nodes"), seen), routes, compensations,
        onFailure.isTextual() ? Optional.of(onFailure.asText()) : Optional.empty());
  }

  private static List<Node> nodes(JsonNode array, Map<String, Integer> seen) {
    List<Node> nodes = new ArrayList<>();
    for (JsonNode node : array) {
      String kind = node.path("kind").asText();
      Map<String, String> attributes = new LinkedHashMap<>();
      node.properties().forEach(field -> {
        if (!List.of("kind", "name", "paths").contains(field.getKey())) {
          attributes.put(field.getKey(), field.getValue().asText());
        }
      });
      String name = node.path("name").asText();
      if ((kind.equals("event") || kind.equals("stream")) && !attributes.containsKey("constant")
          && !attributes.containsKey("computed")) {
        name = literalValue(name).orElse(name); // a shape stored before keys were unquoted
      }
      String id = kind + " " + name;
      int count = seen.merge(id, 1, Integer::sum) - 1;
      List<Path> paths = new ArrayList<>();
      for (JsonNode path : node.path("paths")) {
        paths.add(new Path(path.path("label").asText(), nodes(path.path("nodes"), seen)));
      }
      nodes.add(new Node(id + "#" + count, kind, name, attributes, paths));
    }
    return nodes;
  }

  /**
   * The value of {@code text} if it is one Java string literal, as shapes written before keys were
   * named by their values held it ({@code "\"answers\""}, escapes as javac prints them); else
   * empty.
   */
  static Optional<String> literalValue(String text) {
    if (text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
      return Optional.empty();
    }
    StringBuilder value = new StringBuilder();
    for (int i = 1; i < text.length() - 1; i++) {
      char c = text.charAt(i);
      if (c == '"') {
        return Optional.empty(); // "a" + "b": two literals, not one
      }
      if (c != '\\') {
        value.append(c);
        continue;
      }
      if (++i == text.length() - 1) {
        return Optional.empty();
      }
      char escaped = text.charAt(i);
      switch (escaped) {
        case 'b' -> value.append('\b');
        case 'f' -> value.append('\f');
        case 'n' -> value.append('\n');
        case 'r' -> value.append('\r');
        case 't' -> value.append('\t');
        case 's' -> value.append(' ');
        case '"', '\'', '\\' -> value.append(escaped);
        case 'u' -> {
          if (i + 5 > text.length() - 1) {
            return Optional.empty();
          }
          try {
            value.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
          } catch (NumberFormatException e) {
            return Optional.empty();
          }
          i += 4;
        }
        default -> {
          return Optional.empty();
        }
      }
    }
    return Optional.of(value.toString());
  }

  /** Every node, structures and their paths' nodes included, in reading order. */
  List<Node> all() {
    List<Node> all = new ArrayList<>();
    collect(nodes, all);
    return all;
  }

  private static void collect(List<Node> nodes, List<Node> into) {
    for (Node node : nodes) {
      into.add(node);
      node.paths().forEach(path -> collect(path.nodes(), into));
    }
  }
}
