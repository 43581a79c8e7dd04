package dev.durable.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.durable.processor.reading.AnnotationReader;
import dev.durable.processor.reading.ScheduleAnnotation;
import dev.durable.processor.reading.WorkflowAnnotation;
import dev.durable.processor.reading.Attribute;
import dev.durable.processor.reading.StepAnnotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a validated {@code @Workflow} class into a {@link WorkflowModel}: the only place that reads
 * elements and type mirrors. Annotation values are read through {@link AnnotationMirror}s with
 * their defaults, so that class values ({@code nonRetryable}) need no loaded classes.
 */
public final class ModelFactory {
  private static final String RUN = "dev.durable.annotations.Run";
  private static final String STEP = "dev.durable.annotations.Step";
  private static final String SIGNAL = "dev.durable.annotations.Signal";
  private static final String ON_ERROR = "dev.durable.annotations.OnError";
  private static final String ON_FAILURE = "dev.durable.annotations.OnFailure";
  private static final String RUN_ERROR = "dev.durable.runtime.RunError";
  private static final String WORKFLOW_CONTEXT = "dev.durable.runtime.WorkflowContext";
  private static final String STEP_CONTEXT = "dev.durable.runtime.StepContext";

  private final Elements elements;
  private final Types types;
  private final ConstraintScanner constraints;
  private final AnnotationReader reader;

  public ModelFactory(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    this.reader = new AnnotationReader(elements);
    this.types = env.getTypeUtils();
    this.constraints = new ConstraintScanner(elements);
  }

  /** The model of {@code workflow}, which the validator accepted. */
  public WorkflowModel create(TypeElement workflow) {
    WorkflowAnnotation annotation = reader.workflow(workflow).orElseThrow();
    String name = annotation.workflowName(workflow.getSimpleName().toString());
    String version = annotation.version().value();

    List<ConstructorModel> constructors = new ArrayList<>();
    RunModel run = null;
    List<StepModel> steps = new ArrayList<>();
    List<String> compensate = new ArrayList<>(); // each step's, in the same order
    List<SignalModel> signals = new ArrayList<>();
    List<RouteModel> routes = new ArrayList<>();
    CleanupModel cleanup = null;
    for (Element member : workflow.getEnclosedElements()) {
      if (member.getKind() == ElementKind.CONSTRUCTOR
          && !member.getModifiers().contains(Modifier.PRIVATE)) {
        constructors.add(constructor((ExecutableElement) member));
      } else if (member.getKind() == ElementKind.METHOD) {
        ExecutableElement method = (ExecutableElement) member;
        if (run == null && mirror(method, RUN).isPresent()) {
          run = run(method);
        }
        if (mirror(method, STEP).isPresent()) {
          StepModel step = step(method);
          steps.add(step);
          compensate.add(reader.step(method).orElseThrow().compensate().value());
        }
        if (mirror(method, SIGNAL).isPresent()) {
          signals.add(signal(method));
        }
        if (mirror(method, ON_ERROR).isPresent()) {
          routes.add(route(method));
        }
        if (cleanup == null && mirror(method, ON_FAILURE).isPresent()) {
          List<? extends VariableElement> params = method.getParameters();
          cleanup = new CleanupModel(method.getSimpleName().toString(),
              !params.isEmpty() && isType(params.get(0), WORKFLOW_CONTEXT),
              !params.isEmpty() && isType(params.get(params.size() - 1), RUN_ERROR),
              elements.isDeprecated(method));
        }
      }
    }
    if (run == null) {
      throw new IllegalStateException("no @Run method in " + workflow.getQualifiedName());
    }
    return new WorkflowModel(
        ClassName.get(workflow),
        name,
        version,
        elements.isDeprecated(workflow),
        constructors,
        run,
        compensated(steps, compensate),
        signals,
        inheritedTypeNames(workflow),
        schedules(workflow),
        routes,
        Optional.ofNullable(cleanup));
  }

  /** An {@code @OnError} method, which the validator accepted. */
  private RouteModel route(ExecutableElement method) {
    List<? extends VariableElement> params = method.getParameters();
    boolean context = !params.isEmpty() && isType(params.get(0), WORKFLOW_CONTEXT);
    boolean error = !params.isEmpty() && isType(params.get(params.size() - 1), RUN_ERROR);
    return new RouteModel(
        reader.onError(method).orElseThrow().code().value(),
        method.getSimpleName().toString(), context, error, elements.isDeprecated(method));
  }

  private static boolean isType(VariableElement param, String qualifiedName) {
    return param.asType() instanceof DeclaredType declared
        && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(qualifiedName);
  }

  /** The workflow's {@code @Schedule}s, in declaration order. */
  private List<ScheduleModel> schedules(TypeElement workflow) {
    List<ScheduleModel> schedules = new ArrayList<>();
    for (ScheduleAnnotation schedule : reader.schedules(workflow)) {
      schedules.add(new ScheduleModel(
          schedule.cron().value(), schedule.zone().value(), schedule.catchUp().value().name()));
    }
    return schedules;
  }

  /** The model of step contract {@code contract}, which the validator accepted. */
  public ContractModel createContract(TypeElement contract) {
    List<StepModel> steps = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(contract.getEnclosedElements())) {
      if (mirror(method, STEP).isPresent()) {
        steps.add(step(method));
      }
    }
    return new ContractModel(ClassName.get(contract), elements.isDeprecated(contract), steps);
  }

  private ConstructorModel constructor(ExecutableElement constructor) {
    List<ParamModel> params = new ArrayList<>();
    for (VariableElement parameter : constructor.getParameters()) {
      TypeMirror type = parameter.asType();
      params.add(
          new ParamModel(
              parameter.getSimpleName().toString(),
              new TypeRef(typeName(type), erasure(type), stored(type), false),
              ParamModel.Kind.STORED));
    }
    return new ConstructorModel(
        typeVariables(constructor.getTypeParameters()),
        params,
        constructor.isVarArgs(),
        thrown(constructor),
        elements.isDeprecated(constructor));
  }

  /** The {@code @Run} method; its stored parameters with the constraints written on them. */
  private RunModel run(ExecutableElement method) {
    List<ParamModel> params = new ArrayList<>(params(method));
    for (int i = 0; i < params.size(); i++) {
      ParamModel param = params.get(i);
      if (param.isStored()) {
        params.set(i, new ParamModel(param.name(), param.type(), param.kind(),
            constraints.declared(method.getParameters().get(i), this::typeName)));
      }
    }
    return new RunModel(
        method.getSimpleName().toString(),
        params,
        method.isVarArgs(),
        typeRef(method.getReturnType()),
        elements.isDeprecated(method),
        reader.run(method).orElseThrow().timeoutMs().value());
  }

  private StepModel step(ExecutableElement method) {
    StepAnnotation step = reader.step(method).orElseThrow();
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
        typeVariables(method.getTypeParameters()),
        params(method),
        method.isVarArgs(),
        typeRef(method.getReturnType()),
        thrown(method),
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

  private SignalModel signal(ExecutableElement method) {
    String signalName =
        reader.signal(method).orElseThrow().signalName(method.getSimpleName().toString());
    List<? extends VariableElement> parameters = method.getParameters();
    return new SignalModel(
        method.getSimpleName().toString(),
        signalName,
        visibility(method),
        parameters.isEmpty() ? null : parameters.get(0).getSimpleName().toString(),
        typeRef(method.getReturnType()),
        thrown(method),
        elements.isDeprecated(method));
  }

  private List<ParamModel> params(ExecutableElement method) {
    List<ParamModel> params = new ArrayList<>();
    for (VariableElement parameter : method.getParameters()) {
      TypeMirror type = parameter.asType();
      ParamModel.Kind kind =
          isClass(type, WORKFLOW_CONTEXT)
              ? ParamModel.Kind.WORKFLOW_CONTEXT
              : isClass(type, STEP_CONTEXT) ? ParamModel.Kind.STEP_CONTEXT : ParamModel.Kind.STORED;
      params.add(new ParamModel(parameter.getSimpleName().toString(), typeRef(type), kind));
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

  private List<TypeName> thrown(ExecutableElement executable) {
    return executable.getThrownTypes().stream().map(this::typeName).toList();
  }

  private List<TypeVariableName> typeVariables(List<? extends TypeParameterElement> parameters) {
    List<TypeVariableName> variables = new ArrayList<>();
    for (TypeParameterElement parameter : parameters) {
      List<TypeName> bounds = new ArrayList<>();
      for (TypeMirror bound : parameter.getBounds()) {
        if (!isClass(bound, "java.lang.Object")) {
          bounds.add(typeName(bound));
        }
      }
      variables.add(
          TypeVariableName.get(
              parameter.getSimpleName().toString(), bounds.toArray(TypeName[]::new)));
    }
    return variables;
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

  private TypeRef typeRef(TypeMirror type) {
    if (type.getKind() == TypeKind.VOID) {
      return TypeRef.VOID;
    }
    return new TypeRef(
        typeName(type), erasure(type), stored(type), constraints.carriesConstraints(type));
  }

  /** The type as written, without annotations. */
  private TypeName typeName(TypeMirror type) {
    return switch (type.getKind()) {
      case BOOLEAN -> TypeName.BOOLEAN;
      case BYTE -> TypeName.BYTE;
      case SHORT -> TypeName.SHORT;
      case INT -> TypeName.INT;
      case LONG -> TypeName.LONG;
      case CHAR -> TypeName.CHAR;
      case FLOAT -> TypeName.FLOAT;
      case DOUBLE -> TypeName.DOUBLE;
      case VOID -> TypeName.VOID;
      case ARRAY -> ArrayTypeName.of(typeName(((ArrayType) type).getComponentType()));
      case DECLARED -> declaredTypeName((DeclaredType) type);
      case TYPEVAR ->
          TypeVariableName.get(((TypeVariable) type).asElement().getSimpleName().toString());
      case WILDCARD -> wildcardTypeName((WildcardType) type);
      default -> TypeName.get(type).withoutAnnotations();
    };
  }

  private TypeName declaredTypeName(DeclaredType type) {
    ClassName raw = ClassName.get((TypeElement) type.asElement());
    if (type.getTypeArguments().isEmpty()) {
      return raw;
    }
    return ParameterizedTypeName.get(
        raw, type.getTypeArguments().stream().map(this::typeName).toArray(TypeName[]::new));
  }

  private TypeName wildcardTypeName(WildcardType type) {
    if (type.getExtendsBound() != null) {
      return WildcardTypeName.subtypeOf(typeName(type.getExtendsBound()));
    }
    if (type.getSuperBound() != null) {
      return WildcardTypeName.supertypeOf(typeName(type.getSuperBound()));
    }
    return WildcardTypeName.subtypeOf(Object.class);
  }

  private TypeName erasure(TypeMirror type) {
    return typeName(types.erasure(type));
  }

  /**
   * The type as stored: primitives boxed (except as array components), {@code void} as {@link
   * Void}, wildcards as their bound, type variables as their erasure.
   */
  private StoredType stored(TypeMirror type) {
    if (type.getKind().isPrimitive()) {
      return stored(types.boxedClass((PrimitiveType) type).asType());
    }
    return switch (type.getKind()) {
      case VOID -> TypeRef.VOID.stored();
      case ARRAY -> {
        TypeMirror component = ((ArrayType) type).getComponentType();
        yield new StoredType.Array(
            component.getKind().isPrimitive()
                ? new StoredType.Primitive(typeName(component))
                : stored(component));
      }
      case DECLARED -> {
        DeclaredType declared = (DeclaredType) type;
        List<StoredType> arguments =
            declared.getTypeArguments().stream().map(this::stored).toList();
        yield new StoredType.Declared(
            ClassName.get((TypeElement) declared.asElement()),
            arguments,
            arguments.size() == 2 && isMap(declared));
      }
      case WILDCARD -> {
        WildcardType wildcard = (WildcardType) type;
        TypeMirror bound =
            wildcard.getExtendsBound() != null
                ? wildcard.getExtendsBound()
                : wildcard.getSuperBound();
        yield bound != null ? stored(bound) : StoredType.Declared.of(ClassName.OBJECT);
      }
      default -> {
        // Type variables and intersections are stored as their erasure.
        TypeMirror erased = types.erasure(type);
        yield erased.getKind() == TypeKind.DECLARED
            ? stored(erased)
            : StoredType.Declared.of(ClassName.OBJECT);
      }
    };
  }

  private boolean isMap(DeclaredType type) {
    TypeElement map = elements.getTypeElement("java.util.Map");
    return map != null && types.isSubtype(types.erasure(type), types.erasure(map.asType()));
  }

  private static boolean isClass(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(qualifiedName);
  }

  private static Optional<? extends AnnotationMirror> mirror(Element element, String annotation) {
    return element.getAnnotationMirrors().stream()
        .filter(
            m ->
                ((TypeElement) m.getAnnotationType().asElement())
                    .getQualifiedName()
                    .contentEquals(annotation))
        .findFirst();
  }
}
