package dev.durable.processor.shape;

import static dev.durable.processor.shape.ShapeReader.text;

import com.sun.source.tree.CaseTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreeScanner;
import dev.durable.processor.model.SignalModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.WorkflowModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Walks a {@code @Run} body for {@link ShapeReader}, adding the nodes it finds to the list it is
 * given, in the order they are evaluated: a call's receiver and arguments before the call, a
 * structure's paths in source order.
 */
final class BodyScanner extends TreeScanner<Void, List<ShapeNode>> {
  private final Map<String, StepModel> steps = new HashMap<>();
  private final Map<String, SignalModel> signals = new HashMap<>();
  private final String ctx;
  private final Map<String, MethodTree> helpers;
  /** Helpers being read, so that a recursive helper is read once. */
  private final Deque<String> reading = new ArrayDeque<>();
  /** Variables holding a {@code Parallel.group()}, with the paths added to each so far. */
  private final Map<String, List<ShapeNode.Path>> groups = new HashMap<>();
  /** Variables holding a child's client, {@code <Name>Client.of(ctx)}, with the workflow named. */
  private final Map<String, String> clients = new HashMap<>();
  /** Parameters of fan branches that hold a contract's durable view. */
  private final Set<String> views = new HashSet<>();
  /** The names of the local variables and parameters declared so far: no key constant's. */
  private final Set<String> locals = new HashSet<>();
  private final KeyNames keys;

  /** The stored name of a child workflow by its client's prefix. */
  private final Function<String, String> childNames;

  /** The fields holding a step contract, with its step names by method name. */
  private final Map<String, Map<String, String>> contracts;

  BodyScanner(WorkflowModel model, String ctx, Map<String, MethodTree> helpers,
      Function<String, String> childNames, Map<String, Map<String, String>> contracts,
      KeyNames keys) {
    this.childNames = childNames;
    this.contracts = contracts;
    this.keys = keys;
    model.steps().forEach(s -> steps.putIfAbsent(s.methodName(), s));
    model.signals().forEach(s -> signals.putIfAbsent(s.methodName(), s));
    this.ctx = ctx;
    this.helpers = helpers;
  }

  /** Notes the parameters of {@code method}, whose body is read next: no key constant's names. */
  void declare(MethodTree method) {
    method.getParameters().forEach(p -> locals.add(p.getName().toString()));
  }

  private List<ShapeNode> nodesOf(Tree tree) {
    List<ShapeNode> nodes = new ArrayList<>();
    scan(tree, nodes);
    return nodes;
  }

  private static void structure(List<ShapeNode> out, String kind, String label,
      List<ShapeNode.Path> paths) {
    if (paths.stream().anyMatch(p -> !p.nodes().isEmpty())) {
      out.add(new ShapeNode(kind, label, Map.of(), paths));
    }
  }

  @Override
  public Void visitIf(IfTree tree, List<ShapeNode> out) {
    scan(tree.getCondition(), out);
    List<ShapeNode.Path> paths = new ArrayList<>();
    paths.add(new ShapeNode.Path("then", nodesOf(tree.getThenStatement())));
    paths.add(new ShapeNode.Path("else", tree.getElseStatement() == null
        ? List.of() : nodesOf(tree.getElseStatement())));
    structure(out, "branch", "if " + text(tree.getCondition()), paths);
    return null;
  }

  @Override
  public Void visitConditionalExpression(ConditionalExpressionTree tree, List<ShapeNode> out) {
    scan(tree.getCondition(), out);
    structure(out, "branch", "if " + text(tree.getCondition()), List.of(
        new ShapeNode.Path("then", nodesOf(tree.getTrueExpression())),
        new ShapeNode.Path("else", nodesOf(tree.getFalseExpression()))));
    return null;
  }

  @Override
  public Void visitSwitch(SwitchTree tree, List<ShapeNode> out) {
    scan(tree.getExpression(), out);
    structure(out, "branch", "switch " + text(tree.getExpression()), cases(tree.getCases()));
    return null;
  }

  @Override
  public Void visitSwitchExpression(SwitchExpressionTree tree, List<ShapeNode> out) {
    scan(tree.getExpression(), out);
    structure(out, "branch", "switch " + text(tree.getExpression()), cases(tree.getCases()));
    return null;
  }

  private List<ShapeNode.Path> cases(List<? extends CaseTree> cases) {
    List<ShapeNode.Path> paths = new ArrayList<>();
    for (CaseTree c : cases) {
      String label = c.getExpressions().isEmpty() ? "default" : "case " + String.join(", ",
          c.getExpressions().stream().map(ShapeReader::text).toList());
      List<ShapeNode> nodes = new ArrayList<>();
      if (c.getStatements() != null) {
        c.getStatements().forEach(s -> scan(s, nodes));
      } else {
        scan(c.getBody(), nodes);
      }
      paths.add(new ShapeNode.Path(label, nodes));
    }
    return paths;
  }

  @Override
  public Void visitTry(TryTree tree, List<ShapeNode> out) {
    tree.getResources().forEach(r -> scan(r, out));
    List<ShapeNode> body = nodesOf(tree.getBlock());
    List<ShapeNode.Path> paths = new ArrayList<>();
    paths.add(new ShapeNode.Path("try", body));
    tree.getCatches().forEach(c -> paths.add(new ShapeNode.Path(
        "catch " + text(c.getParameter().getType()), nodesOf(c.getBlock()))));
    if (paths.stream().skip(1).allMatch(p -> p.nodes().isEmpty())) {
      out.addAll(body); // nothing recorded when it fails: the try is no branch of the shape
    } else {
      out.add(new ShapeNode("branch", "try", Map.of(), paths));
    }
    if (tree.getFinallyBlock() != null) {
      scan(tree.getFinallyBlock(), out);
    }
    return null;
  }

  @Override
  public Void visitForLoop(ForLoopTree tree, List<ShapeNode> out) {
    tree.getInitializer().forEach(s -> scan(s, out));
    List<ShapeNode> body = new ArrayList<>();
    scan(tree.getCondition(), body);
    scan(tree.getStatement(), body);
    tree.getUpdate().forEach(s -> scan(s, body));
    loop(out, "for " + (tree.getCondition() == null ? "ever" : text(tree.getCondition())),
        body);
    return null;
  }

  @Override
  public Void visitEnhancedForLoop(EnhancedForLoopTree tree, List<ShapeNode> out) {
    scan(tree.getExpression(), out);
    loop(out, "for each " + tree.getVariable().getName() + " in "
        + text(tree.getExpression()), nodesOf(tree.getStatement()));
    return null;
  }

  @Override
  public Void visitWhileLoop(WhileLoopTree tree, List<ShapeNode> out) {
    List<ShapeNode> body = nodesOf(tree.getCondition());
    scan(tree.getStatement(), body);
    loop(out, "while " + text(tree.getCondition()), body);
    return null;
  }

  @Override
  public Void visitDoWhileLoop(DoWhileLoopTree tree, List<ShapeNode> out) {
    List<ShapeNode> body = nodesOf(tree.getStatement());
    scan(tree.getCondition(), body);
    loop(out, "do while " + text(tree.getCondition()), body);
    return null;
  }

  private static void loop(List<ShapeNode> out, String label, List<ShapeNode> body) {
    structure(out, "loop", label, List.of(new ShapeNode.Path("repeat", body)));
  }

  @Override
  public Void visitClass(ClassTree tree, List<ShapeNode> out) {
    return null; // a local or anonymous class's code runs when called, not here
  }

  @Override
  public Void visitNewClass(NewClassTree tree, List<ShapeNode> out) {
    scan(tree.getEnclosingExpression(), out);
    tree.getArguments().forEach(a -> scan(a, out));
    return null;
  }

  @Override
  public Void visitVariable(VariableTree tree, List<ShapeNode> out) {
    String name = tree.getName().toString();
    locals.add(name);
    if (tree.getInitializer() instanceof MethodInvocationTree init) {
      if (isCall(init, "Parallel", "group")) {
        groups.put(name, new ArrayList<>());
        return null;
      }
      String client = clientOf(init);
      if (client != null) {
        clients.put(name, client);
        return null;
      }
    }
    return super.visitVariable(tree, out);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree call, List<ShapeNode> out) {
    ExpressionTree select = call.getMethodSelect();
    String name = select instanceof MemberSelectTree m
        ? m.getIdentifier().toString() : ((IdentifierTree) select).getName().toString();
    ExpressionTree receiver = select instanceof MemberSelectTree m ? m.getExpression() : null;
    String receiverName = receiver instanceof IdentifierTree id ? id.getName().toString() : null;
    List<? extends ExpressionTree> args = call.getArguments();
    if (isCall(call, "Parallel", "fan") && args.size() >= 2) {
      scan(args.get(0), out);
      out.add(new ShapeNode("parallel", "fan over " + text(args.get(0)), Map.of(),
          List.of(new ShapeNode.Path("each", branch(args, false)))));
      return null;
    }
    if (receiverName != null && groups.containsKey(receiverName)) {
      List<ShapeNode.Path> paths = groups.get(receiverName);
      if (name.equals("add")) {
        paths.add(new ShapeNode.Path("branch " + (paths.size() + 1), branch(args, true)));
      } else if (name.equals("run")) {
        out.add(new ShapeNode("parallel", "group", Map.of(), paths));
        groups.put(receiverName, new ArrayList<>());
      }
      return null;
    }
    if ((name.equals("start") || name.equals("continueAsNew")) && receiver != null) {
      String workflow = receiver instanceof MethodInvocationTree of ? clientOf(of)
          : receiverName == null ? null : clients.get(receiverName);
      if (workflow != null) {
        args.forEach(a -> scan(a, out));
        out.add(name.equals("start") ? ShapeNode.call("child", childNames.apply(workflow))
            : continueAsNew(args));
        return null;
      }
    }
    scan(receiver, out);
    args.forEach(a -> scan(a, out));
    boolean onThis = receiver == null || receiver.toString().equals("this");
    if (onThis && steps.containsKey(name)) {
      out.add(ShapeNode.step(steps.get(name)));
    } else if (onThis && signals.containsKey(name)) {
      Map<String, Object> attributes = new LinkedHashMap<>();
      if (!args.isEmpty()) {
        attributes.put("wait", text(args.get(0)));
      }
      out.add(new ShapeNode("signal", signals.get(name).signalName(), attributes, List.of()));
    } else if (onThis && helpers.containsKey(name) && !reading.contains(name)) {
      reading.push(name);
      declare(helpers.get(name));
      scan(helpers.get(name).getBody(), out);
      reading.pop();
    } else if (receiverName != null && receiverName.equals(ctx)) {
      contextCall(name, args, out);
    } else if (contract(receiver) != null) {
      out.add(ShapeNode.call("remote", contract(receiver).getOrDefault(name, name)));
    } else if (receiver != null && (views.contains(receiverName)
        || receiver.toString().contains("Dispatch."))) {
      out.add(ShapeNode.call("remote", name));
    }
    return null;
  }

  /** A {@code continueAsNew(...)}: the run starts over, with {@code args} as its input. */
  private static ShapeNode continueAsNew(List<? extends ExpressionTree> args) {
    String input = String.join(", ", args.stream().map(ShapeReader::text).toList());
    return new ShapeNode("continue-as-new", "continue-as-new",
        Map.of("input", ShapeReader.cut(input)), List.of());
  }

  /**
   * The nodes of a fan's or group's branch: the lambda last among {@code args}. A lambda of two
   * parameters (a fan over a contract's view) or of one handed a view ({@code group.add(view,
   * v -> ...)}) calls dispatched steps on its first parameter.
   */
  private List<ShapeNode> branch(List<? extends ExpressionTree> args, boolean groupAdd) {
    if (!(args.get(args.size() - 1) instanceof LambdaExpressionTree lambda)) {
      return List.of();
    }
    int params = lambda.getParameters().size();
    String view = params == 2 || (groupAdd && params == 1 && args.size() == 2)
        ? lambda.getParameters().get(0).getName().toString() : null;
    if (view != null) {
      views.add(view);
    }
    List<ShapeNode> nodes = nodesOf(lambda.getBody());
    if (view != null) {
      views.remove(view);
    }
    return nodes;
  }

  /**
   * A call on the {@code WorkflowContext}: a sleep, or a call named by its key (an event set, a
   * stream written or closed, an attribute); see {@link KeyNames}.
   */
  private void contextCall(String name, List<? extends ExpressionTree> args,
      List<ShapeNode> out) {
    if (args.isEmpty()) {
      return;
    }
    String kind = switch (name) {
      case "sleep" -> "sleep";
      case "setEvent" -> "event";
      case "writeStream" -> "stream";
      case "closeStream" -> "close";
      case "attribute" -> "attribute";
      default -> null; // the clock, randomness, patches: recorded, but not part of the shape
    };
    if (kind == null) {
      return;
    }
    out.add(kind.equals("sleep")
        ? new ShapeNode("sleep", "sleep", Map.of("duration", text(args.get(0))), List.of())
        : keys.node(kind, args.get(0), locals));
  }


  /** The steps of the contract field {@code receiver} is ({@code labels}, {@code this.labels}). */
  private Map<String, String> contract(ExpressionTree receiver) {
    if (receiver instanceof IdentifierTree id) {
      return contracts.get(id.getName().toString());
    }
    return receiver instanceof MemberSelectTree m && m.getExpression().toString().equals("this")
        ? contracts.get(m.getIdentifier().toString()) : null;
  }

  /** Whether {@code call} is {@code Type.method(...)}. */
  private static boolean isCall(MethodInvocationTree call, String type, String method) {
    return call.getMethodSelect() instanceof MemberSelectTree m
        && m.getIdentifier().contentEquals(method)
        && (m.getExpression().toString().equals(type)
            || m.getExpression().toString().endsWith("." + type));
  }

  /** The workflow {@code call} makes a client of ({@code PayoutClient.of(ctx)}), or null. */
  private static String clientOf(MethodInvocationTree call) {
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
