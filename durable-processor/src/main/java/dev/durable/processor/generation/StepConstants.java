package dev.durable.processor.generation;

import static dev.durable.processor.generation.GeneratedFiles.longLiteral;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import dev.durable.processor.model.GeneratedNames;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.StepModel;
import dev.durable.processor.model.StoredType;
import dev.durable.processor.model.TypeRef;
import java.util.List;
import java.util.Map;

/**
 * The {@code StepType} constant of a step, for the generated {@code Durable} class of a workflow
 * and the generated {@code Dispatch} class of a step contract alike.
 */
final class StepConstants {
  private StepConstants() {}

  /**
   * The constant, without modifiers: its name, retry policy, deadline, stored types and
   * non-retryable exceptions.
   *
   * @param link the Javadoc link to the user's method
   */
  static FieldSpec.Builder field(
      StepModel step, String constant, ClassName codecsClass, Map<StoredType, String> codecs,
      CodeBlock link) {
    TypeName result = step.result().boxed();
    CodeBlock.Builder init =
        CodeBlock.builder()
            .add("$T.<$T>builder($S)\n$>$>", RuntimeTypes.STEP_TYPE, result, step.stepName())
            .add(
                ".retry($T.of($L, $T.$L, $L, $L, $L))\n",
                RuntimeTypes.RETRY_POLICY,
                step.retry().retries(),
                RuntimeTypes.BACKOFF,
                step.retry().backoff().name(),
                longLiteral(step.retry().backoffMs()),
                longLiteral(step.retry().backoffMaxMs()),
                step.retry().jitter());
    if (step.timeoutMs() > 0) {
      init.add(".timeoutMs($L)\n", longLiteral(step.timeoutMs()));
    }
    if (step.pickupTimeoutMs() > 0) {
      init.add(".pickupTimeoutMs($L)\n", longLiteral(step.pickupTimeoutMs()));
    }
    if (!step.queue().isEmpty()) {
      init.add(".queue($S)\n", step.queue());
    }
    if (step.remoteRedispatchMs() > 0) {
      init.add(".remoteRedispatch($L, $L)\n", longLiteral(step.remoteRedispatchMs()),
          step.remoteRedispatchMax());
    }
    addPayloads(init, step.storedParams(), step.result(), codecsClass, codecs);
    if (!step.nonRetryable().isEmpty()) {
      CodeBlock.Builder test = CodeBlock.builder();
      for (int i = 0; i < step.nonRetryable().size(); i++) {
        test.add(
            i == 0 ? "error instanceof $T" : " || error instanceof $T",
            step.nonRetryable().get(i));
      }
      init.add(".nonRetryable(error -> $L)\n", test.build());
    }
    step.compensation().ifPresent(by -> init.add(".compensatedBy($S)\n", by.stepName()));
    init.add(".build()$<$<");
    return FieldSpec.builder(ParameterizedTypeName.get(RuntimeTypes.STEP_TYPE, result), constant)
        .addJavadoc(Javadocs.wrapped(2, "Step {@code $L}: {@link $L}.", step.stepName(), link))
        .initializer(init.build());
  }

  /**
   * {@code .param(...)} for each stored parameter and {@code .result(...)}, one per line; a
   * parameter with constraints written on it names the field of its name in the {@code Codecs}
   * class's {@value GeneratedNames#RUN_PARAMETERS_CLASS}, which carries them.
   */
  static void addPayloads(
      CodeBlock.Builder init, List<ParamModel> params, TypeRef result, ClassName codecsClass,
      Map<StoredType, String> codecs) {
    for (ParamModel param : params) {
      if (param.declaredConstraints().isPresent()) {
        init.add(
            ".param($S, $T.$L, $L, $T.class)\n",
            param.name(),
            codecsClass,
            codecs.get(param.type().stored()),
            param.type().constrained(),
            codecsClass.nestedClass(GeneratedNames.RUN_PARAMETERS_CLASS));
        continue;
      }
      init.add(
          ".$L($S, $T.$L)\n",
          param.type().constrained() ? "validatedParam" : "param",
          param.name(),
          codecsClass,
          codecs.get(param.type().stored()));
    }
    init.add(
        ".$L($T.$L)\n",
        result.constrained() ? "validatedResult" : "result",
        codecsClass,
        codecs.get(result.stored()));
  }
}
