package dev.durable.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.durable.processor.model.GeneratedNames;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.SignalModel;
import dev.durable.processor.model.WorkflowModel;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Generates {@code <Name>Client}: the typed stub that starts runs of the workflow with its
 * {@code @Run} method's stored parameters, and finds them again by id.
 */
public final class ClientGenerator {
  private static final String RUNS = "runs";
  private static final String RUN_ID = "runId";
  private static final String OPTIONS = "options";

  private ClientGenerator() {}

  /** The {@code Client} class of {@code model}. */
  public static JavaFile generate(WorkflowModel model) {
    ClassName client = model.names().client();
    TypeName result = model.run().result().boxed();
    TypeName runs = ParameterizedTypeName.get(RuntimeTypes.WORKFLOW_RUNS, result);
    TypeName handle = ParameterizedTypeName.get(RuntimeTypes.RUN_HANDLE, result);
    List<ParamModel> params = model.run().storedParams();
    List<String> paramNames = params.stream().map(ParamModel::name).toList();
    String runId = GeneratedNames.unusedName(RUN_ID, paramNames);
    // A parameter named like the field would hide it.
    String field = paramNames.contains(RUNS) ? "this." + RUNS : RUNS;
    CodeBlock input =
        CodeBlock.of("new Object[] {$L}", String.join(", ", paramNames));

    MethodSpec.Builder start =
        MethodSpec.methodBuilder("start")
            .addJavadoc(Javadocs.wrapped(2, "Starts a run with a new id."))
            .addModifiers(Modifier.PUBLIC)
            .returns(handle);
    addParams(start, params);
    start.addStatement("return $L.start($L)", field, input);

    MethodSpec.Builder startWithId =
        MethodSpec.methodBuilder("start")
            .addJavadoc(
                Javadocs.wrapped(
                    2,
                    "Starts the run with id {@code $L}, or returns the run already started with"
                        + " that id: a second start with the same id is not an error and starts"
                        + " nothing.",
                    runId))
            .addModifiers(Modifier.PUBLIC)
            .returns(handle)
            .addParameter(String.class, runId);
    addParams(startWithId, params);
    startWithId.addStatement("return $L.start($L, $L)", field, runId, input);

    String options = GeneratedNames.unusedName(OPTIONS, paramNames);
    MethodSpec.Builder startWithOptions =
        MethodSpec.methodBuilder("start")
            .addJavadoc(
                Javadocs.wrapped(
                    2,
                    "Starts a run as {@code $L} say: with their run id (a second start with the"
                        + " same id starts nothing) or a new one, on their version of the workflow"
                        + " or the newest registered with the engine.",
                    options))
            .addModifiers(Modifier.PUBLIC)
            .returns(handle)
            .addParameter(RuntimeTypes.START_OPTIONS, options);
    addParams(startWithOptions, params);
    startWithOptions.addStatement("return $L.start($L, $L)", field, options, input);

    TypeSpec.Builder type =
        TypeSpec.classBuilder(client)
            .addJavadoc(
                Javadocs.wrapped(
                    0,
                    "Starts and follows runs of workflow {@code $L} version {@code $L} ({@link"
                        + " $T}).",
                    model.workflowName(),
                    model.version(),
                    model.workflowClass()))
            .addAnnotations(GeneratedFiles.classAnnotations(model))
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addField(runs, RUNS, Modifier.PRIVATE, Modifier.FINAL)
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(runs, RUNS)
                    .addStatement("this.$L = $L", RUNS, RUNS)
                    .build())
            .addMethod(
                MethodSpec.methodBuilder("of")
                    .addJavadoc(
                        Javadocs.wrapped(
                            2, "A client that starts and finds runs through {@code engine}."))
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(client)
                    .addParameter(RuntimeTypes.DURABLE_ENGINE, "engine")
                    .addStatement(
                        "return new $T($T.of(engine, $T.$L))",
                        client,
                        RuntimeTypes.WORKFLOW_RUNS,
                        model.names().durable(),
                        GeneratedNames.WORKFLOW_CONSTANT)
                    .build())
            .addMethod(
                MethodSpec.methodBuilder("of")
                    .addJavadoc(
                        Javadocs.wrapped(
                            2,
                            "A client, inside a run's {@code @Run} method, that starts child runs"
                                + " of this workflow: each start is checkpointed (a replay does not"
                                + " start it again), and its handle's {@code await()} waits durably"
                                + " for the child to end."))
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(client)
                    .addParameter(RuntimeTypes.WORKFLOW_CONTEXT, "context")
                    .addStatement(
                        "return new $T($T.of(context, $T.$L))",
                        client,
                        RuntimeTypes.WORKFLOW_RUNS,
                        model.names().durable(),
                        GeneratedNames.WORKFLOW_CONSTANT)
                    .build())
            .addMethod(start.build())
            .addMethod(startWithId.build())
            .addMethod(startWithOptions.build())
            .addMethod(
                MethodSpec.methodBuilder("get")
                    .addJavadoc(Javadocs.wrapped(2, "The run with id {@code runId}."))
                    .addModifiers(Modifier.PUBLIC)
                    .returns(handle)
                    .addParameter(String.class, RUN_ID)
                    .addStatement("return $L.get($L)", RUNS, RUN_ID)
                    .build());
    List<String> signalConstants = model.signalConstants();
    for (int i = 0; i < model.signals().size(); i++) {
      type.addMethod(signal(model, model.signals().get(i), signalConstants.get(i)));
    }
    type.addMethod(continueAsNew(params, field, input, result));
    return GeneratedFiles.file(model.packageName(), type.build());
  }

  /**
   * Sends a signal: {@code decision(runId, value)}, named as the {@code @Signal} method, taking its
   * value with its declared type (primitives kept); deprecated if the method is.
   */
  private static MethodSpec signal(WorkflowModel model, SignalModel signal, String constant) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(signal.methodName());
    if (signal.deprecated()) {
      method.addAnnotation(Deprecated.class);
    }
    return method
        .addJavadoc(
            Javadocs.wrapped(
                2,
                "Sends signal {@code $L} with {@code value} to run {@code runId}, and wakes the run:"
                    + " its wait ({@link $T#$L}) returns the value. A run not waiting yet keeps"
                    + " it, in order, for its next wait.",
                signal.signalName(),
                model.workflowClass(),
                signal.methodName()))
        .addJavadoc("\n")
        .addJavadoc("@throws $T if no run of this workflow has id {@code runId}\n",
            RuntimeTypes.UNKNOWN_RUN)
        .addJavadoc("@throws $T if the run has ended\n", RuntimeTypes.RUN_ENDED)
        .addJavadoc("@throws $T if the value is invalid or cannot be stored\n",
            RuntimeTypes.INVALID_INPUT)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(String.class, RUN_ID)
        .addParameter(signal.value().type(), "value")
        .addStatement(
            "$L.signal($L, $T.$L, value)", RUNS, RUN_ID, model.names().durable(), constant)
        .build();
  }

  /**
   * Starts the calling run over: {@code continueAsNew(order)}, typed like {@code start}, returning
   * the {@code @Run} method's result type so that {@code return client.continueAsNew(...)} ends the
   * method.
   */
  private static MethodSpec continueAsNew(
      List<ParamModel> params, String field, CodeBlock input, TypeName result) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("continueAsNew")
            .addJavadoc(
                Javadocs.wrapped(
                    2,
                    "Starts the run that calls it over with this input: the same run id, in its"
                        + " next generation, with an empty history (signals not taken yet carry"
                        + " over, and {@code await} gives the last generation's result); never"
                        + " returns normally. Call it from the {@code @Run} method, on the client"
                        + " made from its context, as {@code return"
                        + " of(context).continueAsNew(...)}; not from a step or a branch."))
            .addJavadoc("\n")
            .addJavadoc("@throws $T when called otherwise\n", IllegalStateException.class)
            .addJavadoc("@throws $T if the input is invalid or cannot be stored\n",
                RuntimeTypes.INVALID_INPUT)
            .addModifiers(Modifier.PUBLIC)
            .returns(result);
    addParams(method, params);
    return method.addStatement("return $L.continueAsNew($L)", field, input).build();
  }

  /**
   * The run's stored parameters, with their declared types (primitives kept); a variable-arity
   * parameter becomes an array, so that {@code start(runId, ...)} cannot be confused with
   * {@code start(...)}.
   */
  private static void addParams(MethodSpec.Builder method, List<ParamModel> params) {
    for (ParamModel param : params) {
      method.addParameter(param.type().type(), param.name());
    }
  }
}
