package dev.durable.processor.generation;

import static dev.durable.processor.generation.GeneratedFiles.longLiteral;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.durable.processor.model.ConstructorModel;
import dev.durable.processor.model.GeneratedNames;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.RunModel;
import dev.durable.processor.model.ScheduleModel;
import dev.durable.processor.model.SignalModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.StoredType;
import dev.durable.processor.model.TypeRef;
import dev.durable.processor.model.WorkflowModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Generates {@code <Name>Durable}: the replay-safe subclass of the workflow. It mirrors the
 * workflow's constructors, describes the workflow and each step in constants, calls the
 * {@code @Run} method with a decoded input, and overrides each {@code @Step} method to go through
 * its checkpoint.
 */
public final class DurableClassGenerator {
  private static final String LAMBDA_PARAM = "stepContext";

  private final WorkflowModel model;
  private final GeneratedNames names;
  private final Map<StoredType, String> codecs;
  private final List<String> stepConstants;
  private final List<String> signalConstants;
  /** The lines of the workflow's step graph, for {@code WORKFLOW}'s {@code .graph(...)}. */
  private final List<String> graph;

  /** The workflow's shape as JSON text, for {@code WORKFLOW}'s {@code .shape(...)}; may be empty. */
  private final String shape;

  private DurableClassGenerator(WorkflowModel model, List<String> graph, String shape) {
    this.model = model;
    this.graph = List.copyOf(graph);
    this.shape = shape;
    this.names = model.names();
    this.codecs = model.codecConstants();
    this.stepConstants = GeneratedNames.stepConstants(model.steps());
    this.signalConstants = model.signalConstants();
  }

  /**
   * The {@code Durable} class of {@code model}, whose step graph has the lines {@code graph} (see
   * {@code dev.durable.processor.lock.StepGraph}).
   */
  public static JavaFile generate(WorkflowModel model, List<String> graph, String shape) {
    return new DurableClassGenerator(model, graph, shape).file();
  }

  private JavaFile file() {
    TypeName result = model.run().result().boxed();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(names.durable())
            .addJavadoc(
                Javadocs.wrapped(
                    0,
                    "The durable state machine of {@link $T}, workflow {@code $L} version {@code"
                        + " $L}: register an instance with a {@code DurableEngine}. Each {@code"
                        + " @Step} method is overridden to go through its checkpoint, so that a"
                        + " completed step returns its recorded result and never runs again.",
                    model.workflowClass(),
                    model.workflowName(),
                    model.version()))
            .addAnnotations(GeneratedFiles.classAnnotations(model))
            .addModifiers(Modifier.PUBLIC)
            .superclass(model.workflowClass())
            .addSuperinterface(ParameterizedTypeName.get(RuntimeTypes.DURABLE_WORKFLOW, result))
            .alwaysQualify(model.inheritedTypeNames().toArray(String[]::new));

    type.addField(workflowConstant(result));
    for (int i = 0; i < model.steps().size(); i++) {
      type.addField(stepConstant(model.steps().get(i), stepConstants.get(i)));
    }
    for (int i = 0; i < model.signals().size(); i++) {
      type.addField(signalConstant(model.signals().get(i), signalConstants.get(i)));
    }
    for (ConstructorModel constructor : model.constructors()) {
      type.addMethod(constructor(constructor));
    }
    type.addMethod(
        MethodSpec.methodBuilder("workflowType")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(ParameterizedTypeName.get(RuntimeTypes.WORKFLOW_TYPE, result))
            .addStatement("return $L", GeneratedNames.WORKFLOW_CONSTANT)
            .build());
    if (!model.signals().isEmpty()) {
      type.addMethod(signals());
    }
    type.addMethod(execute(result));
    type.addMethods(RouteMethods.of(model, result));
    for (int i = 0; i < model.steps().size(); i++) {
      type.addMethod(stepOverride(model.steps().get(i), stepConstants.get(i)));
    }
    for (int i = 0; i < model.signals().size(); i++) {
      type.addMethod(signalOverride(model.signals().get(i), signalConstants.get(i)));
    }
    return GeneratedFiles.file(model.packageName(), type.build());
  }

  /**
   * The longest shape the constant holds, in characters: a string constant holds at most 65,535
   * bytes of modified UTF-8, and the shape's text is ASCII. A longer one is in the resource only.
   */
  static final int SHAPE_MAX = 60_000;

  private FieldSpec workflowConstant(TypeName result) {
    RunModel run = model.run();
    CodeBlock.Builder init =
        CodeBlock.builder()
            .add(
                "$T.<$T>builder($S, $S)\n$>$>",
                RuntimeTypes.WORKFLOW_TYPE,
                result,
                model.workflowName(),
                model.version());
    if (run.timeoutMs() > 0) {
      init.add(".timeoutMs($L)\n", longLiteral(run.timeoutMs()));
    }
    addPayloads(init, run.storedParams(), run.result());
    for (ScheduleModel schedule : model.schedules()) {
      init.add(".schedule($S, $S, $T.$L)\n", schedule.cron(), schedule.zone(),
          RuntimeTypes.CATCH_UP, schedule.catchUp());
    }
    if (!graph.isEmpty()) {
      // one entry a line: a reviewer sees in a diff which entry changed
      init.add(".graph(\n$>$>$L)\n$<$<", CodeBlock.join(
          graph.stream().map(line -> CodeBlock.of("$S", line)).toList(), ",\n"));
    }
    if (!shape.isEmpty() && shape.length() <= SHAPE_MAX) {
      init.add(".shape($S)\n", shape);
    }
    init.add(".build()$<$<");
    return FieldSpec.builder(
            ParameterizedTypeName.get(RuntimeTypes.WORKFLOW_TYPE, result),
            GeneratedNames.WORKFLOW_CONSTANT,
            Modifier.PUBLIC,
            Modifier.STATIC,
            Modifier.FINAL)
        .addJavadoc(
            Javadocs.wrapped(
                2,
                "The stored identity and input and result types of workflow {@code $L} version"
                    + " {@code $L}" + (model.schedules().isEmpty() ? "" : ", its schedules")
                    + ", and its step graph, which the engine checks runs in flight against.",
                model.workflowName(),
                model.version()))
        .initializer(init.build())
        .build();
  }

  private FieldSpec stepConstant(StepModel step, String constant) {
    return StepConstants.field(step, constant, names.codecs(), codecs, link(step))
        .addModifiers(Modifier.STATIC, Modifier.FINAL)
        .build();
  }

  /** {@code .param(...)} for each stored parameter and {@code .result(...)}, one per line. */
  private void addPayloads(CodeBlock.Builder init, List<ParamModel> params, TypeRef result) {
    StepConstants.addPayloads(init, params, result, names.codecs(), codecs);
  }

  private MethodSpec constructor(ConstructorModel constructor) {
    List<String> args = new ArrayList<>();
    MethodSpec.Builder method = MethodSpec.constructorBuilder();
    if (constructor.deprecated()) {
      method.addAnnotation(Deprecated.class);
    }
    if (GeneratedFiles.pollutesHeap(constructor.varargs(), constructor.params())) {
      method.addAnnotation(suppress("unchecked"));
    }
    method.addModifiers(Modifier.PUBLIC).addTypeVariables(constructor.typeVariables());
    for (ParamModel param : constructor.params()) {
      method.addParameter(param.type().type(), param.name());
      args.add(param.name());
    }
    return method
        .varargs(constructor.varargs())
        .addExceptions(constructor.thrown())
        .addStatement("super($L)", String.join(", ", args))
        .build();
  }

  private MethodSpec execute(TypeName result) {
    RunModel run = model.run();
    List<CodeBlock> args = new ArrayList<>();
    boolean unchecked = false;
    int index = 0;
    for (ParamModel param : run.params()) {
      switch (param.kind()) {
        case WORKFLOW_CONTEXT -> args.add(CodeBlock.of("context"));
        case STEP_CONTEXT -> args.add(CodeBlock.of("null"));
        case STORED -> {
          TypeName type = param.type().type();
          if (type.equals(ClassName.OBJECT)) {
            args.add(CodeBlock.of("input[$L]", index));
          } else {
            args.add(CodeBlock.of("($T) input[$L]", type, index));
            unchecked |= GeneratedFiles.isUncheckedCast(type);
          }
          index++;
        }
      }
    }
    CodeBlock call = CodeBlock.of("$L($L)", run.methodName(), CodeBlock.join(args, ", "));
    MethodSpec.Builder method = MethodSpec.methodBuilder("execute").addAnnotation(Override.class);
    // Inside a deprecated class, calling its deprecated members needs no suppression.
    boolean deprecation = run.deprecated() && !model.deprecated();
    GeneratedFiles.suppressWarnings(method, unchecked, deprecation);
    method
        .addModifiers(Modifier.PUBLIC)
        .returns(result)
        .addParameter(RuntimeTypes.WORKFLOW_CONTEXT, "context")
        .addParameter(ArrayTypeName.of(ClassName.OBJECT), "input")
        .addException(Exception.class);
    if (run.result().isVoid()) {
      method.addStatement("$L", call).addStatement("return null");
    } else {
      method.addStatement("return $L", call);
    }
    return method.build();
  }

  private MethodSpec stepOverride(StepModel step, String constant) {
    List<String> paramNames = step.params().stream().map(ParamModel::name).toList();
    String lambdaParam = GeneratedNames.unusedName(LAMBDA_PARAM, paramNames);
    // A parameter named like the constant would hide it.
    CodeBlock stepType =
        paramNames.contains(constant)
            ? CodeBlock.of("$T.$L", names.durable(), constant)
            : CodeBlock.of("$L", constant);

    MethodSpec.Builder method =
        MethodSpec.methodBuilder(step.methodName())
            .addJavadoc(Javadocs.wrapped(2, "Checkpointed {@link $L}.", link(step)))
            .addAnnotation(Override.class);
    if (step.deprecated()) {
      method.addAnnotation(Deprecated.class);
    }
    if (GeneratedFiles.pollutesHeap(step.varargs(), step.params())) {
      method.addAnnotation(suppress("unchecked"));
    }
    method
        .addModifiers(GeneratedFiles.modifiers(step.visibility()))
        .addTypeVariables(step.typeVariables())
        .returns(step.result().type());
    List<String> stored = new ArrayList<>();
    List<String> superArgs = new ArrayList<>();
    for (ParamModel param : step.params()) {
      method.addParameter(ParameterSpec.builder(param.type().type(), param.name()).build());
      if (param.isStored()) {
        stored.add(param.name());
      }
      superArgs.add(param.kind() == ParamModel.Kind.STEP_CONTEXT ? lambdaParam : param.name());
    }
    method.varargs(step.varargs()).addExceptions(step.thrown());

    CodeBlock storedArgs = CodeBlock.of("new Object[] {$L}", String.join(", ", stored));
    CodeBlock superCall =
        CodeBlock.of("super.$L($L)", step.methodName(), String.join(", ", superArgs));
    if (step.result().isVoid()) {
      method
          .addCode(
              "$T.call($L, $L, $L -> {\n$>",
              RuntimeTypes.STEPS,
              stepType,
              storedArgs,
              lambdaParam)
          .addStatement("$L", superCall)
          .addStatement("return null")
          .addCode("$<});\n");
    } else {
      method.addStatement(
          "return $T.call($L, $L, $L -> $L)",
          RuntimeTypes.STEPS,
          stepType,
          storedArgs,
          lambdaParam,
          superCall);
    }
    return method.build();
  }

  /** The {@code signals()} override: the workflow's signal constants, in declaration order. */
  private MethodSpec signals() {
    CodeBlock constants = signalConstants.stream()
        .map(constant -> CodeBlock.of("$L", constant))
        .collect(CodeBlock.joining(",$W"));
    return MethodSpec.methodBuilder("signals")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(
            ClassName.get(List.class),
            ParameterizedTypeName.get(
                RuntimeTypes.SIGNAL_TYPE, WildcardTypeName.subtypeOf(Object.class))))
        .addStatement("return $T.of($L)", List.class, constants)
        .build();
  }

  /** A signal's name and value type; package-private, for the generated client. */
  private FieldSpec signalConstant(SignalModel signal, String constant) {
    TypeName value = signal.value().boxed();
    return FieldSpec.builder(ParameterizedTypeName.get(RuntimeTypes.SIGNAL_TYPE, value), constant)
        .addModifiers(Modifier.STATIC, Modifier.FINAL)
        .addJavadoc(Javadocs.wrapped(
            2, "Signal {@code $L}: {@link $L}.", signal.signalName(), link(signal)))
        .initializer(
            "$T.$L($S,$W$T.$L)",
            RuntimeTypes.SIGNAL_TYPE,
            signal.value().constrained() ? "validated" : "of",
            signal.signalName(),
            names.codecs(),
            codecs.get(signal.value().stored()))
        .build();
  }

  /**
   * The override that waits for the signal through the current turn; the user's method runs only
   * when no signal came within the wait.
   */
  private MethodSpec signalOverride(SignalModel signal, String constant) {
    String wait = signal.waitParam();
    CodeBlock signalType =
        constant.equals(wait)
            ? CodeBlock.of("$T.$L", names.durable(), constant)
            : CodeBlock.of("$L", constant);
    MethodSpec.Builder method =
        MethodSpec.methodBuilder(signal.methodName())
            .addJavadoc(Javadocs.wrapped(
                2,
                "Waits durably for the next signal {@code $L} sent to the run; {@link $L} gives"
                    + " the value when none came in time.",
                signal.signalName(),
                link(signal)))
            .addAnnotation(Override.class);
    if (signal.deprecated()) {
      method.addAnnotation(Deprecated.class);
    }
    method
        .addModifiers(GeneratedFiles.modifiers(signal.visibility()))
        .returns(signal.value().type());
    if (wait != null) {
      method.addParameter(RuntimeTypes.DURATION, wait);
    }
    return method
        .addExceptions(signal.thrown())
        .addStatement(
            "return $T.await($L, $L, () -> super.$L($L))",
            RuntimeTypes.SIGNALS,
            signalType,
            wait == null ? "null" : wait,
            signal.methodName(),
            wait == null ? "" : wait)
        .build();
  }

  /** {@code Workflow#method()} or {@code Workflow#method(Duration)}: a link to a signal method. */
  private CodeBlock link(SignalModel signal) {
    return Javadocs.methodLink(
        model.workflowClass(),
        signal.methodName(),
        signal.waitParam() == null ? List.of() : List.of(RuntimeTypes.DURATION));
  }

  /** {@code Workflow#method(ErasedParam, ...)}, the target of a javadoc link to a step method. */
  private CodeBlock link(StepModel step) {
    return Javadocs.methodLink(
        model.workflowClass(),
        step.methodName(),
        step.params().stream().map(p -> p.type().erasure()).toList());
  }

  private static AnnotationSpec suppress(String warning) {
    return AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", warning).build();
  }
}
