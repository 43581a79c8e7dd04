package dev.durable.processor;

import com.google.auto.service.AutoService;
import dev.durable.annotations.OnError;
import dev.durable.annotations.OnFailure;
import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Schedules;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.processor.generation.ContractGenerator;
import dev.durable.processor.generation.Generators;
import dev.durable.processor.generation.SourceWriter;
import dev.durable.processor.lock.GraphLock;
import dev.durable.processor.lock.StepGraph;
import dev.durable.processor.messages.LockMessages;
import dev.durable.processor.messages.ProcessorMessages;
import dev.durable.processor.model.ContractModel;
import dev.durable.processor.model.ModelFactory;
import dev.durable.processor.model.WorkflowModel;
import dev.durable.processor.shape.ShapeJson;
import dev.durable.processor.shape.ShapeNode;
import dev.durable.processor.shape.ShapeReader;
import dev.durable.processor.validation.ContractValidator;
import dev.durable.processor.validation.ValidationReport;
import dev.durable.processor.validation.WorkflowValidator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * The one entry point: validates every {@code @Workflow} class, builds its model and generates its
 * {@code Durable}, {@code Client} and {@code Codecs} classes and its shape ({@link ShapeReader},
 * under {@code META-INF/durable/shapes/}), plus one sorted {@code
 * META-INF/services} file for the workflows that can be discovered, and the indexes of every
 * generated workflow and step contract under {@code META-INF/durable/}. Validates every step
 * contract (an interface whose methods carry {@code @Step}, served by workers) and generates its
 * {@code Codecs}, {@code Dispatch} and {@code Worker} classes.
 *
 * <p>Workflows and step contracts go through the same steps ({@link Pipeline}): a type whose
 * signatures refer to types not generated yet is deferred to the next round and reported at the
 * end if they never appear; a type with errors gets no generated code, other types still do; an
 * unexpected exception becomes one error on the type, saying it is a processor bug, and is
 * rethrown.
 *
 * <p>The determinism lint of {@code @Run} bodies runs when processing is over, on every workflow
 * validated: it must attribute the bodies, which is safe only in the last round. Its errors fail
 * the compilation, but come after the workflow's classes were generated.
 *
 * <p>With {@code -Adurable.lockfile=<path>} each workflow's step graph is checked against the lock
 * file ({@link GraphLock}): an incompatible change to a locked version is an error on the workflow;
 * the file is written once, when processing is over, if it changed and no error was raised.
 */
@AutoService(Processor.class)
public final class DurableProcessor extends AbstractProcessor {
  /** The option that names the lock file. */
  public static final String LOCK_FILE_OPTION = "durable.lockfile";

  private final SortedSet<String> discoverable = new TreeSet<>();
  /** Every generated {@code Durable} class, for {@link SourceWriter#WORKFLOW_INDEX}. */
  private final SortedSet<String> workflowIndex = new TreeSet<>();
  /** Every step contract's line of {@link SourceWriter#CONTRACT_INDEX}. */
  private final SortedSet<String> contractIndex = new TreeSet<>();
  /** Workflows' rules; it remembers their names and versions across rounds. */
  private WorkflowValidator workflowRules;
  private SourceWriter writer;
  private Pipeline contracts;
  private Pipeline workflows;
  /** The lock file; null without {@value #LOCK_FILE_OPTION}, or if it could not be read. */
  private GraphLock lock;
  /** Whether a workflow changed a locked graph: then the lock file is not written. */
  private boolean lockRefused;
  /** Reads the shapes of {@code @Run} bodies; empty where the compiler has no tree API. */
  private Optional<ShapeReader> shapes;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    workflowRules = new WorkflowValidator(env);
    // it remembers the contracts' step names across rounds
    ContractValidator contractRules = new ContractValidator(env);
    writer = new SourceWriter(env.getFiler(), env.getMessager());
    shapes = ShapeReader.create(env);
    contracts =
        new Pipeline("step contract", contractRules::validateContract, this::generateContract);
    workflows = new Pipeline("@Workflow", workflowRules::validateWorkflow, this::generateWorkflow);
    String lockFile = env.getOptions().get(LOCK_FILE_OPTION);
    if (lockFile != null && !lockFile.isBlank()) {
      try {
        lock = GraphLock.open(Path.of(lockFile));
      } catch (IOException | IllegalArgumentException e) {
        env.getMessager().printMessage(
            Diagnostic.Kind.ERROR, LockMessages.lockRead(lockFile, e.getMessage()).text());
      }
    }
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(LOCK_FILE_OPTION);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(
        Workflow.class.getName(), Step.class.getName(), Run.class.getName(),
        Schedule.class.getName(), Schedules.class.getName(), Signal.class.getName(),
        OnError.class.getName(), OnFailure.class.getName());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    workflowRules
        .validateStrays(
            round.getElementsAnnotatedWith(Step.class), round.getElementsAnnotatedWith(Run.class),
            round.getElementsAnnotatedWith(Signal.class))
        .printTo(processingEnv.getMessager());
    workflowRules
        .validateStraySchedules(
            round.getElementsAnnotatedWithAny(Set.of(Schedule.class, Schedules.class)))
        .printTo(processingEnv.getMessager());

    contracts.process(contractsOf(round));
    workflows.process(workflowsOf(round));

    if (round.processingOver()) {
      contracts.reportStillDeferred();
      workflows.reportStillDeferred();
      for (TypeElement workflow : workflowRules.takeWorkflowsToLint()) {
        workflows.guarded(workflow,
            () -> workflowRules.lintRunBodies(workflow).printTo(processingEnv.getMessager()));
      }
      writeLines(SourceWriter.SERVICES_FILE, discoverable);
      writeLines(SourceWriter.WORKFLOW_INDEX, workflowIndex);
      writeLines(SourceWriter.CONTRACT_INDEX, contractIndex);
      writeLock(round);
    }
    return false;
  }

  /** Writes one of the listings of generated classes; a failure is an error. */
  private void writeLines(String path, SortedSet<String> lines) {
    try {
      SourceWriter.writeLines(processingEnv.getFiler(), path, lines);
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(
          Diagnostic.Kind.ERROR, ProcessorMessages.generatedWrite(path, e.getMessage()).text());
    }
  }

  /** Generates a valid contract's classes, and lists them in the contract index. */
  private void generateContract(TypeElement contract) {
    ContractModel model = new ModelFactory(processingEnv).createContract(contract);
    for (var file : ContractGenerator.generate(model)) {
      writer.write(file, contract);
    }
    contractIndex.add(
        String.join(
            " ",
            model.contractClass().reflectionName(),
            model.dispatchClass().reflectionName(),
            model.workerClass().reflectionName()));
  }

  /**
   * Writes the lock file, if there is one and it changed, unless the compilation failed: a failed
   * build locks nothing, not even the compatible additions of its other workflows.
   */
  private void writeLock(RoundEnvironment round) {
    if (lock == null || lockRefused || round.errorRaised()) {
      return;
    }
    try {
      lock.write();
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(
          Diagnostic.Kind.ERROR, LockMessages.lockWrite(lock.path(), e).text());
    }
  }

  /**
   * Generates a valid workflow's classes, and lists it for discovery if it asks to be; checks its
   * step graph against the lock file, if there is one.
   */
  /**
   * The nodes of {@code workflow}'s {@code @Run} body. The shape only draws the dashboard's graph:
   * a body it fails to read costs a warning and an empty drawing, never the user's build.
   */
  private List<ShapeNode> readShape(TypeElement workflow, WorkflowModel model) {
    try {
      return shapes.map(reader -> reader.read(workflow, model)).orElse(List.of());
    } catch (RuntimeException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING,
          ProcessorMessages.shapeUnread(workflow.getSimpleName(), e).text(),
          workflow);
      return List.of();
    }
  }

  private void generateWorkflow(TypeElement workflow) {
    WorkflowModel model = new ModelFactory(processingEnv).create(workflow);
    StepGraph graph = StepGraph.of(model);
    if (lock != null) {
      List<String> changes = lock.check(graph);
      if (!changes.isEmpty()) {
        lockRefused = true;
        processingEnv.getMessager().printMessage(
            Diagnostic.Kind.ERROR,
            LockMessages.lockChanged(model.workflowName(), model.version(), lock.path(),
                    String.join("; ", changes)).text(),
            workflow);
      }
    }
    List<ShapeNode> nodes = readShape(workflow, model);
    String shape = ShapeJson.write(model, nodes);
    for (var file : Generators.generate(model, graph.lines(), shape)) {
      writer.write(file, workflow);
    }
    writer.writeResource(
        SourceWriter.SHAPES + model.durableClass().reflectionName() + ".json", shape, workflow);
    workflowIndex.add(model.durableClass().reflectionName());
    if (model.discoverable()) {
      discoverable.add(model.durableClass().reflectionName());
    }
  }

  /** The step contracts declared in this round. */
  private static List<TypeElement> contractsOf(RoundEnvironment round) {
    List<TypeElement> contracts = new ArrayList<>();
    for (Element step : round.getElementsAnnotatedWith(Step.class)) {
      if (step.getEnclosingElement() instanceof TypeElement type
          && ContractValidator.isContract(type)
          && !contracts.contains(type)) {
        contracts.add(type);
      }
    }
    return contracts;
  }

  /** The {@code @Workflow} types of this round. */
  private static List<TypeElement> workflowsOf(RoundEnvironment round) {
    List<TypeElement> types = new ArrayList<>();
    for (Element element : round.getElementsAnnotatedWith(Workflow.class)) {
      if (element instanceof TypeElement type) {
        types.add(type);
      }
    }
    return types;
  }

  /**
   * One kind of type the processor handles (workflows, step contracts): each is validated once, and
   * generated from if it has no errors. A type whose signatures name a type that does not exist
   * yet waits: another processor may generate it in a later round; if none does, the type is
   * reported when processing is over. An unexpected exception becomes one error on the type that
   * says it is a processor bug, and is rethrown.
   */
  private final class Pipeline {
    private final String description;
    private final Function<TypeElement, ValidationReport> validate;
    private final Consumer<TypeElement> generate;
    /** The types waiting for missing types, by qualified name, in the order first deferred. */
    private final Set<String> deferred = new LinkedHashSet<>();

    /**
     * @param description how messages name a type of this kind, before its name
     * @param validate checks a type and reports every problem
     * @param generate writes the generated classes of a type without errors
     */
    Pipeline(
        String description,
        Function<TypeElement, ValidationReport> validate,
        Consumer<TypeElement> generate) {
      this.description = description;
      this.validate = validate;
      this.generate = generate;
    }

    /**
     * Validates and generates from the types of this round and those deferred from earlier ones,
     * in order of qualified name, deferring those that still name missing types.
     */
    void process(List<TypeElement> ofThisRound) {
      SortedMap<String, TypeElement> types = new TreeMap<>();
      for (TypeElement type : ofThisRound) {
        types.put(type.getQualifiedName().toString(), type);
      }
      for (String name : deferred) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
        if (type != null) {
          types.putIfAbsent(name, type);
        }
      }
      types.forEach((name, type) -> guarded(type, () -> processOne(name, type)));
    }

    private void processOne(String name, TypeElement type) {
      if (refersToMissingTypes(type)) {
        deferred.add(name);
        return;
      }
      deferred.remove(name);
      if (!validated(type).hasErrors()) {
        generate.accept(type);
      }
    }

    /**
     * When processing is over: reports what can be checked without the types that never appeared,
     * and that they did not; generates nothing.
     */
    void reportStillDeferred() {
      for (String name : deferred) {
        TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
        guarded(type, () -> validated(type));
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.ERROR, ProcessorMessages.unresolvedTypes(description, name).text(), type);
      }
    }

    /** Validates {@code type} and prints the report. */
    private ValidationReport validated(TypeElement type) {
      ValidationReport report = validate.apply(type);
      report.printTo(processingEnv.getMessager());
      return report;
    }

    /**
     * Runs {@code work} on {@code type}; an unexpected exception becomes one error on the type,
     * saying it is a processor bug, and is rethrown so the build stops with its stack trace.
     */
    private void guarded(TypeElement type, Runnable work) {
      try {
        work.run();
      } catch (RuntimeException | Error e) {
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.ERROR,
                ProcessorMessages.processorBug(type.getQualifiedName(), e).text(),
                type);
        throw e;
      }
    }
  }

  /** Whether a constructor, method or field names a type that does not exist (yet). */
  private static boolean refersToMissingTypes(TypeElement type) {
    for (Element member : type.getEnclosedElements()) {
      if (member.getKind() == ElementKind.METHOD || member.getKind() == ElementKind.CONSTRUCTOR) {
        ExecutableElement executable = (ExecutableElement) member;
        if (isMissing(executable.getReturnType())) {
          return true;
        }
        for (VariableElement parameter : executable.getParameters()) {
          if (isMissing(parameter.asType())) {
            return true;
          }
        }
      }
    }
    for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (isMissing(field.asType())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isMissing(TypeMirror type) {
    return switch (type.getKind()) {
      case ERROR -> true;
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream()
          .anyMatch(DurableProcessor::isMissing);
      case ARRAY -> isMissing(((ArrayType) type).getComponentType());
      default -> false;
    };
  }
}
