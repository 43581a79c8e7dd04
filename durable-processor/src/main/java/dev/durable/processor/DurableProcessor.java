package dev.durable.processor;

import com.google.auto.service.AutoService;
import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Schedules;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.processor.generation.SourceWriter;
import dev.durable.processor.lock.GraphLock;
import dev.durable.processor.messages.LintMessages;
import dev.durable.processor.messages.ProcessorMessages;
import dev.durable.processor.reading.Annotations;
import dev.durable.processor.reading.WorkflowReader;
import dev.durable.processor.shape.ShapeReader;
import dev.durable.processor.validation.ContractValidator;
import dev.durable.processor.validation.DeterminismLint;
import dev.durable.processor.validation.StrayAnnotations;
import dev.durable.processor.validation.WorkflowValidator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
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
 * <p>Workflows ({@link WorkflowSteps}) and step contracts ({@link ContractSteps}) go through the
 * same steps ({@link Pipeline}): each type is read once into its raw model ({@link
 * WorkflowReader}), which the rules, the model factory and the shape all take; a type whose
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

  private WorkflowSteps workflowSteps;
  private ContractSteps contractSteps;
  private Pipeline contracts;
  private Pipeline workflows;
  private LockCheck lock;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    WorkflowReader reader = new WorkflowReader(env.getElementUtils());
    DeterminismLint lint = determinismLint(env);
    WorkflowValidator workflowRules = new WorkflowValidator(env);
    // it remembers the contracts' step names across rounds
    ContractValidator contractRules = new ContractValidator(env);
    SourceWriter writer = new SourceWriter(env.getFiler(), env.getMessager());
    lock = LockCheck.open(env.getMessager(), env.getOptions().get(LOCK_FILE_OPTION));
    workflowSteps = new WorkflowSteps(env, reader, workflowRules, writer, lock,
        ShapeReader.create(env, reader), lint);
    contractSteps = new ContractSteps(env, reader, contractRules, writer);
    contracts = new Pipeline(env, "step contract", contractSteps);
    workflows = new Pipeline(env, "@Workflow", workflowSteps);
  }

  /** The determinism lint, or null (after a note saying so) where the compiler is not javac. */
  private static DeterminismLint determinismLint(ProcessingEnvironment env) {
    try {
      return DeterminismLint.create(env);
    } catch (IllegalArgumentException | LinkageError e) {
      env.getMessager().printMessage(
          Diagnostic.Kind.NOTE, LintMessages.lintUnavailable(String.valueOf(e)).text());
      return null;
    }
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(LOCK_FILE_OPTION);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Annotations.ALL;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    StrayAnnotations
        .validateMethods(
            round.getElementsAnnotatedWith(Step.class), round.getElementsAnnotatedWith(Run.class),
            round.getElementsAnnotatedWith(Signal.class))
        .printTo(processingEnv.getMessager());
    StrayAnnotations
        .validateSchedules(
            round.getElementsAnnotatedWithAny(Set.of(Schedule.class, Schedules.class)))
        .printTo(processingEnv.getMessager());

    contracts.process(contractsOf(round));
    workflows.process(workflowsOf(round));

    if (round.processingOver()) {
      contracts.reportStillDeferred();
      workflows.reportStillDeferred();
      workflowSteps.lint(workflows);
      writeLines(SourceWriter.SERVICES_FILE, workflowSteps.discoverable());
      writeLines(SourceWriter.WORKFLOW_INDEX, workflowSteps.index());
      writeLines(SourceWriter.CONTRACT_INDEX, contractSteps.index());
      lock.write(round);
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

  /** The step contracts declared in this round. */
  private static List<TypeElement> contractsOf(RoundEnvironment round) {
    List<TypeElement> contracts = new ArrayList<>();
    for (Element step : round.getElementsAnnotatedWith(Step.class)) {
      if (step.getEnclosingElement() instanceof TypeElement type
          && WorkflowReader.isContract(type)
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
}
