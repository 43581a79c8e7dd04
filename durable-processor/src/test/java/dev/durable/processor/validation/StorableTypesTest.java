package dev.durable.processor.validation;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.durable.processor.validation.Fixtures.fixture;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.google.testing.compile.Compilation;
import dev.durable.processor.messages.TypeMessages;
import dev.durable.processor.validation.StorableTypes.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link StorableTypes} on one sample type per field of {@code fixtures/validation/types/Samples},
 * compiled once: what is storable, and for what is not, the message, the type and the path.
 */
class StorableTypesTest {
  private static final String SAMPLES = "fixtures.validation.types.Samples";
  private static final String S = SAMPLES + ".";

  /** The problems of each field of Samples, by field name, in declaration order. */
  private static Map<String, List<Problem>> problems;

  @BeforeAll
  static void checkEverySample() {
    Collector collector = new Collector();
    Compilation compilation =
        javac().withProcessors(collector).compile(fixture("types/Samples.java"));
    assertThat(compilation).succeeded();
    problems = collector.problems;
    assertThat(problems).isNotEmpty();
  }

  static Stream<String> storable() {
    return Stream.of(
        "primitive",
        "boxed",
        "boxedChar",
        "string",
        "bytes",
        "chars",
        "bigDecimal",
        "bigInteger",
        "uuid",
        "uri",
        "url",
        "locale",
        "currency",
        "instant",
        "duration",
        "localDate",
        "localDateTime",
        "localTime",
        "offsetDateTime",
        "zonedDateTime",
        "period",
        "year",
        "yearMonth",
        "monthDay",
        "zoneId",
        "zoneOffset",
        "dayOfWeek",
        "month",
        "utilDate",
        "optional",
        "optionalInt",
        "optionalLong",
        "optionalDouble",
        "collection",
        "list",
        "set",
        "sortedSet",
        "navigableSet",
        "queue",
        "deque",
        "arrayList",
        "linkedList",
        "hashSet",
        "linkedHashSet",
        "treeSet",
        "arrayDeque",
        "enumSet",
        "map",
        "sortedMap",
        "navigableMap",
        "hashMap",
        "linkedHashMap",
        "treeMap",
        "enumMap",
        "concurrentHashMap",
        "nestedGenerics",
        "boundedWildcards",
        "jsonNode",
        "objectNode",
        "arrayNode",
        "enumType",
        "record",
        "recursiveRecord",
        "genericRecord",
        "recordArray",
        "listArray",
        "bean",
        "jsonCreatorConstructor",
        "jsonCreatorFactory",
        "jsonTypeInfoInterface",
        "jsonTypeInfoOnSupertype",
        "jsonDeserialize",
        "inheritedGenericFields",
        "ignoredFields",
        "ignoredComponents",
        "collectionSubclass",
        "visible");
  }

  static Stream<Arguments> notStorable() {
    return Stream.of(
        arguments("object", TypeMessages.TYPE_TOO_GENERAL, "java.lang.Object", ""),
        arguments("typeVariable", TypeMessages.TYPE_TOO_GENERAL, "T", ""),
        arguments("unboundedWildcard", TypeMessages.TYPE_TOO_GENERAL, "?", " in java.util.List<?>"),
        arguments(
            "superWildcard",
            TypeMessages.TYPE_TOO_GENERAL,
            "? super " + S + "Point",
            " in java.util.List<? super " + S + "Point>"),
        arguments(
            "optionalOfObject",
            TypeMessages.TYPE_TOO_GENERAL,
            "java.lang.Object",
            " in java.util.Optional<java.lang.Object>"),
        arguments("rawList", TypeMessages.TYPE_RAW, "java.util.List", ""),
        arguments("rawMap", TypeMessages.TYPE_RAW, "java.util.Map", ""),
        arguments("rawOptional", TypeMessages.TYPE_RAW, "java.util.Optional", ""),
        arguments("rawBox", TypeMessages.TYPE_RAW, S + "Box", ""),
        arguments("inputStream", TypeMessages.TYPE_LIVE_OBJECT, "java.io.InputStream", ""),
        arguments("reader", TypeMessages.TYPE_LIVE_OBJECT, "java.io.Reader", ""),
        arguments("writer", TypeMessages.TYPE_LIVE_OBJECT, "java.io.Writer", ""),
        arguments("channel", TypeMessages.TYPE_LIVE_OBJECT, "java.nio.channels.SocketChannel", ""),
        arguments("socket", TypeMessages.TYPE_LIVE_OBJECT, "java.net.Socket", ""),
        arguments("connection", TypeMessages.TYPE_LIVE_OBJECT, "java.sql.Connection", ""),
        arguments("closeable", TypeMessages.TYPE_LIVE_OBJECT, "java.io.Closeable", ""),
        arguments(
            "stream",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.util.stream.Stream<java.lang.String>",
            ""),
        arguments("intStream", TypeMessages.TYPE_LIVE_OBJECT, "java.util.stream.IntStream", ""),
        arguments("thread", TypeMessages.TYPE_LIVE_OBJECT, "java.lang.Thread", ""),
        arguments("threadGroup", TypeMessages.TYPE_LIVE_OBJECT, "java.lang.ThreadGroup", ""),
        arguments("classLoader", TypeMessages.TYPE_LIVE_OBJECT, "java.lang.ClassLoader", ""),
        arguments("type", TypeMessages.TYPE_LIVE_OBJECT, "java.lang.Class<?>", ""),
        arguments(
            "future",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.util.concurrent.Future<java.lang.String>",
            ""),
        arguments(
            "completableFuture",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.util.concurrent.CompletableFuture<java.lang.String>",
            ""),
        arguments("executor", TypeMessages.TYPE_LIVE_OBJECT, "java.util.concurrent.Executor", ""),
        arguments(
            "executorService",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.util.concurrent.ExecutorService",
            ""),
        arguments(
            "iterator", TypeMessages.TYPE_ITERATOR, "java.util.Iterator<java.lang.String>", ""),
        arguments(
            "iterable", TypeMessages.TYPE_ITERATOR, "java.lang.Iterable<java.lang.String>", ""),
        arguments("runnable", TypeMessages.TYPE_FUNCTIONAL, "java.lang.Runnable", ""),
        arguments(
            "function",
            TypeMessages.TYPE_FUNCTIONAL,
            "java.util.function.Function<java.lang.String, java.lang.String>",
            ""),
        arguments(
            "supplier",
            TypeMessages.TYPE_FUNCTIONAL,
            "java.util.function.Supplier<" + S + "Point>",
            ""),
        arguments(
            "comparator",
            TypeMessages.TYPE_FUNCTIONAL,
            "java.util.Comparator<java.lang.String>",
            ""),
        arguments("samWithoutAnnotation", TypeMessages.TYPE_FUNCTIONAL, S + "Callback", ""),
        arguments("interfaceType", TypeMessages.TYPE_ABSTRACT, S + "Shape", ""),
        arguments("abstractClass", TypeMessages.TYPE_ABSTRACT, S + "AbstractShape", ""),
        arguments("serializable", TypeMessages.TYPE_ABSTRACT, "java.io.Serializable", ""),
        arguments("charSequence", TypeMessages.TYPE_ABSTRACT, "java.lang.CharSequence", ""),
        arguments("innerClass", TypeMessages.TYPE_INNER_CLASS, S + "Inner", ""),
        arguments("noConstructor", TypeMessages.TYPE_NO_CONSTRUCTOR, S + "NoConstructor", ""),
        arguments("accessorOnly", TypeMessages.TYPE_NO_PROPERTIES, S + "AccessorOnly", ""),
        arguments("hidden", TypeMessages.TYPE_NO_PROPERTIES, S + "Hidden", ""),
        arguments(
            "recordKey",
            TypeMessages.TYPE_MAP_KEY,
            S + "Point",
            " in java.util.Map<" + S + "Point, java.lang.String>"),
        arguments(
            "dateKey",
            TypeMessages.TYPE_MAP_KEY,
            "java.time.LocalDate",
            " in java.util.Map<java.time.LocalDate, java.lang.String>"),
        arguments(
            "fieldOfClass",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.lang.Thread",
            " in field 'worker' of " + S + "Job"),
        arguments(
            "fieldOfClassInList",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.lang.Thread",
            " in field 'worker' of " + S + "Job in java.util.List<" + S + "Job>"),
        arguments(
            "componentOfRecord",
            TypeMessages.TYPE_TOO_GENERAL,
            "java.lang.Object",
            " in component 'payload' of " + S + "Wrapper"),
        arguments(
            "componentOfGenericRecord",
            TypeMessages.TYPE_TOO_GENERAL,
            "java.lang.Object",
            " in component 'value' of " + S + "Box<java.lang.Object>"),
        arguments(
            "collectionSubclassOfThreads",
            TypeMessages.TYPE_LIVE_OBJECT,
            "java.lang.Thread",
            " in " + S + "ThreadList"),
        arguments(
            "mapValue",
            TypeMessages.TYPE_FUNCTIONAL,
            "java.lang.Runnable",
            " in java.util.Map<java.lang.String, java.lang.Runnable>"));
  }

  @ParameterizedTest
  @MethodSource("storable")
  void storable(String field) {
    assertThat(problems).containsKey(field);
    assertThat(problems.get(field)).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("notStorable")
  void notStorable(String field, TypeMessages message, String type, String path) {
    assertThat(problems).containsKey(field);
    assertThat(problems.get(field)).containsExactly(new Problem(message, type, path));
  }

  @Test
  void everyProblemOfATypeIsReported() {
    assertThat(problems.get("twoProblems"))
        .containsExactly(
            new Problem(
                TypeMessages.TYPE_LIVE_OBJECT,
                "java.lang.Thread",
                " in field 'worker' of " + S + "TwoProblems"),
            new Problem(
                TypeMessages.TYPE_FUNCTIONAL,
                "java.lang.Runnable",
                " in field 'callback' of " + S + "TwoProblems"))
        .inOrder();
  }

  @Test
  void everySampleIsExpectedToPassOrFail() {
    Set<String> covered =
        Stream.concat(storable(), notStorable().map(a -> (String) a.get()[0]))
            .collect(Collectors.toSet());
    covered.add("twoProblems");
    assertThat(covered).containsExactlyElementsIn(problems.keySet());
  }

  /** Runs StorableTypes on the type of every instance field of Samples. */
  @javax.annotation.processing.SupportedAnnotationTypes("*")
  private static final class Collector extends AbstractProcessor {
    final Map<String, List<Problem>> problems = new LinkedHashMap<>();

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      TypeElement samples = processingEnv.getElementUtils().getTypeElement(SAMPLES);
      if (round.processingOver() || samples == null || !problems.isEmpty()) {
        return false;
      }
      StorableTypes storable = new StorableTypes(processingEnv);
      for (VariableElement field : ElementFilter.fieldsIn(samples.getEnclosedElements())) {
        problems.put(field.getSimpleName().toString(), storable.problemsOf(field.asType()));
      }
      return false;
    }
  }
}
