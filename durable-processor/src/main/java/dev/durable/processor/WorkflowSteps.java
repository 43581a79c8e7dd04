package dev.durable.processor;

import dev.durable.processor.generation.Generators;
import dev.durable.processor.generation.SourceWriter;
import dev.durable.processor.lock.StepGraph;
import dev.durable.processor.messages.ProcessorMessages;
import dev.durable.processor.model.ModelFactory;
import dev.durable.processor.model.WorkflowModel;
import dev.durable.processor.reading.RawWorkflow;
import dev.durable.processor.reading.WorkflowReader;
import dev.durable.processor.shape.BodyScan;
import dev.durable.processor.shape.RunCalls;
import dev.durable.processor.shape.ShapeJson;
import dev.durable.processor.shape.ShapeReader;
import dev.durable.processor.validation.DeterminismLint;
import dev.durable.processor.validation.ValidationReport;
import dev.durable.processor.validation.WorkflowValidator;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * What the processor does with each {@code @Workflow} class: reads it once ({@link
 * WorkflowReader}), validates the raw model, and, if it has no errors, builds its model, checks its
 * step graph against the lock file, reads its shape and generates its classes. The one scan of its
 * {@code @Run} body that reads the shape also finds the calls the determinism lint checks; a
 * workflow with errors is scanned for the lint only. The lint runs when processing is over, on
 * every workflow validated: it must attribute the bodies, which is safe only in the last round. Its
 * errors fail the compilation, but come after the workflow's classes were generated.
 */
final class WorkflowSteps implements Pipeline.Steps {
  private final ProcessingEnvironment env;
  private final WorkflowReader reader;
  private final WorkflowValidator rules;
  private final SourceWriter writer;
  private final LockCheck lock;
  /** Reads the shapes of {@code @Run} bodies; empty where the compiler has no tree API. */
  private final Optional<ShapeReader> shapes;
  /** Null where the compiler offers no tree API (not javac): the lint is then skipped. */
  private final DeterminismLint lint;
  /** The calls of the workflows validated so far still to lint, by qualified name. */
  private final SortedMap<String, List<DeterminismLint.Target>> toLint = new TreeMap<>();
  /** The generated {@code Durable} classes that can be discovered through the services file. */
  private final SortedSet<String> discoverable = new TreeSet<>();
  /** Every generated {@code Durable} class, for {@link SourceWriter#WORKFLOW_INDEX}. */
  private final SortedSet<String> index = new TreeSet<>();

  WorkflowSteps(
      ProcessingEnvironment env, WorkflowReader reader, WorkflowValidator rules,
      SourceWriter writer, LockCheck lock, Optional<ShapeReader> shapes, DeterminismLint lint) {
    this.env = env;
    this.reader = reader;
    this.rules = rules;
    this.writer = writer;
    this.lock = lock;
    this.shapes = shapes;
    this.lint = lint;
  }

  @Override
  public void process(TypeElement type, boolean generate) {
    RawWorkflow raw = reader.read(type);
    ValidationReport report = rules.validateWorkflow(raw);
    report.printTo(env.getMessager());
    List<RunCalls> calls = generate && !report.hasErrors() ? generate(raw) : callsOnly(raw);
    if (lint != null && raw.isClass()) {
      toLint.put(type.getQualifiedName().toString(), calls.stream()
          .map(c -> lint.target(c.run(), c.unit(), c.declaration().getLeaf(), c.calls()))
          .toList());
    }
  }

  /**
   * Generates a valid workflow's classes, and lists it for discovery if it asks to be; checks its
   * step graph against the lock file, if there is one. Returns the calls of its {@code @Run} body
   * for the lint.
   */
  private List<RunCalls> generate(RawWorkflow raw) {
    TypeElement workflow = raw.type();
    WorkflowModel model = new ModelFactory(env).create(raw);
    StepGraph graph = StepGraph.of(model);
    lock.check(workflow, model, graph);
    BodyScan scan = readShape(raw, model);
    String shape = ShapeJson.write(model, scan.nodes());
    for (var file : Generators.generate(model, graph.lines(), shape)) {
      writer.write(file, workflow);
    }
    writer.writeResource(
        SourceWriter.SHAPES + model.durableClass().reflectionName() + ".json", shape, workflow);
    index.add(model.durableClass().reflectionName());
    if (model.discoverable()) {
      discoverable.add(model.durableClass().reflectionName());
    }
    return scan.calls();
  }

  /**
   * The scan of {@code raw}'s {@code @Run} body. The shape only draws the dashboard's graph: a body
   * it fails to read costs a warning and an empty drawing, never the user's build, and is then
   * scanned for the lint alone.
   */
  private BodyScan readShape(RawWorkflow raw, WorkflowModel model) {
    if (shapes.isEmpty()) {
      return new BodyScan(List.of(), List.of());
    }
    try {
      return shapes.get().read(raw, model);
    } catch (RuntimeException e) {
      env.getMessager().printMessage(Diagnostic.Kind.WARNING,
          ProcessorMessages.shapeUnread(raw.type().getSimpleName(), e).text(), raw.type());
      return new BodyScan(List.of(), callsOnly(raw));
    }
  }

  /** The calls of {@code raw}'s {@code @Run} methods for the lint, without reading a shape. */
  private List<RunCalls> callsOnly(RawWorkflow raw) {
    if (lint == null || !raw.isClass() || shapes.isEmpty()) {
      return List.of();
    }
    return shapes.get().calls(raw);
  }

  /**
   * Lints the calls of every workflow validated so far, each once, in order of qualified name; call
   * it when processing is over. Each is guarded by {@code pipeline}: an unexpected exception is a
   * processor bug on the workflow.
   */
  void lint(Pipeline pipeline) {
    toLint.forEach((name, targets) -> {
      TypeElement type = env.getElementUtils().getTypeElement(name); // this round's element
      if (type != null) {
        pipeline.guarded(type, () -> lint.check(targets).printTo(env.getMessager()));
      }
    });
    toLint.clear();
  }

  /** The generated {@code Durable} classes that can be discovered, sorted. */
  SortedSet<String> discoverable() {
    return discoverable;
  }

  /** Every generated {@code Durable} class, sorted. */
  SortedSet<String> index() {
    return index;
  }
}
