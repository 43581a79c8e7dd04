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
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.durable.processor.messages.LintMessages;
import java.util.Arrays;
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
 * <p>Every call, constructor call and method reference is resolved to its element through
 * javac's tree API ({@link Trees}); the source text is never matched. Resolving attributes the
 * workflow class's bodies, as javac does right after processing; so the lint runs in the last
 * round only, when processing is over. A body attributed in an earlier round is attributed again
 * in the next one, and javac keeps state from the first attribution that the second trips on: a
 * lambda in a switch expression that refers to a class generated in the same round crashed javac
 * 17 in {@code TransTypes} with a {@code ClassCastException}. {@code
 * @SuppressWarnings("durable:nondeterministic")} on the {@code @Run} method, on a class enclosing
 * it, or on a declaration in the body (a local variable, a method of an anonymous class) silences
 * the lint there.
 *
 * <p>Only javac offers the tree API: {@link #create} fails elsewhere, and the processor then skips
 * the lint with a note. This class and the shape's reader ({@code shape.ShapeReader}, which reads
 * the parse tree only, unattributed) are the only ones that refer to {@code com.sun.source}.
 *
 * <p>A step of a step contract is called on the contract's dispatching stub, another object, by
 * design: only steps declared by {@code @Workflow} classes are checked for their receiver.
 */
final class DeterminismLint {
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
  static DeterminismLint create(ProcessingEnvironment env) {
    return new DeterminismLint(Trees.instance(env), env);
  }

  /** Checks the body of {@code run}, a {@code @Run} method, into {@code report}. */
  void check(ExecutableElement run, ValidationReport report) {
    if (suppressedAround(run)) {
      return;
    }
    TreePath path = trees.getPath(run);
    if (path == null) {
      return; // not from source: nothing to read
    }
    new Scanner(run, path.getCompilationUnit(), report).scan(path, null);
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

  private final class Scanner extends TreePathScanner<Void, Void> {
    private final ExecutableElement run;
    private final CompilationUnitTree unit;
    private final ValidationReport report;

    Scanner(ExecutableElement run, CompilationUnitTree unit, ValidationReport report) {
      this.run = run;
      this.unit = unit;
      this.report = report;
    }

    /** Skips a declaration in the body, and everything in it, that suppresses the lint. */
    @Override
    public Void scan(Tree tree, Void unused) {
      if (tree != null && isDeclaration(tree) && getCurrentPath() != null) {
        Element declared = trees.getElement(new TreePath(getCurrentPath(), tree));
        if (declared != null && suppressedOn(declared)) {
          return null;
        }
      }
      return super.scan(tree, unused);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
      if (trees.getElement(getCurrentPath()) instanceof ExecutableElement method) {
        ExpressionTree select = call.getMethodSelect();
        String receiver = select instanceof MemberSelectTree member
            ? (isThis(member.getExpression()) ? null : member.getExpression().toString())
            : null; // an unqualified call is on this
        check(call, method, receiver, ownerName(method) + "." + method.getSimpleName()
            + (method.getParameters().isEmpty() ? "()" : "(...)"));
      }
      return super.visitMethodInvocation(call, unused);
    }

    @Override
    public Void visitMemberReference(MemberReferenceTree reference, Void unused) {
      if (trees.getElement(getCurrentPath()) instanceof ExecutableElement method) {
        String receiver = isThis(reference.getQualifierExpression())
            ? null : reference.getQualifierExpression().toString();
        check(reference, method, receiver, reference.toString());
      }
      return super.visitMemberReference(reference, unused);
    }

    @Override
    public Void visitNewClass(NewClassTree creation, Void unused) {
      if (trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor
          && constructor.getEnclosingElement() instanceof TypeElement created) {
        Finding finding = constructed(created, constructor.getParameters().isEmpty());
        if (finding != null) {
          String args = constructor.getParameters().isEmpty() ? "()" : "(...)";
          report(creation, finding, "new " + created.getSimpleName() + args);
        }
      }
      return super.visitNewClass(creation, unused);
    }

    private void check(Tree at, ExecutableElement method, String receiver, String described) {
      if (receiver != null && isWorkflowStep(method)) {
        report.error(position(at), run, LintMessages.lintStepReceiver(Describe.method(run),
                Describe.type(run.getEnclosingElement()), Describe.method(method), receiver));
        return;
      }
      Finding finding = called(method);
      if (finding != null) {
        report(at, finding, described);
      }
    }

    private void report(Tree at, Finding finding, String described) {
      String method = Describe.method(run);
      String type = Describe.type(run.getEnclosingElement());
      switch (finding) {
        case CLOCK -> report.error(
            position(at), run, LintMessages.lintWallClock(method, type, described));
        case RANDOM -> report.error(
            position(at), run, LintMessages.lintRandom(method, type, described, "ctx.random()"));
        case RANDOM_UUID -> report.error(
            position(at), run, LintMessages.lintRandom(method, type, described, "ctx.randomUUID()"));
        case SLEEP -> report.error(
            position(at), run, LintMessages.lintSleep(method, type, described));
      }
    }

    private ValidationReport.Placement position(Tree at) {
      return (kind, message) -> trees.printMessage(kind, message, at, unit);
    }
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
    return AnnotationValues.find(method, Names.STEP).isPresent()
        && method.getEnclosingElement() instanceof TypeElement owner
        && AnnotationValues.find(owner, Names.WORKFLOW).isPresent();
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
