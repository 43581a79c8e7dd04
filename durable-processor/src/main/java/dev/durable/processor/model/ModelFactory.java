package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import dev.durable.processor.reading.Attribute;
import dev.durable.processor.reading.RawContract;
import dev.durable.processor.reading.RawMethod;
import dev.durable.processor.reading.RawWorkflow;
import dev.durable.processor.reading.ScheduleAnnotation;
import dev.durable.processor.reading.StepAnnotation;
import dev.durable.processor.reading.TypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Builds the model of a validated {@code @Workflow} class or step contract from its raw model
 * ({@link RawWorkflow}, {@link RawContract}), whose annotations were read once: with {@link
 * TypeRefs}, the only place that reads elements and type mirrors into the model.
 */
public final class ModelFactory {
  private final Elements elements;
  private final Types types;
  private final TypeRefs typeRefs;

  public ModelFactory(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.typeRefs = new TypeRefs(elements, types);
  }

  /** The model of the workflow read into {@code raw}, which the validator accepted. */
  public WorkflowModel create(RawWorkflow raw) {
    TypeElement workflow = raw.type();
    List<ConstructorModel> constructors = new ArrayList<>();
    for (ExecutableElement constructor :
        ElementFilter.constructorsIn(workflow.getEnclosedElements())) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        constructors.add(constructor(constructor));
      }
    }
    RunModel run = null;
    List<StepModel> steps = new ArrayList<>();
    List<String> compensate = new ArrayList<>(); // each step's, in the same order
    List<SignalModel> signals = new ArrayList<>();
    List<RouteModel> routes = new ArrayList<>();
    CleanupModel cleanup = null;
    for (RawMethod method : raw.methods()) {
      if (run == null && method.isRun()) {
        run = run(method);
      }
      if (method.isStep()) {
        steps.add(step(method.element(), method.step().orElseThrow()));
        compensate.add(method.step().orElseThrow().compensate().value());
      }
      if (method.isSignal()) {
        signals.add(signal(method));
      }
      if (method.isRoute()) {
        routes.add(route(method));
      }
      if (cleanup == null && method.onFailure()) {
        List<? extends VariableElement> params = method.element().getParameters();
        cleanup = new CleanupModel(method.name(),
            !params.isEmpty() && is(params.get(0), TypeNames.WORKFLOW_CONTEXT),
            !params.isEmpty() && is(params.get(params.size() - 1), TypeNames.RUN_ERROR),
            elements.isDeprecated(method.element()));
      }
    }
    if (run == null) {
      throw new IllegalStateException("no @Run method in " + workflow.getQualifiedName());
    }
    return new WorkflowModel(
        ClassName.get(workflow),
        raw.name(),
        raw.annotation().version().value(),
        elements.isDeprecated(workflow),
        constructors,
        run,
        compensated(steps, compensate),
        signals,
        inheritedTypeNames(workflow),
        schedules(raw.schedules()),
        routes,
        Optional.ofNullable(cleanup));
  }

  /** The model of the step contract read into {@code raw}, which the validator accepted. */
  public ContractModel createContract(RawContract raw) {
    List<StepModel> steps = new ArrayList<>();
    for (RawMethod method : raw.methods()) {
      method.step().ifPresent(step -> steps.add(step(method.element(), step)));
    }
    return new ContractModel(ClassName.get(raw.type()), elements.isDeprecated(raw.type()), steps);
  }

  /** An {@code @OnError} method, which the validator accepted. */
  private RouteModel route(RawMethod method) {
    List<? extends VariableElement> params = method.element().getParameters();
    boolean context = !params.isEmpty() && is(params.get(0), TypeNames.WORKFLOW_CONTEXT);
    boolean error = !params.isEmpty() && is(params.get(params.size() - 1), TypeNames.RUN_ERROR);
    return new RouteModel(method.onError().orElseThrow().code().value(), method.name(), context,
        error, elements.isDeprecated(method.element()));
  }

  private static boolean is(VariableElement param, String qualifiedName) {
    return TypeNames.is(param.asType(), qualifiedName);
  }

  /** The workflow's {@code @Schedule}s, in declaration order. */
  private static List<ScheduleModel> schedules(List<ScheduleAnnotation> annotations) {
    List<ScheduleModel> schedules = new ArrayList<>();
    for (ScheduleAnnotation schedule : annotations) {
      schedules.add(new ScheduleModel(
          schedule.cron().value(), schedule.zone().value(), schedule.catchUp().value().name()));
    }
    return schedules;
  }

  private ConstructorModel constructor(ExecutableElement constructor) {
    List<ParamModel> params = new ArrayList<>();
    for (VariableElement parameter : constructor.getParameters()) {
      TypeMirror type = parameter.asType();
      params.add(
          new ParamModel(
              parameter.getSimpleName().toString(),
              new TypeRef(
                  typeRefs.typeName(type), typeRefs.erasure(type), typeRefs.stored(type), false),
              ParamModel.Kind.STORED));
    }
    return new ConstructorModel(
        typeRefs.typeVariables(constructor.getTypeParameters()),
        params,
        constructor.isVarArgs(),
        typeRefs.thrown(constructor),
        elements.isDeprecated(constructor));
  }

  /** The {@code @Run} method; its stored parameters with the constraints written on them. */
  private RunModel run(RawMethod method) {
    ExecutableElement element = method.element();
    List<ParamModel> params = new ArrayList<>(params(element));
    for (int i = 0; i < params.size(); i++) {
      ParamModel param = params.get(i);
      if (param.isStored()) {
        params.set(i, new ParamModel(param.name(), param.type(), param.kind(),
            typeRefs.declaredConstraints(element.getParameters().get(i))));
      }
    }
    return new RunModel(
        method.name(),
        params,
        element.isVarArgs(),
        typeRefs.typeRef(element.getReturnType()),
        elements.isDeprecated(element),
        method.run().orElseThrow().timeoutMs().value());
  }

  private StepModel step(ExecutableElement method, StepAnnotation step) {
    RetryPolicy retry =
        new RetryPolicy(
            step.retries().value(),
            step.backoff().value(),
            step.backoffMs().value(),
            step.backoffMaxMs().value(),
            step.jitter().value());
    List<ClassName> nonRetryable = new ArrayList<>();
    for (Attribute<TypeMirror> listed : step.nonRetryable()) {
      nonRetryable.add(ClassName.get((TypeElement) types.asElement(listed.value())));
    }
    return new StepModel(
        method.getSimpleName().toString(),
        step.stepName(method.getSimpleName().toString()),
        visibility(method),
        typeRefs.typeVariables(method.getTypeParameters()),
        params(method),
        method.isVarArgs(),
        typeRefs.typeRef(method.getReturnType()),
        typeRefs.thrown(method),
        retry,
        step.timeoutMs().value(),
        nonRetryable,
        elements.isDeprecated(method),
        step.remoteRedispatchMs().value(),
        step.remoteRedispatchMax().value(),
        step.pickupTimeoutMs().value(),
        step.queue().value(),
        Optional.empty());
  }

  /**
   * The workflow's steps, each that names a {@code compensate} with the step that undoes it: the
   * step method of that name that takes its stored parameters and result (the validator saw to it
   * that there is one).
   *
   * @param compensate each step's {@code compensate}, in the order of {@code steps}
   */
  private static List<StepModel> compensated(List<StepModel> steps, List<String> compensate) {
    List<StepModel> resolved = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      StepModel step = steps.get(i);
      String name = compensate.get(i);
      if (name.isEmpty()) {
        resolved.add(step);
        continue;
      }
      int arity = step.storedParams().size() + (step.result().isVoid() ? 0 : 1);
      StepModel by = steps.stream()
          .filter(s -> s.methodName().equals(name) && s.storedParams().size() == arity)
          .findFirst()
          .orElseThrow(() -> new IllegalStateException(
              "no compensation '" + name + "' for step " + step.stepName()));
      boolean context = !by.params().isEmpty()
          && by.params().get(0).kind() == ParamModel.Kind.STEP_CONTEXT;
      resolved.add(step.withCompensation(new StepModel.Compensation(
          by.methodName(), by.stepName(), context, by.deprecated())));
    }
    return resolved;
  }

  private SignalModel signal(RawMethod method) {
    ExecutableElement element = method.element();
    List<? extends VariableElement> parameters = element.getParameters();
    return new SignalModel(
        method.name(),
        method.signal().orElseThrow().signalName(method.name()),
        visibility(element),
        parameters.isEmpty() ? null : parameters.get(0).getSimpleName().toString(),
        typeRefs.typeRef(element.getReturnType()),
        typeRefs.thrown(element),
        elements.isDeprecated(element));
  }

  private List<ParamModel> params(ExecutableElement method) {
    List<ParamModel> params = new ArrayList<>();
    for (VariableElement parameter : method.getParameters()) {
      TypeMirror type = parameter.asType();
      ParamModel.Kind kind =
          TypeNames.is(type, TypeNames.WORKFLOW_CONTEXT)
              ? ParamModel.Kind.WORKFLOW_CONTEXT
              : TypeNames.is(type, TypeNames.STEP_CONTEXT)
                  ? ParamModel.Kind.STEP_CONTEXT
                  : ParamModel.Kind.STORED;
      params.add(new ParamModel(parameter.getSimpleName().toString(), typeRefs.typeRef(type),
          kind));
    }
    return params;
  }

  private static Visibility visibility(ExecutableElement method) {
    if (method.getModifiers().contains(Modifier.PUBLIC)) {
      return Visibility.PUBLIC;
    }
    if (method.getModifiers().contains(Modifier.PROTECTED)) {
      return Visibility.PROTECTED;
    }
    return Visibility.PACKAGE_PRIVATE;
  }

  /**
   * The simple names of the non-private member types that the generated subclass inherits: its own
   * and those of its supertypes.
   */
  private List<String> inheritedTypeNames(TypeElement workflow) {
    List<String> names = new ArrayList<>();
    for (Element member : elements.getAllMembers(workflow)) {
      if ((member.getKind().isClass() || member.getKind().isInterface())
          && !member.getModifiers().contains(Modifier.PRIVATE)) {
        names.add(member.getSimpleName().toString());
      }
    }
    return names;
  }
}
