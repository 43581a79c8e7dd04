package dev.durable.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.durable.processor.model.ContractModel;
import dev.durable.processor.model.GeneratedNames;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.StoredType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.Modifier;

/**
 * Generates what a step contract needs: its {@code Codecs}; {@code <Name>Dispatch}, the stub that
 * implements the contract by dispatching each call to the workers that serve the step; and {@code
 * <Name>Worker}, the binding through which workers serve the steps with an implementation.
 */
public final class ContractGenerator {
  private static final String IMPLEMENTATION = "implementation";
  private static final String DURABLE_VIEW = "Durable";
  private static final String DURABLE_CONSTANT = "DURABLE";
  private final ContractModel model;
  private final Map<StoredType, String> codecs;
  private final List<String> stepConstants;

  private ContractGenerator(ContractModel model) {
    this.model = model;
    this.codecs = model.codecConstants();
    this.stepConstants = GeneratedNames.stepConstants(model.steps());
  }

  /** The {@code Codecs}, {@code Dispatch} and {@code Worker} classes of {@code model}. */
  public static List<JavaFile> generate(ContractModel model) {
    ContractGenerator generator = new ContractGenerator(model);
    return List.of(CodecsGenerator.generate(model), generator.dispatch(), generator.worker());
  }

  private JavaFile dispatch() {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(model.dispatchClass())
            .addJavadoc(
                Javadocs.wrapped(
                    0,
                    "Dispatches the steps of {@link $T} to the workers that serve them: give an"
                        + " instance to a workflow, and each call from its {@code @Run} method"
                        + " queues a task and suspends the run until a worker's outcome is stored."
                        + " Calls outside a run are refused.",
                    model.contractClass()))
            .addAnnotations(GeneratedFiles.classAnnotations(model.deprecated()))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addSuperinterface(model.contractClass());
    for (int i = 0; i < model.steps().size(); i++) {
      StepModel step = model.steps().get(i);
      type.addField(
          StepConstants.field(step, stepConstants.get(i), model.codecsClass(), codecs, link(step))
              .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .build());
    }
    for (int i = 0; i < model.steps().size(); i++) {
      type.addMethod(call(model.steps().get(i), stepConstants.get(i)));
    }
    addDurableView(type);
    return GeneratedFiles.file(model.packageName(), type.build());
  }

  /**
   * The view of the steps on the durable path (no {@code timeoutMs}), the only dispatched steps a
   * fan or parallel group accepts: an interface {@code Durable} that leaves the others out, so that
   * a fan of one of them does not compile, its private implementation, and {@code durable()}.
   * Nothing when every step has a liveness window.
   */
  private void addDurableView(TypeSpec.Builder dispatch) {
    ClassName view = model.dispatchClass().nestedClass(DURABLE_VIEW);
    ClassName implementation = model.dispatchClass().nestedClass(DURABLE_VIEW + "Calls");
    TypeSpec.Builder contract = TypeSpec.interfaceBuilder(view)
        .addJavadoc(Javadocs.wrapped(0,
            "The steps of {@link $T} on the durable path, those without {@code timeoutMs}: the"
                + " only ones a fan or parallel group accepts, as in {@code $T.fan(inputs, "
                + "durable(), (steps, input) -> ...)}.",
            model.contractClass(), RuntimeTypes.PARALLEL))
        .addModifiers(Modifier.PUBLIC)
        .addSuperinterface(RuntimeTypes.DURABLE_STEPS);
    TypeSpec.Builder calls = TypeSpec.classBuilder(implementation)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addSuperinterface(view);
    boolean any = false;
    for (int i = 0; i < model.steps().size(); i++) {
      StepModel step = model.steps().get(i);
      if (step.timeoutMs() > 0) {
        continue;
      }
      any = true;
      MethodSpec call = call(step, stepConstants.get(i));
      contract.addMethod(MethodSpec.methodBuilder(call.name())
          .addJavadoc(Javadocs.wrapped(2, "See {@link $L}.", link(step)))
          .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
          .returns(call.returnType())
          .addParameters(call.parameters())
          .varargs(call.varargs())
          .addExceptions(call.exceptions())
          .build());
      calls.addMethod(call);
    }
    if (!any) {
      return;
    }
    dispatch.addType(contract.build())
        .addField(FieldSpec.builder(view, DURABLE_CONSTANT, Modifier.PRIVATE, Modifier.STATIC,
                Modifier.FINAL)
            .initializer("new $T()", implementation)
            .build())
        .addMethod(MethodSpec.methodBuilder("durable")
            .addJavadoc("The steps on the durable path, for fans and parallel groups.\n")
            .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
            .returns(view)
            .addStatement("return $N", DURABLE_CONSTANT)
            .build())
        .addType(calls.build());
  }

  /**
   * {@code <Name>Worker}: the binding through which a worker serves the steps with an
   * implementation of the contract.
   */
  private JavaFile worker() {
    ClassName contract = model.contractClass();
    TypeSpec.Builder type =
        TypeSpec.classBuilder(model.workerClass())
            .addJavadoc(
                Javadocs.wrapped(
                    0,
                    "Serves the steps of {@link $T} with an implementation:"
                        + " {@code DurableWorker.builder().serve($T.of(implementation))}.",
                    contract,
                    model.workerClass()))
            .addAnnotations(GeneratedFiles.classAnnotations(model.deprecated()))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addSuperinterface(RuntimeTypes.STEP_BINDING)
            .addField(contract, IMPLEMENTATION, Modifier.PRIVATE, Modifier.FINAL)
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(contract, IMPLEMENTATION)
                    .addStatement("this.$N = $N", IMPLEMENTATION, IMPLEMENTATION)
                    .build())
            .addMethod(
                MethodSpec.methodBuilder("of")
                    .addJavadoc("The binding of {@code $N}.\n", IMPLEMENTATION)
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(RuntimeTypes.STEP_BINDING)
                    .addParameter(contract, IMPLEMENTATION)
                    .addStatement(
                        "return new $T($T.requireNonNull($N, $S))",
                        model.workerClass(),
                        Objects.class,
                        IMPLEMENTATION,
                        IMPLEMENTATION)
                    .build());
    List<CodeBlock> constants = new ArrayList<>();
    for (String constant : stepConstants) {
      constants.add(CodeBlock.of("$T.$L", model.dispatchClass(), constant));
    }
    type.addMethod(
        MethodSpec.methodBuilder("steps")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(
                ParameterizedTypeName.get(
                    ClassName.get(List.class),
                    ParameterizedTypeName.get(
                        RuntimeTypes.STEP_TYPE, WildcardTypeName.subtypeOf(Object.class))))
            .addStatement("return $T.of($L)", List.class, CodeBlock.join(constants, ", "))
            .build());
    MethodSpec.Builder invoke =
        MethodSpec.methodBuilder("invoke")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(Object.class)
            .addParameter(String.class, "step")
            .addParameter(Object[].class, "args")
            .addException(Exception.class);
    boolean unchecked = false;
    CodeBlock.Builder body = CodeBlock.builder().beginControlFlow("switch (step)");
    for (StepModel step : model.steps()) {
      List<CodeBlock> args = new ArrayList<>();
      List<ParamModel> params = step.params();
      for (int i = 0; i < params.size(); i++) {
        TypeName cast = params.get(i).type().boxed();
        unchecked |= GeneratedFiles.isUncheckedCast(cast);
        args.add(CodeBlock.of("($T) args[$L]", cast, i));
      }
      CodeBlock call = CodeBlock.of(
          "$N.$N($L)", IMPLEMENTATION, step.methodName(), CodeBlock.join(args, ", "));
      body.add("case $S:\n$>", step.stepName());
      if (step.result().type().equals(TypeName.VOID)) {
        body.addStatement("$L", call).addStatement("return null");
      } else {
        body.addStatement("return $L", call);
      }
      body.add("$<");
    }
    body.add("default:\n$>")
        .addStatement(
            "throw new $T($S + step)",
            IllegalArgumentException.class,
            "no such step in " + contract.simpleName() + ": ")
        .add("$<")
        .endControlFlow();
    if (unchecked) {
      invoke.addAnnotation(
          AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked")
              .build());
    }
    type.addMethod(invoke.addCode(body.build()).build());
    return GeneratedFiles.file(model.packageName(), type.build());
  }

  private MethodSpec call(StepModel step, String constant) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(step.methodName())
        .addJavadoc(Javadocs.wrapped(2, "Dispatches {@link $L}.", link(step)))
        .addAnnotation(Override.class);
    if (step.deprecated()) {
      method.addAnnotation(Deprecated.class);
    }
    method.addModifiers(Modifier.PUBLIC).returns(step.result().type());
    List<String> args = new ArrayList<>();
    for (ParamModel param : step.params()) {
      method.addParameter(param.type().type(), param.name());
      args.add(param.name());
    }
    method.varargs(step.varargs()).addExceptions(step.thrown());
    CodeBlock call = CodeBlock.of(
        "$T.dispatch($L, new Object[] {$L})",
        RuntimeTypes.STEPS,
        constant,
        String.join(", ", args));
    if (step.result().type().equals(TypeName.VOID)) {
      method.addStatement("$L", call);
    } else {
      method.addStatement("return $L", call);
    }
    return method.build();
  }

  private CodeBlock link(StepModel step) {
    return Javadocs.methodLink(
        model.contractClass(),
        step.methodName(),
        step.params().stream().map(p -> p.type().erasure()).toList());
  }
}
