package dev.durable.processor.validation;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.durable.processor.messages.LintMessages;
import dev.durable.processor.reading.Annotations;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/**
 * The determinism lint: in a {@code @Run} method's body, and the lambdas, anonymous and local
 * classes in it, the calls that make a replay diverge from the run it replays are errors, each on
 * the call expression, each naming the {@code WorkflowContext} helper to use instead: the wall
 * clock, randomness, {@code Thread.sleep}, and a {@code @Step} method of a workflow called on
 * another object than this one (the generated subclass checkpoints only the calls on itself).
 *
 * <p>The calls, constructor calls and method references are found by the one scan of the body
 * ({@code shape.BodyScanner}, which also reads the shape) in the round the workflow is read, and
 * are resolved here to their elements through javac's tree API ({@link Trees}); the source text is
 * never matched. Resolving attributes the workflow class's bodies, as javac does right after
 * processing; so the lint runs in the last round only, when processing is over. A body attributed
 * in an earlier round is attributed again in the next one, and javac keeps state from the first
 * attribution that the second trips on: a lambda in a switch expression that refers to a class
 * generated in the same round crashed javac 17 in {@code TransTypes} with a {@code
 * ClassCastException}. The paths found earlier still hold in the last round: javac keeps a source
 * file's trees from round to round, clearing only what attribution put on them. {@code
 * @SuppressWarnings("durable:nondeterministic")} on the {@code @Run} method, on a class enclosing
 * it, or on a declaration in the body (a local variable, a method of an anonymous class) silences
 * the lint there.
 *
 * <p>Only javac offers the tree API: {@link #create} fails elsewhere, and the processor then skips
 * the lint with a note. This class, the shape's package (which reads the parse tree only,
 * unattributed) and the schedule rules (which place an error on a repeated annotation's value) are
 * the only ones that refer to {@code com.sun.source}.
 *
 * <p>A step of a step contract is called on the contract's dispatching stub, another object, by
 * design: only steps declared by {@code @Workflow} classes are checked for their receiver.
 */
public final class DeterminismLint {
  /** The value of {@code @SuppressWarnings} that silences the lint. */
  static final String SUPPRESSION = "durable:nondeterministic";

  private static final Set<String> RANDOM_CONSTRUCTED =
      Set.of("java.util.Random", "java.util.SplittableRandom");

  private final Trees trees;
  private final Types types;
  private final TypeElement clock;
  private final TypeElement secureRandom;

  private DeterminismLint(Trees trees, ProcessingEnvironment env) {
    this.trees = trees;
    this.types = env.getTypeUtils();
    this.clock = env.getElementUtils().getTypeElement("java.time.Clock");
    this.secureRandom = env.getElementUtils().getTypeElement("java.security.SecureRandom");
  }

  /**
   * The lint for {@code env}.
   *
   * @throws IllegalArgumentException if the compiler is not javac
   * @throws LinkageError if the tree API is missing altogether
   */
  public static DeterminismLint create(ProcessingEnvironment env) {
    return new DeterminismLint(Trees.instance(env), env);
  }

  /**
   * The calls of one {@code @Run} method to check when processing is over.
   *
   * @param method the method, as messages name it ({@code run(Order)})
   * @param type its class, as messages name it
   * @param declaration the method's tree: suppressions are looked for between it and a call
   * @param calls the paths of its calls, constructor calls and method references, in the order
   *     the scan met them; none when the lint is suppressed on the method or a class around it
   */
  public record Target(
      String method, String type, CompilationUnitTree unit, Tree declaration,
      List<TreePath> calls) {}

  /**
   * The target of {@code run}, whose tree is {@code declaration} in {@code unit} and whose body's
   * scan met {@code calls}: made in the round the workflow is read, checked when processing is
   * over.
   */
  public Target target(
      ExecutableElement run, CompilationUnitTree unit, Tree declaration, List<TreePath> calls) {
    return new Target(Describe.method(run), Describe.type(run.getEnclosingElement()), unit,
        declaration, suppressedAround(run) ? List.of() : List.copyOf(calls));
  }

  /** Checks the calls of {@code targets}; call it when processing is over. */
  public ValidationReport check(List<Target> targets) {
    ValidationReport report = new ValidationReport();
    for (Target target : targets) {
      Map<Tree, Boolean> suppressed = new IdentityHashMap<>();
      for (TreePath call : target.calls()) {
        if (!suppressedWithin(target.declaration(), call, suppressed)) {
          check(target, call, report);
        }
      }
    }
    return report;
  }

  /**
   * Whether a declaration between {@code declaration} and {@code call} (a local variable, a class,
   * a method of an anonymous class) suppresses the lint.
   */
  private boolean suppressedWithin(Tree declaration, TreePath call, Map<Tree, Boolean> seen) {
    for (TreePath path = call.getParentPath();
        path != null && path.getLeaf() != declaration;
        path = path.getParentPath()) {
      TreePath at = path;
      if (isDeclaration(at.getLeaf())
          && seen.computeIfAbsent(at.getLeaf(), declared -> suppressedOn(at))) {
        return true;
      }
    }
    return false;
  }

  private boolean suppressedOn(TreePath declaration) {
    Element declared = trees.getElement(declaration);
    return declared != null && suppressedOn(declared);
  }

  /** Whether the lint is suppressed on {@code element} or a class enclosing it. */
  private static boolean suppressedAround(Element element) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (suppressedOn(e)) {
        return true;
      }
    }
    return false;
  }

  private static boolean suppressedOn(Element element) {
    SuppressWarnings suppress = element.getAnnotation(SuppressWarnings.class);
    return suppress != null && Arrays.asList(suppress.value()).contains(SUPPRESSION);
  }

  /** What a call does to a replay, if anything. */
  private enum Finding {
    CLOCK,
    RANDOM,
    RANDOM_UUID,
    SLEEP
  }

  /** Checks one call, constructor call or method reference of {@code target}. */
  private void check(Target target, TreePath path, ValidationReport report) {
    Tree call = path.getLeaf();
    Element resolved = trees.getElement(path);
    if (call instanceof MethodInvocationTree invocation
        && resolved instanceof ExecutableElement method) {
      ExpressionTree select = invocation.getMethodSelect();
      String receiver = select instanceof MemberSelectTree member
          ? (isThis(member.getExpression()) ? null : member.getExpression().toString())
          : null; // an unqualified call is on this
      check(target, call, method, receiver, ownerName(method) + "." + method.getSimpleName()
          + (method.getParameters().isEmpty() ? "()" : "(...)"), report);
    } else if (call instanceof MemberReferenceTree reference
        && resolved instanceof ExecutableElement method) {
      String receiver = isThis(reference.getQualifierExpression())
          ? null : reference.getQualifierExpression().toString();
      check(target, call, method, receiver, reference.toString(), report);
    } else if (call instanceof NewClassTree
        && resolved instanceof ExecutableElement constructor
        && constructor.getEnclosingElement() instanceof TypeElement created) {
      Finding finding = constructed(created, constructor.getParameters().isEmpty());
      if (finding != null) {
        String args = constructor.getParameters().isEmpty() ? "()" : "(...)";
        report(target, call, finding, "new " + created.getSimpleName() + args, report);
      }
    }
  }

  private void check(
      Target target, Tree at, ExecutableElement method, String receiver, String described,
      ValidationReport report) {
    if (receiver != null && isWorkflowStep(method)) {
      report.error(position(target, at), LintMessages.lintStepReceiver(target.method(),
          target.type(), Describe.method(method), receiver));
      return;
    }
    Finding finding = called(method);
    if (finding != null) {
      report(target, at, finding, described, report);
    }
  }

  private void report(
      Target target, Tree at, Finding finding, String described, ValidationReport report) {
    String method = target.method();
    String type = target.type();
    ValidationReport.Placement position = position(target, at);
    switch (finding) {
      case CLOCK -> report.error(position, LintMessages.lintWallClock(method, type, described));
      case RANDOM -> report.error(
          position, LintMessages.lintRandom(method, type, described, "ctx.random()"));
      case RANDOM_UUID -> report.error(
          position, LintMessages.lintRandom(method, type, described, "ctx.randomUUID()"));
      case SLEEP -> report.error(position, LintMessages.lintSleep(method, type, described));
    }
  }

  private ValidationReport.Placement position(Target target, Tree at) {
    return (kind, message) -> trees.printMessage(kind, message, at, target.unit());
  }

  /** What calling {@code method} does to a replay; null: nothing the lint knows of. */
  private Finding called(ExecutableElement method) {
    if (!(method.getEnclosingElement() instanceof TypeElement owner)) {
      return null;
    }
    String type = owner.getQualifiedName().toString();
    String name = method.getSimpleName().toString();
    boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
    if (type.equals("java.lang.System") && (name.equals("currentTimeMillis")
        || name.equals("nanoTime"))) {
      return Finding.CLOCK;
    }
    if (type.startsWith("java.time.") && name.equals("now") && isStatic) {
      return Finding.CLOCK;
    }
    if (clock != null && types.isSubtype(owner.asType(), types.erasure(clock.asType()))) {
      return Finding.CLOCK;
    }
    if ((type.equals("java.lang.Math") || type.equals("java.lang.StrictMath"))
        && name.equals("random")) {
      return Finding.RANDOM;
    }
    if (type.equals("java.util.concurrent.ThreadLocalRandom") && isStatic) {
      return Finding.RANDOM;
    }
    if (type.equals("java.util.UUID") && name.equals("randomUUID")) {
      return Finding.RANDOM_UUID;
    }
    if ((type.equals("java.lang.Thread") && name.equals("sleep"))
        || (type.equals("java.util.concurrent.TimeUnit") && name.equals("sleep"))) {
      return Finding.SLEEP;
    }
    return null;
  }

  /**
   * What creating {@code created} does to a replay; null: nothing. A {@code Random} made with a
   * seed of the workflow's own is deterministic, and allowed; a {@code SecureRandom} never is.
   */
  private Finding constructed(TypeElement created, boolean noArguments) {
    String type = created.getQualifiedName().toString();
    if (type.equals("java.util.Date") && noArguments) {
      return Finding.CLOCK;
    }
    if (secureRandom != null
        && types.isSubtype(created.asType(), types.erasure(secureRandom.asType()))) {
      return Finding.RANDOM;
    }
    if (noArguments && isRandomKind(created)) {
      return Finding.RANDOM;
    }
    return null;
  }

  /** Whether {@code type} is {@code Random}, {@code SplittableRandom} or a subclass of them. */
  private boolean isRandomKind(TypeElement type) {
    for (TypeElement t = type; t != null; t = superclass(t)) {
      if (RANDOM_CONSTRUCTED.contains(t.getQualifiedName().toString())) {
        return true;
      }
    }
    return false;
  }

  private TypeElement superclass(TypeElement type) {
    Element superclass = types.asElement(type.getSuperclass());
    return superclass instanceof TypeElement t ? t : null;
  }

  /** Whether {@code method} is a {@code @Step} method of a {@code @Workflow} class. */
  private static boolean isWorkflowStep(ExecutableElement method) {
    return Annotations.has(method, Annotations.STEP)
        && method.getEnclosingElement() instanceof TypeElement owner
        && Annotations.has(owner, Annotations.WORKFLOW);
  }

  /** Whether {@code expression} is {@code this} or {@code Outer.this}. */
  private static boolean isThis(ExpressionTree expression) {
    if (expression instanceof IdentifierTree identifier) {
      return identifier.getName().contentEquals("this");
    }
    return expression instanceof MemberSelectTree select
        && select.getIdentifier().contentEquals("this");
  }

  /** Whether {@code tree} declares something that can carry {@code @SuppressWarnings}. */
  private static boolean isDeclaration(Tree tree) {
    return switch (tree.getKind()) {
      case VARIABLE, METHOD, CLASS, INTERFACE, ENUM, RECORD -> true;
      default -> false;
    };
  }

  /** The simple name of the type declaring {@code method}: {@code System}, {@code Instant}. */
  private static String ownerName(ExecutableElement method) {
    return method.getEnclosingElement().getSimpleName().toString();
  }
}
