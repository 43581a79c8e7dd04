package dev.durable.processor.validation;

import dev.durable.processor.messages.LintMessages;
import dev.durable.processor.messages.RunMessages;
import dev.durable.processor.messages.ScheduleMessages;
import dev.durable.processor.messages.SignalMessages;
import dev.durable.processor.messages.StepMessages;
import dev.durable.processor.messages.WorkflowMessages;
import dev.durable.processor.reading.AnnotationReader;
import dev.durable.processor.reading.SignalAnnotation;
import dev.durable.processor.reading.WorkflowAnnotation;
import dev.durable.processor.reading.StepAnnotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
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
import javax.tools.Diagnostic;

/**
 * Checks a {@code @Workflow} class, its {@code @Run} and {@code @Step} methods and their types, and
 * reports every problem found, not only the first; and, since runs are stored under a workflow's
 * name and version, that no two workflows of one compilation share both. Step rules live in {@link
 * StepValidator}, run rules in {@link RunValidator}, schedule rules in {@link ScheduleValidator},
 * storability in {@link StorableTypes}, the determinism lint of {@code @Run} bodies in {@link
 * DeterminismLint}; every message in the {@code messages} package.
 */
public final class WorkflowValidator {
  private final Elements elements;
  private final AnnotationReader reader;
  private final StepValidator steps;
  private final RunValidator runs;
  private final ScheduleValidator schedules;
  private final RouteValidator routes;
  private final CompensationValidator compensations;
  /** Null where the compiler offers no tree API (not javac): the lint is then skipped. */
  private final DeterminismLint lint;
  /** The workflows validated so far whose bodies are still to lint, by qualified name. */
  private final SortedSet<String> toLint = new TreeSet<>();
  private final SignalValidator signals;
  /** The qualified name of the first workflow seen with each name and version, across rounds. */
  private final Map<List<String>, String> declared = new HashMap<>();

  public WorkflowValidator(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    this.reader = new AnnotationReader(elements);
    StorableTypes storable = new StorableTypes(env);
    this.steps = new StepValidator(env, storable);
    this.runs = new RunValidator(elements, storable, new AccessibleTypes(elements));
    this.schedules = new ScheduleValidator(env);
    this.routes = new RouteValidator(env);
    this.compensations = new CompensationValidator(env);
    this.signals = new SignalValidator(elements, storable, new AccessibleTypes(elements));
    this.lint = determinismLint(env);
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

  /** Validates one {@code @Workflow} type; call it once per type, in a stable order. */
  public ValidationReport validateWorkflow(TypeElement workflow) {
    ValidationReport report = new ValidationReport();
    if (!kind(workflow, report)) {
      return report;
    }
    if (lint != null) {
      toLint.add(workflow.getQualifiedName().toString());
    }
    placement(workflow, report);
    inheritance(workflow, report);
    String name = names(workflow, report);
    List<ExecutableElement> runMethods = methods(workflow, name, report);
    WorkflowAnnotation annotation = reader.workflow(workflow).orElseThrow();
    schedules.validate(workflow, name, annotation, runMethods, report);
    for (VariableElement field : ElementFilter.fieldsIn(workflow.getEnclosedElements())) {
      if (!field.getModifiers().contains(Modifier.STATIC)
          && !field.getModifiers().contains(Modifier.FINAL)) {
        report.warning(
            field, WorkflowMessages.workflowMutableField(field.getSimpleName(), Describe.type(workflow)));
      }
    }
    return report;
  }

  /**
   * The workflows validated so far whose {@code @Run} bodies are not linted yet, each once, in
   * order of qualified name; none where the compiler has no tree API. Call it when processing is
   * over: linting a body attributes it, which is safe only in the last round (see {@link
   * DeterminismLint}).
   */
  public List<TypeElement> takeWorkflowsToLint() {
    List<TypeElement> types = new ArrayList<>();
    for (String name : toLint) {
      TypeElement type = elements.getTypeElement(name); // this round's element, not a stale one
      if (type != null) {
        types.add(type);
      }
    }
    toLint.clear();
    return types;
  }

  /** Lints the bodies of the {@code @Run} methods of {@code workflow}. */
  public ValidationReport lintRunBodies(TypeElement workflow) {
    ValidationReport report = new ValidationReport();
    for (ExecutableElement method : ElementFilter.methodsIn(workflow.getEnclosedElements())) {
      if (AnnotationValues.find(method, Names.RUN).isPresent()) {
        lint.check(method, report);
      }
    }
    return report;
  }

  /**
   * Validates {@code @Step}, {@code @Run} and {@code @Signal} methods declared outside {@code
   * @Workflow} classes.
   */
  public ValidationReport validateStrays(
      Set<? extends Element> stepMethods, Set<? extends Element> runMethods,
      Set<? extends Element> signalMethods) {
    ValidationReport report = new ValidationReport();
    for (Element method : signalMethods) {
      if (method.getKind() == ElementKind.METHOD
          && AnnotationValues.find(method.getEnclosingElement(), Names.WORKFLOW).isEmpty()) {
        report.error(
            method,
            SignalMessages.signalOutsideWorkflow(Describe.method((ExecutableElement) method),
                Describe.type(method.getEnclosingElement())));
      }
    }
    for (Element method : stepMethods) {
      if (isStray(method)) {
        report.error(
            method,
            StepMessages.stepOutsideWorkflow(Describe.method((ExecutableElement) method),
                Describe.type(method.getEnclosingElement())));
      }
    }
    for (Element method : runMethods) {
      if (isStray(method)) {
        report.error(
            method,
            RunMessages.runOutsideWorkflow(Describe.method((ExecutableElement) method),
                Describe.type(method.getEnclosingElement())));
      }
    }
    return report;
  }

  /** Validates {@code @Schedule}s on classes that are not {@code @Workflow} classes. */
  public ValidationReport validateStraySchedules(Set<? extends Element> scheduled) {
    ValidationReport report = new ValidationReport();
    for (Element type : scheduled) {
      if (AnnotationValues.find(type, Names.WORKFLOW).isEmpty()) {
        report.error(type, ScheduleMessages.scheduleOutsideWorkflow(Describe.type(type)));
      }
    }
    return report;
  }

  private static boolean isStray(Element method) {
    return method.getKind() == ElementKind.METHOD
        && AnnotationValues.find(method.getEnclosingElement(), Names.WORKFLOW).isEmpty()
        && !(AnnotationValues.find(method, Names.STEP).isPresent()
            && method.getEnclosingElement() instanceof TypeElement type
            && ContractValidator.isContract(type));
  }

  /** Whether the workflow is a class at all; reports final classes, records and abstract ones. */
  private static boolean kind(TypeElement workflow, ValidationReport report) {
    String type = Describe.type(workflow);
    switch (workflow.getKind()) {
      case INTERFACE -> report.error(workflow, WorkflowMessages.workflowNotClass(type, "an interface"));
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
      if (AnnotationValues.find(type, Names.WORKFLOW).isPresent()) {
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
      report.error(workflow, WorkflowMessages.workflowInPrivateClass(type, Describe.type(privateOuter)));
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

  /** Checks the workflow's name and version and returns its name. */
  private String names(TypeElement workflow, ValidationReport report) {
    WorkflowAnnotation workflowAnnotation = reader.workflow(workflow).orElseThrow();
    AnnotationMirror annotation = workflowAnnotation.mirror();
    String type = Describe.type(workflow);
    String name = workflowAnnotation.workflowName(workflow.getSimpleName().toString());
    // null: the default, the class's simple name
    AnnotationValue nameValue = workflowAnnotation.name().written();
    if (name.length() > WorkflowNames.MAX_NAME_LENGTH) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          nameValue,
          WorkflowMessages.workflowNameLength(WorkflowNames.shorten(name),
              type,
              name.length()));
    }
    String disallowed = WorkflowNames.disallowedCharacters(name);
    if (!disallowed.isEmpty()) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          nameValue,
          WorkflowMessages.workflowNameCharacters(WorkflowNames.shorten(name),
              type,
              disallowed));
    }

    String version = workflowAnnotation.version().value();
    AnnotationValue versionValue = workflowAnnotation.version().written();
    if (version.isEmpty()) {
      StepNames.errorOnValue(
          report, workflow, annotation, versionValue, WorkflowMessages.workflowVersionEmpty(type));
    }
    if (version.length() > WorkflowNames.MAX_VERSION_LENGTH) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          versionValue,
          WorkflowMessages.workflowVersionLength(WorkflowNames.shorten(version),
              type,
              version.length()));
    }
    String disallowedInVersion = WorkflowNames.disallowedCharacters(version);
    if (!disallowedInVersion.isEmpty()) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          versionValue,
          WorkflowMessages.workflowVersionCharacters(WorkflowNames.shorten(version),
              type,
              disallowedInVersion));
    }

    String qualifiedName = workflow.getQualifiedName().toString();
    String first = declared.putIfAbsent(List.of(name, version), qualifiedName);
    if (first != null && !first.equals(qualifiedName)) {
      StepNames.errorOnValue(
          report,
          workflow,
          annotation,
          nameValue,
          WorkflowMessages.workflowDuplicate(WorkflowNames.shorten(name),
              WorkflowNames.shorten(version),
              first));
    }
    return name;
  }

  /**
   * The @Run, @Step and @Signal methods: how many runs, each method's rules, and unique step and
   * signal names (signals checked after every step, so that a clash is reported on the signal);
   * returns the @Run methods.
   */
  private List<ExecutableElement> methods(
      TypeElement workflow, String workflowName, ValidationReport report) {
    List<ExecutableElement> runMethods = new ArrayList<>();
    List<ExecutableElement> signalMethods = new ArrayList<>();
    List<ExecutableElement> routeMethods = new ArrayList<>();
    List<ExecutableElement> cleanupMethods = new ArrayList<>();
    List<ExecutableElement> stepMethods = new ArrayList<>();
    Map<String, ExecutableElement> stepNames = new LinkedHashMap<>();
    for (ExecutableElement method : ElementFilter.methodsIn(workflow.getEnclosedElements())) {
      boolean run = AnnotationValues.find(method, Names.RUN).isPresent();
      boolean step = AnnotationValues.find(method, Names.STEP).isPresent();
      Optional<AnnotationMirror> signal = AnnotationValues.find(method, Names.SIGNAL);
      if (AnnotationValues.find(method, Names.ON_ERROR).isPresent()) {
        routeMethods.add(method);
      }
      if (AnnotationValues.find(method, Names.ON_FAILURE).isPresent()) {
        cleanupMethods.add(method);
      }
      if (signal.isPresent()) {
        if (run || step) {
          // reported once here; the method is then checked as the @Run or @Step it also is
          report.error(method, signal.get(), null,
              SignalMessages.signalAndStep(Describe.method(method), run ? "@Run" : "@Step"));
        } else {
          signalMethods.add(method);
          signals.validate(method, report);
        }
      }
      if (run && step) {
        // reported once here, then checked as the @Run method it is
        report.error(
            method,
            AnnotationValues.find(method, Names.STEP).get(),
            null,
            StepMessages.stepAndRun(Describe.method(method)));
      }
      if (run) {
        runMethods.add(method);
        runs.validate(method, report);
      } else if (step) {
        stepMethods.add(method);
        steps.validate(method, report);
        stepName(method, workflowName, stepNames, report);
      }
    }

    for (ExecutableElement method : signalMethods) {
      signalName(method, workflowName, stepNames, report);
    }

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
    compensations.validate(workflow, stepMethods, report);
    return runMethods;
  }

  /** Checks a signal's name, and that no step or earlier signal of the workflow has it. */
  private void signalName(
      ExecutableElement method,
      String workflowName,
      Map<String, ExecutableElement> names,
      ValidationReport report) {
    SignalAnnotation signal = signals.annotation(method);
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
  private void stepName(
      ExecutableElement method,
      String workflowName,
      Map<String, ExecutableElement> stepNames,
      ValidationReport report) {
    StepAnnotation step = steps.annotation(method);
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
