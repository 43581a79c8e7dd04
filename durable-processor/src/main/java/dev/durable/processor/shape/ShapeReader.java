package dev.durable.processor.shape;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.WorkflowModel;
import dev.durable.processor.reading.AnnotationReader;
import dev.durable.processor.reading.WorkflowAnnotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;


/**
 * Reads the shape of a workflow's {@code @Run} body from its syntax tree: the calls that leave a
 * checkpoint, in the order they are evaluated, and the structures around them (fans and groups of
 * {@code Parallel}, if/else, switch, try/catch, loops). Structures without such a call inside are
 * left out: the shape shows what a run records, not all the code.
 *
 * <p>The tree is read as parsed, not attributed: a call is a step when it is unqualified (or on
 * {@code this}) and has a {@code @Step} method's name, a signal wait likewise, a child run a {@code
 * start} on {@code <Name>Client.of(...)} (named by the child's {@code @Workflow(name)} where the
 * class can be found), a continue-as-new a {@code continueAsNew} on such a client, a sleep, an
 * event, a stream's write or close or an attribute a call on the {@code WorkflowContext} parameter
 * (named by its key: {@link KeyNames}), a dispatched step a call on a field that holds a step
 * contract, on a {@code <Name>Dispatch} view or on the view a fan hands its branches. Reading the
 * parse tree is safe in every round (attribution is not: see the determinism lint), so the shape
 * goes into the {@code WORKFLOW} constant generated in the round the workflow is valid. A private
 * helper method of the workflow called from the body is read in place, once per call (not
 * recursively).
 *
 * <p>Only javac offers the tree API: {@link #create} returns empty elsewhere, and the shape then
 * lists no nodes.
 */
public final class ShapeReader {
  /** The longest label (a condition, a loop header, an argument) kept, in characters. */
  static final int LABEL_MAX = 80;

  private final Trees trees;
  private final Elements elements;
  private final AnnotationReader annotations;

  private ShapeReader(Trees trees, Elements elements) {
    this.trees = trees;
    this.elements = elements;
    this.annotations = new AnnotationReader(elements);
  }

  /** The reader for {@code env}; empty when the compiler offers no tree API. */
  public static Optional<ShapeReader> create(ProcessingEnvironment env) {
    try {
      return Optional.of(new ShapeReader(Trees.instance(env), env.getElementUtils()));
    } catch (IllegalArgumentException | LinkageError e) {
      return Optional.empty();
    }
  }

  /** The nodes of {@code workflow}'s {@code @Run} body; empty if it has no source tree. */
  public List<ShapeNode> read(TypeElement workflow, WorkflowModel model) {
    Map<String, MethodTree> helpers = new HashMap<>();
    Tree typeTree = trees.getTree(workflow);
    if (!(typeTree instanceof ClassTree classTree)) {
      return List.of();
    }
    Set<String> special = new HashSet<>();
    model.steps().forEach(s -> special.add(s.methodName()));
    model.signals().forEach(s -> special.add(s.methodName()));
    MethodTree runTree = null;
    for (Tree member : classTree.getMembers()) {
      if (member instanceof MethodTree method) {
        String name = method.getName().toString();
        if (name.equals(model.run().methodName()) && method.getParameters().size()
            == model.run().params().size()) {
          runTree = method;
        } else if (!special.contains(name) && method.getBody() != null) {
          helpers.putIfAbsent(name, method);
        }
      }
    }
    if (runTree == null || runTree.getBody() == null) {
      return List.of();
    }
    String ctx = model.run().params().stream()
        .filter(p -> p.kind() == ParamModel.Kind.WORKFLOW_CONTEXT)
        .map(ParamModel::name).findFirst().orElse(null);
    List<ShapeNode> out = new ArrayList<>();
    CompilationUnitTree unit = trees.getPath(workflow).getCompilationUnit();
    BodyScanner scanner = new BodyScanner(model, ctx, helpers,
        prefix -> childName(prefix, unit, model.packageName()), contractFields(workflow),
        new KeyNames(elements, workflow, unit));
    scanner.declare(runTree);
    scanner.scan(runTree.getBody(), out);
    return out;
  }

  /**
   * The fields of {@code workflow} that hold a step contract (an interface with {@code @Step}
   * methods, served by workers), each with its methods' step names by method name.
   */
  private Map<String, Map<String, String>> contractFields(TypeElement workflow) {
    Map<String, Map<String, String>> fields = new HashMap<>();
    for (VariableElement field : ElementFilter.fieldsIn(workflow.getEnclosedElements())) {
      if (field.asType() instanceof DeclaredType declared
          && declared.asElement() instanceof TypeElement type
          && type.getKind() == ElementKind.INTERFACE) {
        Map<String, String> steps = new HashMap<>();
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
          String name = method.getSimpleName().toString();
          annotations.step(method).ifPresent(step -> steps.putIfAbsent(name, step.stepName(name)));
        }
        if (!steps.isEmpty()) {
          fields.put(field.getSimpleName().toString(), steps);
        }
      }
    }
    return fields;
  }

  /**
   * The stored name of the workflow whose client is {@code <prefix>Client}, as its checkpoints
   * name it: the class {@code prefix} found through the imports or in {@code packageName}, by its
   * {@code @Workflow(name)}; {@code prefix} itself if it cannot be found.
   */
  private String childName(String prefix, CompilationUnitTree unit, String packageName) {
    List<String> candidates = new ArrayList<>();
    for (ImportTree imported : unit.getImports()) {
      String name = imported.getQualifiedIdentifier().toString();
      if (name.endsWith("." + prefix + "Client")) {
        candidates.add(name.substring(0, name.length() - "Client".length()));
      }
    }
    candidates.add(packageName.isEmpty() ? prefix : packageName + "." + prefix);
    for (String candidate : candidates) {
      TypeElement type = elements.getTypeElement(candidate);
      if (type != null) {
        Optional<WorkflowAnnotation> annotation = annotations.workflow(type);
        if (annotation.isPresent()) {
          return annotation.get().workflowName(type.getSimpleName().toString());
        }
      }
    }
    return prefix;
  }

  /** The source text of {@code tree}, on one line, cut to {@value #LABEL_MAX} characters. */
  static String text(Tree tree) {
    return cut(tree.toString().replaceAll("\\s+", " ").trim());
  }

  /** {@code text} cut to {@value #LABEL_MAX} characters. */
  static String cut(String text) {
    return text.length() <= LABEL_MAX ? text : text.substring(0, LABEL_MAX - 1) + "…";
  }
}
