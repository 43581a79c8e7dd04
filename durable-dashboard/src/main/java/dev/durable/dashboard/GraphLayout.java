package dev.durable.dashboard;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays a {@link ShapeTree} out top to bottom, in layers: the calls of a sequence one under the
 * other, the paths of a fan or an if/else side by side under their header and joined again below,
 * a loop's body under its header with a back edge up its left side. The error routes,
 * compensations and {@code @OnFailure} go in a column on the right, tied to the graph by dashed
 * edges: a compensation to the step it undoes, routes and {@code @OnFailure} to the end. Every
 * block is centred on one vertical line, where edges enter and leave it, so that edges are straight
 * lines or right angles. Coordinates are in SVG user units (pixels at 100 %).
 */
final class GraphLayout {
  static final int NODE_W = 196;
  static final int NODE_H = 44;
  static final int HEADER_H = 30;
  static final int GAP_Y = 28;
  static final int GAP_X = 22;
  static final int JOIN = 10;
  /** Room on a loop's left for its back edge. */
  static final int LOOP_MARGIN = 22;
  static final int MARGIN = 16;
  /** The longest line of a node's label, in characters: what fits its width. */
  static final int LINE_MAX = 27;

  private GraphLayout() {}

  /**
   * A box to draw.
   *
   * @param key the node's key ({@link ShapeTree.Node#key()}), or a fixed one: {@code start},
   *     {@code end}, {@code route <code>}, {@code compensation <step>}, {@code on-failure}
   * @param role {@code call}, {@code header} (of a structure), {@code join}, {@code terminal} or
   *     {@code side}
   * @param kind the node's kind ({@code step}, {@code loop}, ...), or the role again
   * @param lines its label, one or two lines
   * @param title the tooltip: everything known of it
   */
  record Box(String key, String role, String kind, int x, int y, int w, int h, List<String> lines,
      String title) {}

  /** An edge through {@code points}, x and y pairs; its role: flow, back or side. */
  record Edge(String role, int[] points) {}

  /** A path's label ({@code then}, {@code else}), drawn at its start. */
  record Label(int x, int y, String text) {}

  /** The laid-out graph: what to draw and the canvas's size. */
  record Laid(int width, int height, List<Box> boxes, List<Edge> edges, List<Label> labels) {}

  /** A block at the origin, entered at {@code (w / 2, 0)} and left at {@code (w / 2, h)}. */
  private static final class Block {
    int w;
    int h;
    final List<Box> boxes = new ArrayList<>();
    final List<Edge> edges = new ArrayList<>();
    final List<Label> labels = new ArrayList<>();

    /** Adds {@code other}'s contents moved by {@code (dx, dy)}. */
    void place(Block other, int dx, int dy) {
      for (Box b : other.boxes) {
        boxes.add(new Box(b.key(), b.role(), b.kind(), b.x() + dx, b.y() + dy, b.w(), b.h(),
            b.lines(), b.title()));
      }
      for (Edge e : other.edges) {
        int[] p = e.points().clone();
        for (int i = 0; i < p.length; i += 2) {
          p[i] += dx;
          p[i + 1] += dy;
        }
        edges.add(new Edge(e.role(), p));
      }
      other.labels.forEach(l -> labels.add(new Label(l.x() + dx, l.y() + dy, l.text())));
    }
  }

  /** Lays out {@code shape}. */
  static Laid of(ShapeTree shape) {
    Block main = new Block();
    List<Block> items = new ArrayList<>();
    items.add(box("start", "terminal", "terminal", List.of("start", shape.timeoutMs() > 0
        ? "run timeout " + span(shape.timeoutMs()) : "no run timeout"),
        "workflow " + shape.workflow() + " version " + shape.version(), NODE_W, HEADER_H + 8));
    items.add(sequence(shape.nodes()));
    items.add(box("end", "terminal", "terminal", List.of("end"), "the run's result", NODE_W,
        HEADER_H));
    stack(main, items);
    Block all = new Block();
    all.place(main, MARGIN, MARGIN);
    all.w = main.w + 2 * MARGIN;
    all.h = main.h + 2 * MARGIN;
    side(all, shape);
    return new Laid(all.w, all.h, all.boxes, all.edges, all.labels);
  }

  /** The right-hand column: compensations beside their steps, routes and @OnFailure at the end. */
  private static void side(Block all, ShapeTree shape) {
    if (shape.compensations().isEmpty() && shape.routes().isEmpty()
        && shape.onFailure().isEmpty()) {
      return;
    }
    Map<String, Box> byKey = new LinkedHashMap<>();
    all.boxes.forEach(b -> byKey.put(b.key(), b));
    int x = all.w + 40;
    int nextY = MARGIN;
    for (List<String> pair : shape.compensations()) {
      Box step = byKey.get("step " + pair.get(0) + "#0");
      int y = Math.max(nextY, step == null ? nextY : step.y());
      Box box = new Box("compensation " + pair.get(0), "side", "compensation", x, y, NODE_W,
          NODE_H, List.of("compensate " + cut(pair.get(0)), "by " + cut(pair.get(1))),
          "if the run fails after step " + pair.get(0) + " completed, step " + pair.get(1)
              + " undoes it (compensations run in reverse order)");
      all.boxes.add(box);
      if (step != null) {
        all.edges.add(new Edge("side", new int[] {step.x() + step.w(), step.y() + step.h() / 2,
            x, y + NODE_H / 2}));
      }
      nextY = y + NODE_H + GAP_Y / 2;
    }
    Box end = byKey.get("end");
    int y = Math.max(nextY, end.y() - (shape.routes().size()
        + (shape.onFailure().isPresent() ? 1 : 0) - 1) * (NODE_H + GAP_Y / 2));
    List<Box> ends = new ArrayList<>();
    for (List<String> route : shape.routes()) {
      ends.add(new Box("route " + route.get(0), "side", "route", x, y, NODE_W, NODE_H,
          List.of("on error " + cut(route.get(0)), "→ " + cut(route.get(1)) + "()"),
          "@OnError(code = \"" + route.get(0) + "\"): a failure with this code goes to "
              + route.get(1) + "(), whose result completes the run"));
      y += NODE_H + GAP_Y / 2;
    }
    if (shape.onFailure().isPresent()) {
      String method = shape.onFailure().get();
      ends.add(new Box("on-failure", "side", "on-failure", x, y, NODE_W, NODE_H,
          List.of("@OnFailure", cut(method) + "()"),
          "@OnFailure " + method + "(): runs once the run failed for good and was compensated"));
    }
    for (Box box : ends) {
      all.boxes.add(box);
      all.edges.add(new Edge("side", new int[] {end.x() + end.w(), end.y() + end.h() / 2,
          x - 20, end.y() + end.h() / 2, x - 20, box.y() + NODE_H / 2, x, box.y() + NODE_H / 2}));
    }
    int bottom = all.boxes.stream().mapToInt(b -> b.y() + b.h()).max().orElse(0);
    all.w = x + NODE_W + MARGIN;
    all.h = Math.max(all.h, bottom + MARGIN);
  }

  /** The blocks of {@code items} one under the other, centred, joined by edges. */
  private static void stack(Block into, List<Block> items) {
    int w = items.stream().mapToInt(b -> b.w).max().orElse(0);
    int y = 0;
    for (int i = 0; i < items.size(); i++) {
      Block item = items.get(i);
      if (i > 0) {
        into.edges.add(new Edge("flow", new int[] {w / 2, y - GAP_Y, w / 2, y}));
      }
      into.place(item, (w - item.w) / 2, y);
      y += item.h + GAP_Y;
    }
    into.w = Math.max(into.w, w);
    into.h = items.isEmpty() ? 0 : y - GAP_Y;
  }

  private static Block sequence(List<ShapeTree.Node> nodes) {
    Block block = new Block();
    List<Block> items = new ArrayList<>();
    for (ShapeTree.Node node : nodes) {
      items.add(node.isStructure() ? structure(node) : call(node));
    }
    if (items.isEmpty()) {
      block.w = 40; // an empty path: the edge passes straight through
      return block;
    }
    stack(block, items);
    return block;
  }

  private static Block call(ShapeTree.Node node) {
    String name = node.kind().equals(node.name()) ? node.name() : node.kind() + " " + node.name();
    return box(node.key(), "call", node.kind(), List.of(cut(name), cut(brief(node))), title(node),
        NODE_W, NODE_H);
  }

  private static Block box(String key, String role, String kind, List<String> lines, String title,
      int w, int h) {
    Block block = new Block();
    block.boxes.add(new Box(key, role, kind, 0, 0, w, h, lines, title));
    block.w = w;
    block.h = h;
    return block;
  }

  private static Block structure(ShapeTree.Node node) {
    String what = switch (node.kind()) {
      case "parallel" -> "in parallel: ";
      case "loop" -> "↻ repeats: ";
      default -> "";
    };
    Block header = box(node.key(), "header", node.kind(), List.of(cut(what + node.name())),
        title(node), NODE_W, HEADER_H);
    return node.kind().equals("loop") ? loop(node, header) : paths(node, header);
  }

  /** A fan's or branch's paths side by side, under the header, joined below. */
  private static Block paths(ShapeTree.Node node, Block header) {
    List<Block> paths = node.paths().stream().map(p -> sequence(p.nodes())).toList();
    int pathsW = paths.stream().mapToInt(p -> p.w).sum() + GAP_X * (paths.size() - 1);
    int pathsH = paths.stream().mapToInt(p -> p.h).max().orElse(0);
    Block block = new Block();
    block.w = Math.max(NODE_W, pathsW);
    int cx = block.w / 2;
    block.place(header, cx - NODE_W / 2, 0);
    int top = HEADER_H + GAP_Y;
    int joinY = top + pathsH + GAP_Y;
    int x = (block.w - pathsW) / 2;
    for (int i = 0; i < paths.size(); i++) {
      Block path = paths.get(i);
      int px = x + path.w / 2;
      block.place(path, x, top);
      int split = HEADER_H + GAP_Y / 2;
      int merge = joinY - GAP_Y / 2;
      block.edges.add(new Edge("flow", new int[] {cx, HEADER_H, cx, split, px, split, px, top}));
      block.edges.add(new Edge("flow", new int[] {px, top + path.h, px, merge, cx, merge, cx,
          joinY}));
      block.labels.add(new Label(px + 4, top - 4, cut(node.paths().get(i).label())));
      x += path.w + GAP_X;
    }
    block.boxes.add(new Box(node.key() + " join", "join", node.kind(), cx - JOIN / 2, joinY,
        JOIN, JOIN, List.of(), "the paths of " + node.name() + " join here"));
    block.h = joinY + JOIN;
    return block;
  }

  /** A loop: the header, its body, and a back edge from the body's end up to the header. */
  private static Block loop(ShapeTree.Node node, Block header) {
    Block body = sequence(node.paths().isEmpty() ? List.of() : node.paths().get(0).nodes());
    Block block = new Block();
    block.w = Math.max(NODE_W, body.w) + 2 * LOOP_MARGIN;
    int cx = block.w / 2;
    block.place(header, cx - NODE_W / 2, 0);
    int top = HEADER_H + GAP_Y;
    block.place(body, cx - body.w / 2, top);
    block.edges.add(new Edge("flow", new int[] {cx, HEADER_H, cx, top}));
    int joinY = top + body.h + GAP_Y;
    block.edges.add(new Edge("flow", new int[] {cx, top + body.h, cx, joinY}));
    block.boxes.add(new Box(node.key() + " join", "join", "loop", cx - JOIN / 2, joinY, JOIN,
        JOIN, List.of(), "the end of one pass of " + node.name()));
    int left = 4;
    block.edges.add(new Edge("back", new int[] {cx - JOIN / 2, joinY + JOIN / 2, left,
        joinY + JOIN / 2, left, HEADER_H / 2, cx - NODE_W / 2, HEADER_H / 2}));
    block.h = joinY + JOIN;
    return block;
  }

  /**
   * The second line of a call's label, in brief: a step's attempts ({@code ×3}), its timeout per
   * attempt ({@code ≤5 s}) and its queue; a signal's wait; a sleep's duration; what an event, a
   * stream or an attribute is for, and where its key comes from if not a literal; a continue-as-new's
   * input.
   */
  static String brief(ShapeTree.Node node) {
    Map<String, String> a = node.attributes();
    List<String> parts = new ArrayList<>();
    switch (node.kind()) {
      case "step" -> {
        int retries = Integer.parseInt(a.getOrDefault("retries", "1"));
        parts.add(retries > 1 ? "×" + retries : "1 attempt");
        if (a.containsKey("timeoutMs")) {
          parts.add("≤" + span(Long.parseLong(a.get("timeoutMs"))));
        }
        if (a.containsKey("queue")) {
          parts.add("queue " + a.get("queue"));
        }
      }
      case "signal" -> parts.add(a.containsKey("wait") ? "wait " + a.get("wait") : "no limit");
      case "sleep" -> parts.add(a.getOrDefault("duration", ""));
      case "child" -> parts.add("child run, awaited");
      case "remote" -> parts.add("on a worker");
      case "event", "stream", "close", "attribute" -> {
        parts.add(switch (node.kind()) {
          case "event" -> "set for callers";
          case "stream" -> "written for readers";
          case "close" -> "end of the stream";
          default -> "searchable";
        });
        if (node.isComputed()) {
          parts.add("key known at run time");
        } else if (a.containsKey("constant")) {
          parts.add(a.get("constant"));
        }
      }
      case "continue-as-new" -> parts.add("starts over: " + a.getOrDefault("input", ""));
      default -> parts.add(node.kind());
    }
    return String.join(" · ", parts);
  }

  /** The tooltip of a node: kind, name and every attribute. */
  static String title(ShapeTree.Node node) {
    StringBuilder title = new StringBuilder(node.kind()).append(' ').append(node.name());
    node.attributes().forEach((k, v) -> title.append('\n').append(k).append(": ").append(v));
    return title.toString();
  }

  /** {@code ms} milliseconds roughly: {@code 5 s}, {@code 24 h}. */
  private static String span(long ms) {
    return ms < 1000 ? ms + " ms" : Format.span(Duration.ofMillis(ms));
  }

  /** {@code text} cut to {@value #LINE_MAX} characters. */
  static String cut(String text) {
    return text.length() <= LINE_MAX ? text : text.substring(0, LINE_MAX - 1) + "…";
  }
}
