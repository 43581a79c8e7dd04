package dev.durable.processor.generation;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.durable.processor.model.ContractModel;
import dev.durable.processor.model.GeneratedNames;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.StoredType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Generates what a step contract needs: its {@code Codecs} and {@code <Name>Dispatch}, the stub
 * that implements the contract by dispatching each call to the workers that serve the step.
 */
public final class ContractGenerator {
  private final ContractModel model;
  private final Map<StoredType, String> codecs;
  private final List<String> stepConstants;

  private ContractGenerator(ContractModel model) {
    this.model = model;
    this.codecs = GeneratedNames.codecConstants(model);
    this.stepConstants = GeneratedNames.stepConstants(model.steps());
  }

  /** The {@code Codecs} and {@code Dispatch} classes of {@code model}, in that order. */
  public static List<JavaFile> generate(ContractModel model) {
    return List.of(CodecsGenerator.generate(model), new ContractGenerator(model).dispatch());
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
