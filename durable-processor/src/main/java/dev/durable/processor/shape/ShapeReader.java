package dev.durable.processor.shape;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.WorkflowModel;
import dev.durable.processor.reading.RawMethod;
import dev.durable.processor.reading.RawWorkflow;
import dev.durable.processor.reading.WorkflowReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Reads the shape of a workflow's {@code @Run} body from its syntax tree: the calls that leave a
 * checkpoint, in the order they are evaluated, and the structures around them (fans and groups of
 * {@code Parallel}, if/else, switch, try/catch, loops). Structures without such a call inside are
 * left out: the shape shows what a run records, not all the code. The same walk of the {@code @Run}
 * method ({@link BodyScanner}) notes its calls for the determinism lint, which resolves them when
 * processing is over; a workflow with errors gets no shape, and its {@code @Run} methods are walked
 * for the lint only.
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
  private final Trees trees;
  private final Elements elements;
  private final WorkflowReader reader;

  private ShapeReader(Trees trees, Elements elements, WorkflowReader reader) {
    this.trees = trees;
    this.elements = elements;
    this.reader = reader;
  }

  /**
   * The reader for {@code env}, which names child workflows and contract steps through {@code
   * reader}; empty when the compiler offers no tree API.
   */
  public static Optional<ShapeReader> create(ProcessingEnvironment env, WorkflowReader reader) {
    try {
      return Optional.of(new ShapeReader(Trees.instance(env), env.getElementUtils(), reader));
    } catch (IllegalArgumentException | LinkageError e) {
      return Optional.empty();
    }
  }

  /**
   * The nodes of the {@code @Run} body of {@code raw}, a valid workflow whose model is {@code
   * model}, and the calls of its {@code @Run} method for the lint: one walk. No nodes if the body
   * has no source tree.
   */
  public BodyScan read(RawWorkflow raw, WorkflowModel model) {
    TypeElement workflow = raw.type();
    Map<String, MethodTree> helpers = new HashMap<>();
    Tree typeTree = trees.getTree(workflow);
    if (!(typeTree instanceof ClassTree classTree)) {
      return new BodyScan(List.of(), calls(raw));
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
    boolean shapeRead = runTree == null || runTree.getBody() == null; // then it has no nodes
    String ctx = model.run().params().stream()
        .filter(p -> p.kind() == ParamModel.Kind.WORKFLOW_CONTEXT)
        .map(ParamModel::name).findFirst().orElse(null);
    List<ShapeNode> out = new ArrayList<>();
    TreePath typePath = trees.getPath(workflow);
    CompilationUnitTree unit = typePath.getCompilationUnit();
    BodyScanner scanner = new BodyScanner(model, ctx, helpers,
        prefix -> childName(prefix, unit, model.packageName()), contractFields(workflow),
        new KeyNames(elements, workflow, unit));
    List<RunCalls> calls = new ArrayList<>();
    for (RawMethod run : raw.runs()) {
      TreePath path = trees.getPath(run.element());
      if (path != null) {
        boolean here = !shapeRead && path.getLeaf() == runTree;
        calls.add(new RunCalls(run.element(), path, scanner.walk(path, here ? out : null, true)));
        shapeRead |= here;
      }
    }
    if (!shapeRead) { // the tree read is not the @Run method's: an overload declared after it
      scanner.walk(new TreePath(typePath, runTree), out, false);
    }
    return new BodyScan(out, calls);
  }

  /**
   * The calls of the {@code @Run} methods of {@code raw} for the lint, where it gets no shape (it
   * has errors, or its shape could not be read).
   */
  public List<RunCalls> calls(RawWorkflow raw) {
    BodyScanner scanner = new BodyScanner();
    List<RunCalls> calls = new ArrayList<>();
    for (RawMethod run : raw.runs()) {
      TreePath path = trees.getPath(run.element());
      if (path != null) {
        calls.add(new RunCalls(run.element(), path, scanner.walk(path, null, true)));
      }
    }
    return calls;
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
        Map<String, String> steps = reader.stepNames(type);
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
        Optional<String> name = reader.workflowName(type);
        if (name.isPresent()) {
          return name.get();
        }
      }
    }
    return prefix;
  }
}
