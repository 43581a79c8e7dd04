package dev.durable.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import dev.durable.processor.model.ContractModel;
import dev.durable.processor.model.GeneratedNames;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.RunModel;
import dev.durable.processor.model.StoredType;
import dev.durable.processor.model.WorkflowModel;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Generates {@code <Name>Codecs}: one Jackson {@code JavaType} constant per distinct type the
 * workflow stores, built once with its full generic type, so that no codec reflects on generic
 * signatures at run time.
 */
public final class CodecsGenerator {
  private CodecsGenerator() {}

  /** The {@code Codecs} class of {@code model}. */
  public static JavaFile generate(WorkflowModel model) {
    TypeSpec.Builder type = codecs(
        model.names().codecs(),
        model.codecConstants(),
        GeneratedFiles.classAnnotations(model),
        Javadocs.wrapped(
            0,
            "The Jackson types of everything {@link $T} stores: its input and result and each"
                + " step's parameters and result, with their full generic types, built once.",
            model.workflowClass()));
    if (model.run().hasDeclaredConstraints()) {
      type.addType(runParameters(model));
    }
    return GeneratedFiles.file(model.names().codecs().packageName(), type.build());
  }

  /**
   * The class whose fields carry the constraints written on the {@code @Run} method's parameters,
   * each field named as its parameter: the engine checks a run's input against them with
   * Hibernate Validator ({@code validateValue}), which reads them here instead of looking the
   * method up by reflection.
   */
  private static TypeSpec runParameters(WorkflowModel model) {
    RunModel run = model.run();
    TypeSpec.Builder type = TypeSpec.classBuilder(GeneratedNames.RUN_PARAMETERS_CLASS)
        .addJavadoc(Javadocs.wrapped(
            2,
            "The Jakarta constraints written on the parameters of {@link $L}, each on the field of"
                + " its parameter's name: a run's start, a child's start and {@code continueAsNew}"
                + " check the input against them.",
            Javadocs.methodLink(model.workflowClass(), run.methodName(),
                run.params().stream().map(param -> param.type().erasure()).toList())))
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL);
    for (ParamModel param : run.storedParams()) {
      param.declaredConstraints().ifPresent(declared -> type.addField(
          FieldSpec.builder(declared.type(), param.name())
              .addAnnotations(declared.annotations())
              .build()));
    }
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    return type.build();
  }

  /** The {@code Codecs} class of a step contract. */
  public static JavaFile generate(ContractModel model) {
    TypeSpec.Builder type = codecs(
        model.codecsClass(),
        model.codecConstants(),
        GeneratedFiles.classAnnotations(model.deprecated()),
        Javadocs.wrapped(
            0,
            "The Jackson types of everything the steps of {@link $T} store: their parameters and"
                + " results, with their full generic types, built once.",
            model.contractClass()));
    return GeneratedFiles.file(model.codecsClass().packageName(), type.build());
  }

  private static TypeSpec.Builder codecs(
      ClassName name, Map<StoredType, String> constants, List<AnnotationSpec> annotations,
      CodeBlock javadoc) {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name)
            .addJavadoc(javadoc)
            .addAnnotations(annotations)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addField(
                FieldSpec.builder(
                        RuntimeTypes.TYPE_FACTORY,
                        GeneratedNames.TYPES_CONSTANT,
                        Modifier.PRIVATE,
                        Modifier.STATIC,
                        Modifier.FINAL)
                    .initializer("$T.defaultInstance()", RuntimeTypes.TYPE_FACTORY)
                    .build());
    constants.forEach(
        (stored, constant) ->
            type.addField(
                FieldSpec.builder(
                        RuntimeTypes.JAVA_TYPE,
                        constant,
                        Modifier.PUBLIC,
                        Modifier.STATIC,
                        Modifier.FINAL)
                    .initializer(construct(stored, constants))
                    .build()));
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    return type;
  }

  /** The expression that builds the {@code JavaType} of {@code type} from its components'. */
  private static CodeBlock construct(StoredType type, Map<StoredType, String> constants) {
    String types = GeneratedNames.TYPES_CONSTANT;
    if (type instanceof StoredType.Declared declared) {
      if (declared.arguments().isEmpty()) {
        return CodeBlock.of("$L.constructType($T.class)", types, declared.raw());
      }
      List<CodeBlock> arguments =
          declared.arguments().stream().map(a -> CodeBlock.of("$L", constants.get(a))).toList();
      return CodeBlock.of(
          "$L.constructParametricType($T.class, $L)",
          types,
          declared.raw(),
          CodeBlock.join(arguments, ", "));
    }
    StoredType component = ((StoredType.Array) type).component();
    if (component instanceof StoredType.Primitive primitive) {
      return CodeBlock.of("$L.constructArrayType($T.class)", types, primitive.primitive());
    }
    return CodeBlock.of("$L.constructArrayType($L)", types, constants.get(component));
  }
}
