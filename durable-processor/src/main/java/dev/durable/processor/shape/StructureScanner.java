package dev.durable.processor.shape;

import static dev.durable.processor.shape.Labels.text;

import com.sun.source.tree.CaseTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The walk of a {@code @Run} method for {@link BodyScanner}, once, in javac's order, and the
 * structures of its shape: branches ({@code if}, {@code ?:}, {@code switch}, {@code try}) and
 * loops, each written when one of its paths holds a call. Each visit adds the nodes it finds to the
 * list it is given; a subtree the shape does not read is walked with none (null), and a visit
 * given none walks on as javac's scanner does. The paths of the calls the lint checks are noted on
 * the way, in the order javac's scanner meets them.
 */
abstract class StructureScanner extends TreePathScanner<Void, List<ShapeNode>> {
  /** Where the calls the lint checks go; null where it does not look (a helper read in place). */
  private List<TreePath> calls;

  /**
   * Walks the method declared at {@code method}, adding its body's shape to {@code out} (none if
   * null), and returns its calls for the lint (none unless {@code lint}).
   */
  List<TreePath> walk(TreePath method, List<ShapeNode> out, boolean lint) {
    List<TreePath> found = new ArrayList<>();
    calls = lint ? found : null;
    try {
      scan(method, out);
    } finally {
      calls = null;
    }
    return found;
  }

  /** The nodes of {@code tree} in a list of their own; none, and no list, where out is null. */
  List<ShapeNode> nodesOf(Tree tree, List<ShapeNode> out) {
    List<ShapeNode> nodes = out == null ? null : new ArrayList<>();
    scan(tree, nodes);
    return nodes;
  }

  private static void structure(List<ShapeNode> out, String kind, String label,
      List<ShapeNode.Path> paths) {
    if (paths.stream().anyMatch(p -> !p.nodes().isEmpty())) {
      out.add(new ShapeNode(kind, label, Map.of(), paths));
    }
  }

  /** The {@code @Run} method itself: only its body has a shape. */
  @Override
  public Void visitMethod(MethodTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitMethod(tree, null);
    }
    scan(tree.getModifiers(), null);
    scan(tree.getReturnType(), null);
    scan(tree.getTypeParameters(), null);
    scan(tree.getParameters(), null);
    scan(tree.getReceiverParameter(), null);
    scan(tree.getThrows(), null);
    scan(tree.getBody(), out);
    scan(tree.getDefaultValue(), null);
    return null;
  }

  @Override
  public Void visitIf(IfTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitIf(tree, null);
    }
    scan(tree.getCondition(), out);
    List<ShapeNode.Path> paths = new ArrayList<>();
    paths.add(new ShapeNode.Path("then", nodesOf(tree.getThenStatement(), out)));
    paths.add(new ShapeNode.Path("else", nodesOf(tree.getElseStatement(), out)));
    structure(out, "branch", "if " + text(tree.getCondition()), paths);
    return null;
  }

  @Override
  public Void visitConditionalExpression(ConditionalExpressionTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitConditionalExpression(tree, null);
    }
    scan(tree.getCondition(), out);
    structure(out, "branch", "if " + text(tree.getCondition()), List.of(
        new ShapeNode.Path("then", nodesOf(tree.getTrueExpression(), out)),
        new ShapeNode.Path("else", nodesOf(tree.getFalseExpression(), out))));
    return null;
  }

  @Override
  public Void visitSwitch(SwitchTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitSwitch(tree, null);
    }
    scan(tree.getExpression(), out);
    structure(out, "branch", "switch " + text(tree.getExpression()), cases(tree.getCases()));
    return null;
  }

  @Override
  public Void visitSwitchExpression(SwitchExpressionTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitSwitchExpression(tree, null);
    }
    scan(tree.getExpression(), out);
    structure(out, "branch", "switch " + text(tree.getExpression()), cases(tree.getCases()));
    return null;
  }

  private List<ShapeNode.Path> cases(List<? extends CaseTree> cases) {
    List<ShapeNode.Path> paths = new ArrayList<>();
    for (CaseTree c : cases) {
      String label = c.getExpressions().isEmpty() ? "default" : "case " + String.join(", ",
          c.getExpressions().stream().map(Labels::text).toList());
      List<ShapeNode> nodes = new ArrayList<>();
      scan(c, nodes);
      paths.add(new ShapeNode.Path(label, nodes));
    }
    return paths;
  }

  /** A case's statements (or its body, after {@code ->}) are its path; its labels are not. */
  @Override
  public Void visitCase(CaseTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitCase(tree, null);
    }
    scan(tree.getExpressions(), null);
    if (tree.getStatements() != null) {
      scan(tree.getStatements(), out);
    } else {
      scan(tree.getBody(), out);
    }
    return null;
  }

  @Override
  public Void visitTry(TryTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitTry(tree, null);
    }
    scan(tree.getResources(), out);
    List<ShapeNode> body = nodesOf(tree.getBlock(), out);
    List<ShapeNode.Path> paths = new ArrayList<>();
    paths.add(new ShapeNode.Path("try", body));
    tree.getCatches().forEach(c -> paths.add(new ShapeNode.Path(
        "catch " + text(c.getParameter().getType()), nodesOf(c, out))));
    if (paths.stream().skip(1).allMatch(p -> p.nodes().isEmpty())) {
      out.addAll(body); // nothing recorded when it fails: the try is no branch of the shape
    } else {
      out.add(new ShapeNode("branch", "try", Map.of(), paths));
    }
    scan(tree.getFinallyBlock(), out);
    return null;
  }

  /** A catch's block is its path; its parameter is not. */
  @Override
  public Void visitCatch(CatchTree tree, List<ShapeNode> out) {
    scan(tree.getParameter(), null);
    scan(tree.getBlock(), out);
    return null;
  }

  /**
   * A {@code for} loop's path runs through its condition, its body, then its update, in the order
   * they run. The lint reports in javac's order, which meets the update before the body: the
   * update's calls are moved before the body's.
   */
  @Override
  public Void visitForLoop(ForLoopTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitForLoop(tree, null);
    }
    tree.getInitializer().forEach(s -> scan(s, out));
    List<ShapeNode> body = new ArrayList<>();
    scan(tree.getCondition(), body);
    int beforeBody = calls == null ? 0 : calls.size();
    scan(tree.getStatement(), body);
    int beforeUpdate = calls == null ? 0 : calls.size();
    tree.getUpdate().forEach(s -> scan(s, body));
    if (calls != null) {
      Collections.rotate(calls.subList(beforeBody, calls.size()), calls.size() - beforeUpdate);
    }
    loop(out, "for " + (tree.getCondition() == null ? "ever" : text(tree.getCondition())),
        body);
    return null;
  }

  @Override
  public Void visitEnhancedForLoop(EnhancedForLoopTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitEnhancedForLoop(tree, null);
    }
    scan(tree.getVariable(), null);
    scan(tree.getExpression(), out);
    loop(out, "for each " + tree.getVariable().getName() + " in "
        + text(tree.getExpression()), nodesOf(tree.getStatement(), out));
    return null;
  }

  @Override
  public Void visitWhileLoop(WhileLoopTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitWhileLoop(tree, null);
    }
    List<ShapeNode> body = nodesOf(tree.getCondition(), out);
    scan(tree.getStatement(), body);
    loop(out, "while " + text(tree.getCondition()), body);
    return null;
  }

  @Override
  public Void visitDoWhileLoop(DoWhileLoopTree tree, List<ShapeNode> out) {
    if (out == null) {
      return super.visitDoWhileLoop(tree, null);
    }
    List<ShapeNode> body = nodesOf(tree.getStatement(), out);
    scan(tree.getCondition(), body);
    loop(out, "do while " + text(tree.getCondition()), body);
    return null;
  }

  private static void loop(List<ShapeNode> out, String label, List<ShapeNode> body) {
    structure(out, "loop", label, List.of(new ShapeNode.Path("repeat", body)));
  }

  @Override
  public Void visitClass(ClassTree tree, List<ShapeNode> out) {
    // a local or anonymous class's code runs when called, not here: no shape, but the lint looks
    return super.visitClass(tree, null);
  }

  /** Notes the call, constructor call or method reference being visited, for the lint. */
  void note() {
    if (calls != null) {
      calls.add(getCurrentPath());
    }
  }

  /** Runs {@code work}, noting no calls for the lint. */
  void unnoted(Runnable work) {
    List<TreePath> noting = calls;
    calls = null;
    try {
      work.run();
    } finally {
      calls = noting;
    }
  }
}
