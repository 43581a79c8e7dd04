package dev.durable.processor.validation;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.durable.processor.validation.Fixtures.fixture;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.google.testing.compile.Compilation;
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
        arguments("object", Messages.TYPE_TOO_GENERAL, "java.lang.Object", ""),
        arguments("typeVariable", Messages.TYPE_TOO_GENERAL, "T", ""),
        arguments("unboundedWildcard", Messages.TYPE_TOO_GENERAL, "?", " in java.util.List<?>"),
        arguments(
            "superWildcard",
            Messages.TYPE_TOO_GENERAL,
            "? super " + S + "Point",
            " in java.util.List<? super " + S + "Point>"),
        arguments(
            "optionalOfObject",
            Messages.TYPE_TOO_GENERAL,
            "java.lang.Object",
            " in java.util.Optional<java.lang.Object>"),
        arguments("rawList", Messages.TYPE_RAW, "java.util.List", ""),
        arguments("rawMap", Messages.TYPE_RAW, "java.util.Map", ""),
        arguments("rawOptional", Messages.TYPE_RAW, "java.util.Optional", ""),
        arguments("rawBox", Messages.TYPE_RAW, S + "Box", ""),
        arguments("inputStream", Messages.TYPE_LIVE_OBJECT, "java.io.InputStream", ""),
        arguments("reader", Messages.TYPE_LIVE_OBJECT, "java.io.Reader", ""),
        arguments("writer", Messages.TYPE_LIVE_OBJECT, "java.io.Writer", ""),
        arguments("channel", Messages.TYPE_LIVE_OBJECT, "java.nio.channels.SocketChannel", ""),
        arguments("socket", Messages.TYPE_LIVE_OBJECT, "java.net.Socket", ""),
        arguments("connection", Messages.TYPE_LIVE_OBJECT, "java.sql.Connection", ""),
        arguments("closeable", Messages.TYPE_LIVE_OBJECT, "java.io.Closeable", ""),
        arguments(
            "stream", Messages.TYPE_LIVE_OBJECT, "java.util.stream.Stream<java.lang.String>", ""),
        arguments("intStream", Messages.TYPE_LIVE_OBJECT, "java.util.stream.IntStream", ""),
        arguments("thread", Messages.TYPE_LIVE_OBJECT, "java.lang.Thread", ""),
        arguments("threadGroup", Messages.TYPE_LIVE_OBJECT, "java.lang.ThreadGroup", ""),
        arguments("classLoader", Messages.TYPE_LIVE_OBJECT, "java.lang.ClassLoader", ""),
        arguments("type", Messages.TYPE_LIVE_OBJECT, "java.lang.Class<?>", ""),
        arguments(
            "future",
            Messages.TYPE_LIVE_OBJECT,
            "java.util.concurrent.Future<java.lang.String>",
            ""),
        arguments(
            "completableFuture",
            Messages.TYPE_LIVE_OBJECT,
            "java.util.concurrent.CompletableFuture<java.lang.String>",
            ""),
        arguments("executor", Messages.TYPE_LIVE_OBJECT, "java.util.concurrent.Executor", ""),
        arguments(
            "executorService",
            Messages.TYPE_LIVE_OBJECT,
            "java.util.concurrent.ExecutorService",
            ""),
        arguments("iterator", Messages.TYPE_ITERATOR, "java.util.Iterator<java.lang.String>", ""),
        arguments("iterable", Messages.TYPE_ITERATOR, "java.lang.Iterable<java.lang.String>", ""),
        arguments("runnable", Messages.TYPE_FUNCTIONAL, "java.lang.Runnable", ""),
        arguments(
            "function",
            Messages.TYPE_FUNCTIONAL,
            "java.util.function.Function<java.lang.String, java.lang.String>",
            ""),
        arguments(
            "supplier",
            Messages.TYPE_FUNCTIONAL,
            "java.util.function.Supplier<" + S + "Point>",
            ""),
        arguments(
            "comparator", Messages.TYPE_FUNCTIONAL, "java.util.Comparator<java.lang.String>", ""),
        arguments("samWithoutAnnotation", Messages.TYPE_FUNCTIONAL, S + "Callback", ""),
        arguments("interfaceType", Messages.TYPE_ABSTRACT, S + "Shape", ""),
        arguments("abstractClass", Messages.TYPE_ABSTRACT, S + "AbstractShape", ""),
        arguments("serializable", Messages.TYPE_ABSTRACT, "java.io.Serializable", ""),
        arguments("charSequence", Messages.TYPE_ABSTRACT, "java.lang.CharSequence", ""),
        arguments("innerClass", Messages.TYPE_INNER_CLASS, S + "Inner", ""),
        arguments("noConstructor", Messages.TYPE_NO_CONSTRUCTOR, S + "NoConstructor", ""),
        arguments("accessorOnly", Messages.TYPE_NO_PROPERTIES, S + "AccessorOnly", ""),
        arguments("hidden", Messages.TYPE_NO_PROPERTIES, S + "Hidden", ""),
        arguments(
            "recordKey",
            Messages.TYPE_MAP_KEY,
            S + "Point",
            " in java.util.Map<" + S + "Point, java.lang.String>"),
        arguments(
            "dateKey",
            Messages.TYPE_MAP_KEY,
            "java.time.LocalDate",
            " in java.util.Map<java.time.LocalDate, java.lang.String>"),
        arguments(
            "fieldOfClass",
            Messages.TYPE_LIVE_OBJECT,
            "java.lang.Thread",
            " in field 'worker' of " + S + "Job"),
        arguments(
            "fieldOfClassInList",
            Messages.TYPE_LIVE_OBJECT,
            "java.lang.Thread",
            " in field 'worker' of " + S + "Job in java.util.List<" + S + "Job>"),
        arguments(
            "componentOfRecord",
            Messages.TYPE_TOO_GENERAL,
            "java.lang.Object",
            " in component 'payload' of " + S + "Wrapper"),
        arguments(
            "componentOfGenericRecord",
            Messages.TYPE_TOO_GENERAL,
            "java.lang.Object",
            " in component 'value' of " + S + "Box<java.lang.Object>"),
        arguments(
            "collectionSubclassOfThreads",
            Messages.TYPE_LIVE_OBJECT,
            "java.lang.Thread",
            " in " + S + "ThreadList"),
        arguments(
            "mapValue",
            Messages.TYPE_FUNCTIONAL,
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
  void notStorable(String field, Messages message, String type, String path) {
    assertThat(problems).containsKey(field);
    assertThat(problems.get(field)).containsExactly(new Problem(message, type, path));
  }

  @Test
  void everyProblemOfATypeIsReported() {
    assertThat(problems.get("twoProblems"))
        .containsExactly(
            new Problem(
                Messages.TYPE_LIVE_OBJECT,
                "java.lang.Thread",
                " in field 'worker' of " + S + "TwoProblems"),
            new Problem(
                Messages.TYPE_FUNCTIONAL,
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
