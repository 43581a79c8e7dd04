package dev.durable.processor.shape;

import static dev.durable.processor.shape.Labels.text;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.VariableTree;
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
 * The one scan of a {@code @Run} method: it walks the method once ({@link StructureScanner}) and
 * feeds both the shape and the determinism lint. For {@link ShapeReader} it adds the nodes it finds
 * to the list it is given, in the order they are evaluated: a call's receiver and arguments before
 * the call, a structure's paths in source order; a subtree the shape does not read (a local or
 * anonymous class, the receiver of a child's {@code start}) is walked with no list. For the lint it
 * notes the path of every call, constructor call and method reference of the method, in its
 * lambdas and classes too, but none in the helpers the shape reads in place.
 */
final class BodyScanner extends StructureScanner {
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
  /** The lambda of a fan's or group's branch being read: its parameters are no locals. */
  private LambdaExpressionTree branch;

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

  /** A scanner for the lint's calls only: it reads no shape. */
  BodyScanner() {
    this.ctx = null;
    this.helpers = Map.of();
    this.childNames = Function.identity();
    this.contracts = Map.of();
    this.keys = null;
  }

  /** Notes the parameters of {@code method}, whose body is read next: no key constant's names. */
  private void declare(MethodTree method) {
    method.getParameters().forEach(p -> locals.add(p.getName().toString()));
  }

  @Override
  public Void visitMethod(MethodTree tree, List<ShapeNode> out) {
    if (out != null) {
      declare(tree);
    }
    return super.visitMethod(tree, out);
  }

  @Override
  public Void visitLambdaExpression(LambdaExpressionTree tree, List<ShapeNode> out) {
    if (out == null || tree != branch) {
      return super.visitLambdaExpression(tree, out);
    }
    scan(tree.getParameters(), null);
    scan(tree.getBody(), out);
    return null;
  }

  @Override
  public Void visitNewClass(NewClassTree tree, List<ShapeNode> out) {
    note();
    scan(tree.getEnclosingExpression(), out);
    scan(tree.getIdentifier(), null);
    scan(tree.getTypeArguments(), null);
    scan(tree.getArguments(), out);
    scan(tree.getClassBody(), null);
    return null;
  }

  @Override
  public Void visitMemberReference(MemberReferenceTree tree, List<ShapeNode> out) {
    note();
    return super.visitMemberReference(tree, out);
  }

  @Override
  public Void visitVariable(VariableTree tree, List<ShapeNode> out) {
    if (out != null) {
      locals.add(tree.getName().toString());
    }
    if (out != null && tree.getInitializer() instanceof MethodInvocationTree init) {
      String name = tree.getName().toString();
      if (BodyCalls.isCall(init, "Parallel", "group")) {
        groups.put(name, new ArrayList<>());
        return super.visitVariable(tree, null);
      }
      String client = BodyCalls.clientOf(init);
      if (client != null) {
        clients.put(name, client);
        return super.visitVariable(tree, null);
      }
    }
    return super.visitVariable(tree, out);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree call, List<ShapeNode> out) {
    note();
    if (out == null) {
      return super.visitMethodInvocation(call, null);
    }
    ExpressionTree select = call.getMethodSelect();
    String name = select instanceof MemberSelectTree m
        ? m.getIdentifier().toString() : ((IdentifierTree) select).getName().toString();
    ExpressionTree receiver = select instanceof MemberSelectTree m ? m.getExpression() : null;
    String receiverName = receiver instanceof IdentifierTree id ? id.getName().toString() : null;
    List<? extends ExpressionTree> args = call.getArguments();
    scan(call.getTypeArguments(), null);
    if (BodyCalls.isCall(call, "Parallel", "fan") && args.size() >= 2) {
      scan(select, null);
      scan(args.get(0), out);
      out.add(new ShapeNode("parallel", "fan over " + text(args.get(0)), Map.of(),
          List.of(new ShapeNode.Path("each", branch(args, 1, false)))));
      return null;
    }
    if (receiverName != null && groups.containsKey(receiverName)) {
      scan(select, null);
      List<ShapeNode.Path> paths = groups.get(receiverName);
      if (name.equals("add")) {
        String label = "branch " + (paths.size() + 1);
        paths.add(new ShapeNode.Path(label, branch(args, 0, true)));
      } else {
        scan(args, null);
        if (name.equals("run")) {
          out.add(new ShapeNode("parallel", "group", Map.of(), paths));
          groups.put(receiverName, new ArrayList<>());
        }
      }
      return null;
    }
    if ((name.equals("start") || name.equals("continueAsNew")) && receiver != null) {
      String workflow = receiver instanceof MethodInvocationTree of ? BodyCalls.clientOf(of)
          : receiverName == null ? null : clients.get(receiverName);
      if (workflow != null) {
        scan(select, null);
        scan(args, out);
        out.add(name.equals("start") ? ShapeNode.call("child", childNames.apply(workflow))
            : continueAsNew(args));
        return null;
      }
    }
    scan(select, out);
    scan(args, out);
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
      unnoted(() -> scan(helpers.get(name).getBody(), out)); // not the @Run body's calls
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

  /**
   * The nodes of a fan's or group's branch: the lambda last among {@code args}; the arguments
   * from {@code first} before it are walked for the lint only. A lambda of two parameters (a fan
   * over a contract's view) or of one handed a view ({@code group.add(view, v -> ...)}) calls
   * dispatched steps on its first parameter.
   */
  private List<ShapeNode> branch(List<? extends ExpressionTree> args, int first, boolean groupAdd) {
    ExpressionTree last = args.get(args.size() - 1);
    for (ExpressionTree arg : args.subList(first, args.size() - 1)) {
      scan(arg, null);
    }
    if (!(last instanceof LambdaExpressionTree lambda)) {
      scan(last, null);
      return List.of();
    }
    int params = lambda.getParameters().size();
    String view = params == 2 || (groupAdd && params == 1 && args.size() == 2)
        ? lambda.getParameters().get(0).getName().toString() : null;
    if (view != null) {
      views.add(view);
    }
    List<ShapeNode> nodes = new ArrayList<>();
    LambdaExpressionTree outer = branch;
    branch = lambda;
    scan(lambda, nodes);
    branch = outer;
    if (view != null) {
      views.remove(view);
    }
    return nodes;
  }

  /** A {@code continueAsNew(...)}: the run starts over, with {@code args} as its input. */
  private static ShapeNode continueAsNew(List<? extends ExpressionTree> args) {
    String input = String.join(", ", args.stream().map(Labels::text).toList());
    return new ShapeNode("continue-as-new", "continue-as-new",
        Map.of("input", Labels.cut(input)), List.of());
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
}
