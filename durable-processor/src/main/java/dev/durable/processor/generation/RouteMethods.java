package dev.durable.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.durable.processor.model.CleanupModel;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.RouteModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.WorkflowModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The {@code errorRoutes()} and {@code onError(...)} overrides of a {@code <Name>Durable} class
 * whose workflow has {@code @OnError} routes (the codes, and a switch that calls the route for a
 * failure's code with the run's input), and its {@code @OnFailure} clean-up's {@code
 * cleansUpOnFailure()} and {@code onFailure(...)}, and, when steps name a compensation, {@code
 * compensate(...)}: the failure handling the engine calls.
 */
final class RouteMethods {
  private RouteMethods() {}

  /** The overrides, or none when the workflow has neither a route nor a clean-up. */
  static List<MethodSpec> of(WorkflowModel model, TypeName result) {
    List<MethodSpec> methods = new ArrayList<>();
    if (!model.routes().isEmpty()) {
      methods.addAll(routes(model, result));
    }
    model.cleanup().ifPresent(cleanup -> methods.addAll(cleanup(model, cleanup)));
    if (model.steps().stream().anyMatch(step -> step.compensation().isPresent())) {
      methods.add(compensate(model));
    }
    return methods;
  }

  /**
   * {@code compensate(...)}: a switch on the completed step's stored name that calls the step
   * method undoing it with the step's arguments, cast from {@code args}, and its result.
   */
  private static MethodSpec compensate(WorkflowModel model) {
    CodeBlock.Builder cases = CodeBlock.builder().beginControlFlow("switch (step)");
    boolean unchecked = false;
    boolean deprecation = false;
    for (StepModel step : model.steps()) {
      if (step.compensation().isEmpty()) {
        continue;
      }
      StepModel.Compensation by = step.compensation().get();
      List<CodeBlock> args = new ArrayList<>();
      if (by.takesStepContext()) {
        args.add(CodeBlock.of("null"));
      }
      List<ParamModel> stored = step.storedParams();
      for (int i = 0; i < stored.size(); i++) {
        args.add(cast(stored.get(i).type().type(), CodeBlock.of("args[$L]", i)));
        unchecked |= GeneratedFiles.isUncheckedCast(stored.get(i).type().type());
      }
      if (!step.result().isVoid()) {
        args.add(cast(step.result().type(), CodeBlock.of("result")));
        unchecked |= GeneratedFiles.isUncheckedCast(step.result().type());
      }
      deprecation |= by.deprecated() && !model.deprecated();
      cases.add("case $S:\n", step.stepName()).indent()
          .addStatement("$L($L)", by.methodName(), CodeBlock.join(args, ", "))
          .addStatement("return")
          .unindent();
    }
    cases.add("default:\n").indent()
        .addStatement("$T.super.compensate(context, step, args, result)",
            RuntimeTypes.DURABLE_WORKFLOW)
        .unindent()
        .endControlFlow();
    MethodSpec.Builder method = MethodSpec.methodBuilder("compensate")
        .addAnnotation(Override.class);
    GeneratedFiles.suppressWarnings(method, unchecked, deprecation);
    return method
        .addModifiers(Modifier.PUBLIC)
        .addParameter(RuntimeTypes.WORKFLOW_CONTEXT, "context")
        .addParameter(String.class, "step")
        .addParameter(ArrayTypeName.of(ClassName.OBJECT), "args")
        .addParameter(ClassName.OBJECT, "result")
        .addException(Exception.class)
        .addCode(cases.build())
        .build();
  }

  /** {@code value} cast to {@code type}, or as it is for {@code Object}. */
  private static CodeBlock cast(TypeName type, CodeBlock value) {
    TypeName boxed = type.isPrimitive() ? type.box() : type;
    return boxed.equals(ClassName.OBJECT) ? value : CodeBlock.of("($T) $L", boxed, value);
  }

  private static List<MethodSpec> routes(WorkflowModel model, TypeName result) {
    CodeBlock.Builder codes = CodeBlock.builder();
    for (int i = 0; i < model.routes().size(); i++) {
      codes.add(i == 0 ? "$S" : ", $S", model.routes().get(i).code());
    }
    MethodSpec errorRoutes = MethodSpec.methodBuilder("errorRoutes")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(Set.class, String.class))
        .addStatement("return $T.of($L)", Set.class, codes.build())
        .build();

    CodeBlock.Builder routes = CodeBlock.builder().beginControlFlow("switch (error.code())");
    Calls calls = new Calls(model);
    for (RouteModel route : model.routes()) {
      CodeBlock call = calls.call(route.methodName(), route.takesContext(), route.takesError(),
          route.deprecated());
      routes.add("case $S:\n", route.code()).indent();
      if (model.run().result().isVoid()) {
        routes.addStatement("$L", call).addStatement("return null");
      } else {
        routes.addStatement("return $L", call);
      }
      routes.unindent();
    }
    routes.add("default:\n").indent()
        .addStatement("return $T.super.onError(context, input, error)", RuntimeTypes.DURABLE_WORKFLOW)
        .unindent()
        .endControlFlow();
    MethodSpec onError = calls.suppressions(MethodSpec.methodBuilder("onError"))
        .addModifiers(Modifier.PUBLIC)
        .returns(result)
        .addParameter(RuntimeTypes.WORKFLOW_CONTEXT, "context")
        .addParameter(ArrayTypeName.of(ClassName.OBJECT), "input")
        .addParameter(RuntimeTypes.RUN_ERROR, "error")
        .addException(Exception.class)
        .addCode(routes.build())
        .build();
    return List.of(errorRoutes, onError);
  }

  private static List<MethodSpec> cleanup(WorkflowModel model, CleanupModel cleanup) {
    MethodSpec cleansUp = MethodSpec.methodBuilder("cleansUpOnFailure")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(TypeName.BOOLEAN)
        .addStatement("return true")
        .build();
    Calls calls = new Calls(model);
    CodeBlock call = calls.call(cleanup.methodName(), cleanup.takesContext(), cleanup.takesError(),
        cleanup.deprecated());
    MethodSpec onFailure = calls.suppressions(MethodSpec.methodBuilder("onFailure"))
        .addModifiers(Modifier.PUBLIC)
        .addParameter(RuntimeTypes.WORKFLOW_CONTEXT, "context")
        .addParameter(ArrayTypeName.of(ClassName.OBJECT), "input")
        .addParameter(RuntimeTypes.RUN_ERROR, "error")
        .addException(Exception.class)
        .addStatement("$L", call)
        .build();
    return List.of(cleansUp, onFailure);
  }

  /**
   * Calls of a workflow method that takes an optional context, the run's stored inputs cast from
   * {@code input}, and an optional error; remembers what the calls need suppressed.
   */
  private static final class Calls {
    private final WorkflowModel model;
    private boolean unchecked;
    private boolean deprecation;

    Calls(WorkflowModel model) {
      this.model = model;
    }

    CodeBlock call(String method, boolean takesContext, boolean takesError, boolean deprecated) {
      List<CodeBlock> args = new ArrayList<>();
      if (takesContext) {
        args.add(CodeBlock.of("context"));
      }
      int index = 0;
      for (ParamModel param : model.run().storedParams()) {
        TypeName type = param.type().type();
        if (type.equals(ClassName.OBJECT)) {
          args.add(CodeBlock.of("input[$L]", index));
        } else {
          args.add(CodeBlock.of("($T) input[$L]", type, index));
          unchecked |= GeneratedFiles.isUncheckedCast(type);
        }
        index++;
      }
      if (takesError) {
        args.add(CodeBlock.of("error"));
      }
      deprecation |= deprecated && !model.deprecated();
      return CodeBlock.of("$L($L)", method, CodeBlock.join(args, ", "));
    }

    /** {@code method} annotated {@code @Override}, with the suppressions its calls need. */
    MethodSpec.Builder suppressions(MethodSpec.Builder method) {
      method.addAnnotation(Override.class);
      return GeneratedFiles.suppressWarnings(method, unchecked, deprecation);
    }
  }
}
