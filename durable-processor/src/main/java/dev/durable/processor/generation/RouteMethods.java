package dev.durable.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.RouteModel;
import dev.durable.processor.model.WorkflowModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The {@code errorRoutes()} and {@code onError(...)} overrides of a {@code <Name>Durable} class
 * whose workflow has {@code @OnError} routes: the codes, and a switch that calls the route for a
 * failure's code with the run's input.
 */
final class RouteMethods {
  private RouteMethods() {}

  /** The overrides, or none when the workflow has no route. */
  static List<MethodSpec> of(WorkflowModel model, TypeName result) {
    if (model.routes().isEmpty()) {
      return List.of();
    }
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
    boolean unchecked = false;
    boolean deprecation = false;
    for (RouteModel route : model.routes()) {
      List<CodeBlock> args = new ArrayList<>();
      if (route.takesContext()) {
        args.add(CodeBlock.of("context"));
      }
      int index = 0;
      for (ParamModel param : model.run().storedParams()) {
        TypeName type = param.type().type();
        if (type.equals(ClassName.OBJECT)) {
          args.add(CodeBlock.of("input[$L]", index));
        } else {
          args.add(CodeBlock.of("($T) input[$L]", type, index));
          unchecked |= DurableClassGenerator.isUncheckedCast(type);
        }
        index++;
      }
      if (route.takesError()) {
        args.add(CodeBlock.of("error"));
      }
      deprecation |= route.deprecated() && !model.deprecated();
      CodeBlock call = CodeBlock.of("$L($L)", route.methodName(), CodeBlock.join(args, ", "));
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
    MethodSpec.Builder onError = MethodSpec.methodBuilder("onError").addAnnotation(Override.class);
    if (unchecked || deprecation) {
      AnnotationSpec.Builder suppress = AnnotationSpec.builder(SuppressWarnings.class);
      if (deprecation) {
        suppress.addMember("value", "$S", "deprecation");
      }
      if (unchecked) {
        suppress.addMember("value", "$S", "unchecked");
      }
      onError.addAnnotation(suppress.build());
    }
    onError.addModifiers(Modifier.PUBLIC)
        .returns(result)
        .addParameter(RuntimeTypes.WORKFLOW_CONTEXT, "context")
        .addParameter(ArrayTypeName.of(ClassName.OBJECT), "input")
        .addParameter(RuntimeTypes.RUN_ERROR, "error")
        .addException(Exception.class)
        .addCode(routes.build());
    return List.of(errorRoutes, onError.build());
  }
}
