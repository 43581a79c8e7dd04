package dev.durable.processor.validation;

import dev.durable.processor.messages.RunMessages;
import dev.durable.processor.messages.SignalMessages;
import dev.durable.processor.messages.StepMessages;
import dev.durable.processor.messages.WorkflowMessages;
import dev.durable.processor.reading.Annotations;
import dev.durable.processor.reading.RawMethod;
import dev.durable.processor.reading.RawWorkflow;
import dev.durable.processor.reading.SignalAnnotation;
import dev.durable.processor.reading.StepAnnotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Checks a {@code @Workflow} class, read once into its {@link RawWorkflow}, its {@code @Run} and
 * {@code @Step} methods and their types, and reports every problem found, not only the first. Its
 * name and version are checked by {@link WorkflowNames}; step rules live in {@link StepValidator},
 * run rules in {@link RunValidator}, schedule rules in {@link ScheduleValidator}, storability in
 * {@link StorableTypes}; every message in the {@code messages} package.
 */
public final class WorkflowValidator {
  private final Elements elements;
  private final WorkflowIdentity identity = new WorkflowIdentity();
  private final StepValidator steps;
  private final RunValidator runs;
  private final ScheduleValidator schedules;
  private final RouteValidator routes;
  private final CompensationValidator compensations;
  private final SignalValidator signals;

  public WorkflowValidator(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    StorableTypes storable = new StorableTypes(env);
    this.steps = new StepValidator(env, storable);
    this.runs = new RunValidator(storable, new AccessibleTypes(elements));
    this.schedules = new ScheduleValidator(env);
    this.routes = new RouteValidator(env);
    this.compensations = new CompensationValidator(env);
    this.signals = new SignalValidator(storable, new AccessibleTypes(elements));
  }

  /** Validates one {@code @Workflow} type; call it once per type, in a stable order. */
  public ValidationReport validateWorkflow(RawWorkflow raw) {
    ValidationReport report = new ValidationReport();
    TypeElement workflow = raw.type();
    if (!kind(workflow, report)) {
      return report;
    }
    placement(workflow, report);
    inheritance(workflow, report);
    String name = identity.check(raw, report);
    List<ExecutableElement> runMethods = methods(raw, name, report);
    schedules.validate(workflow, name, raw.annotation(), raw.schedules(), runMethods, report);
    for (VariableElement field : ElementFilter.fieldsIn(workflow.getEnclosedElements())) {
      if (!field.getModifiers().contains(Modifier.STATIC)
          && !field.getModifiers().contains(Modifier.FINAL)) {
        report.warning(field, WorkflowMessages.workflowMutableField(
            field.getSimpleName(), Describe.type(workflow)));
      }
    }
    return report;
  }

  /** Whether the workflow is a class at all; reports final classes, records and abstract ones. */
  private static boolean kind(TypeElement workflow, ValidationReport report) {
    String type = Describe.type(workflow);
    switch (workflow.getKind()) {
      case INTERFACE ->
          report.error(workflow, WorkflowMessages.workflowNotClass(type, "an interface"));
      case ENUM -> report.error(workflow, WorkflowMessages.workflowNotClass(type, "an enum"));
      case ANNOTATION_TYPE ->
          report.error(workflow, WorkflowMessages.workflowNotClass(type, "an annotation type"));
      case RECORD -> report.error(workflow, WorkflowMessages.workflowRecord(type));
      default -> {
        if (workflow.getModifiers().contains(Modifier.FINAL)) {
          report.error(workflow, WorkflowMessages.workflowFinal(type));
        }
        if (workflow.getModifiers().contains(Modifier.ABSTRACT)) {
          report.error(workflow, WorkflowMessages.workflowAbstract(type));
        }
      }
    }
    return workflow.getKind() == ElementKind.CLASS || workflow.getKind() == ElementKind.RECORD;
  }

  /**
   * Reports a workflow extending another workflow: the inherited steps are declared in the
   * superclass, so the subclass's generated state machine would not override them.
   */
  private static void inheritance(TypeElement workflow, ValidationReport report) {
    TypeMirror superclass = workflow.getSuperclass();
    while (superclass.getKind() == TypeKind.DECLARED) {
      TypeElement type = (TypeElement) ((DeclaredType) superclass).asElement();
      if (Annotations.has(type, Annotations.WORKFLOW)) {
        report.error(
            workflow,
            WorkflowMessages.workflowExtendsWorkflow(Describe.type(workflow),
                Describe.type(type)));
        return;
      }
      superclass = type.getSuperclass();
    }
  }

  /** Whether the generated top-level subclass in the same package can extend and construct it. */
  private void placement(TypeElement workflow, ValidationReport report) {
    String type = Describe.type(workflow);
    switch (workflow.getNestingKind()) {
      case LOCAL, ANONYMOUS -> report.error(workflow, WorkflowMessages.workflowLocal(type));
      case MEMBER -> {
        if (!workflow.getModifiers().contains(Modifier.STATIC)
            && workflow.getKind() == ElementKind.CLASS
            && workflow.getEnclosingElement().getKind().isClass()) {
          report.error(workflow, WorkflowMessages.workflowInner(type));
        }
      }
      default -> {}
    }
    TypeElement privateOuter = AccessibleTypes.privateEnclosingClass(workflow);
    if (workflow.getModifiers().contains(Modifier.PRIVATE)) {
      report.error(workflow, WorkflowMessages.workflowPrivate(type));
    } else if (privateOuter != null) {
      report.error(workflow,
          WorkflowMessages.workflowInPrivateClass(type, Describe.type(privateOuter)));
    }
    if (!workflow.getTypeParameters().isEmpty()) {
      report.error(
          workflow,
          WorkflowMessages.workflowGeneric(type,
              Describe.typeParameters(workflow.getTypeParameters())));
    }
    // The implicit constructor takes the class's access, which is reported above if private.
    List<ExecutableElement> constructors =
        ElementFilter.constructorsIn(workflow.getEnclosedElements());
    if (!constructors.isEmpty()
        && constructors.stream()
            .allMatch(
                c ->
                    c.getModifiers().contains(Modifier.PRIVATE)
                        && elements.getOrigin(c) != Elements.Origin.MANDATED)) {
      report.error(workflow, WorkflowMessages.workflowConstructor(type));
    }
  }

  /**
   * The @Run, @Step and @Signal methods: how many runs, each method's rules, and unique step and
   * signal names (signals checked after every step, so that a clash is reported on the signal);
   * returns the @Run methods.
   */
  private List<ExecutableElement> methods(
      RawWorkflow raw, String workflowName, ValidationReport report) {
    List<ExecutableElement> runMethods = new ArrayList<>();
    List<RawMethod> signalMethods = new ArrayList<>();
    List<RawMethod> routeMethods = new ArrayList<>();
    List<ExecutableElement> cleanupMethods = new ArrayList<>();
    List<RawMethod> stepMethods = new ArrayList<>();
    Map<String, ExecutableElement> stepNames = new LinkedHashMap<>();
    for (RawMethod m : raw.methods()) {
      ExecutableElement method = m.element();
      boolean run = m.isRun();
      boolean step = m.isStep();
      if (m.isRoute()) {
        routeMethods.add(m);
      }
      if (m.onFailure()) {
        cleanupMethods.add(method);
      }
      if (m.isSignal()) {
        if (run || step) {
          // reported once here; the method is then checked as the @Run or @Step it also is
          report.error(method, m.signal().orElseThrow().mirror(), null,
              SignalMessages.signalAndStep(Describe.method(method), run ? "@Run" : "@Step"));
        } else {
          signalMethods.add(m);
          signals.validate(method, report);
        }
      }
      if (run && step) {
        // reported once here, then checked as the @Run method it is
        report.error(method, m.step().orElseThrow().mirror(), null,
            StepMessages.stepAndRun(Describe.method(method)));
      }
      if (run) {
        runMethods.add(method);
        runs.validate(method, m.run().orElseThrow(), report);
      } else if (step) {
        stepMethods.add(m);
        steps.validate(method, m.step().orElseThrow(), report);
        stepName(method, m.step().orElseThrow(), workflowName, stepNames, report);
      }
    }

    for (RawMethod method : signalMethods) {
      signalName(method, workflowName, stepNames, report);
    }

    TypeElement workflow = raw.type();
    String type = Describe.type(workflow);
    if (runMethods.isEmpty()) {
      report.error(workflow, RunMessages.runMissing(type));
    } else if (runMethods.size() > 1) {
      report.error(workflow, RunMessages.runSeveral(type, runMethods.size()));
      ExecutableElement first = runMethods.get(0);
      for (ExecutableElement extra : runMethods.subList(1, runMethods.size())) {
        report.error(
            extra, RunMessages.runExtra(Describe.method(extra), type, Describe.method(first)));
      }
    }
    ExecutableElement theRun = runMethods.size() == 1 ? runMethods.get(0) : null;
    routes.validate(routeMethods, theRun, report);
    routes.validateCleanups(cleanupMethods, theRun, report);
    compensations.validate(raw, stepMethods, report);
    return runMethods;
  }

  /** Checks a signal's name, and that no step or earlier signal of the workflow has it. */
  private static void signalName(
      RawMethod raw,
      String workflowName,
      Map<String, ExecutableElement> names,
      ValidationReport report) {
    ExecutableElement method = raw.element();
    SignalAnnotation signal = raw.signal().orElseThrow();
    StepNames.Declared declared = StepNames.check(method, signal.mirror(), signal.name(), report,
        SignalMessages::signalNameLength, SignalMessages::signalNameCharacters);
    ExecutableElement first = names.putIfAbsent(declared.name(), method);
    if (first != null) {
      StepNames.errorOnValue(
          report,
          method,
          signal.mirror(),
          declared.value(),
          SignalMessages.signalNameDuplicate(WorkflowNames.shorten(declared.name()),
              workflowName,
              Describe.method(first),
              Describe.method(method)));
    }
  }

  /** Checks a step's name, and that no earlier step of the workflow has the same one. */
  private static void stepName(
      ExecutableElement method,
      StepAnnotation step,
      String workflowName,
      Map<String, ExecutableElement> stepNames,
      ValidationReport report) {
    StepNames.Declared declared = StepNames.check(method, step, report);
    ExecutableElement first = stepNames.putIfAbsent(declared.name(), method);
    if (first != null) {
      StepNames.errorOnValue(
          report,
          method,
          step.mirror(),
          declared.value(),
          StepMessages.stepNameDuplicate(WorkflowNames.shorten(declared.name()),
              workflowName,
              Describe.method(first),
              Describe.method(method)));
    }
  }
}
