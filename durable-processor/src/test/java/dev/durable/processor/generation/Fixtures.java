package dev.durable.processor.generation;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.durable.processor.DurableProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * The valid workflows under {@code src/test/resources/fixtures/generation}, in sets that compile on
 * their own, and how the tests compile them with the processor.
 */
enum Fixtures {
  CHECKOUT(
      1,
      "com/acme/CheckoutWorkflow",
      "com/acme/Order",
      "com/acme/Quote",
      "com/acme/Charge",
      "com/acme/PricingClient",
      "com/acme/DeclinedException"),
  /** The nested workflow Outer.Inner and its edge cases. */
  EDGE(1, "com/acme/edge/Outer", "com/acme/Order"),
  /** A package-private workflow with primitive, generic and clashing @Run parameters. */
  PRIMITIVE(1, "com/acme/edge/PrimitiveWorkflow", "com/acme/Order"),
  /** A variable-arity @Run method; no discoverable constructor. */
  GREETING(1, "com/acme/edge/GreetingWorkflow"),
  /** Member types inherited from a superclass hide the types generated code uses. */
  SHADOWED(1, "com/acme/edge/ShadowedWorkflow", "com/acme/edge/Base", "com/acme/Order"),
  /** Codec and step constants whose names clash. */
  NAMING(
      1,
      "com/acme/naming/NamingWorkflow",
      "com/acme/naming/Types",
      "com/other/Order",
      "com/acme/Order"),
  /** Types that carry Jakarta constraints and types that do not. */
  SIGNUP(
      1,
      "com/acme/valid/SignupWorkflow",
      "com/acme/valid/Signup",
      "com/acme/valid/Receipt",
      "com/acme/valid/Tags",
      "com/acme/valid/Plain"),
  /** A deprecated workflow, and one whose constructor, @Run and a step are deprecated. */
  DEPRECATED(2, "com/acme/edge/RetiredWorkflow", "com/acme/edge/DeprecatedMembersWorkflow"),
  /** A workflow with two schedules, whose run takes its fire time. */
  SCHEDULED(1, "com/acme/schedule/NightlyReport"),
  /** Signals with and without a limit, named, primitive, throwing and deprecated. */
  SIGNALS(1, "com/acme/signal/ApprovalWorkflow", "com/acme/Quote"),
  /** A workflow whose @Run method starts the run over through its own client. */
  LOOP(1, "com/acme/loop/CounterWorkflow"),
  /** A step contract: generic, void, primitive and throwing steps, and a default helper. */
  CONTRACT(0, 1, "com/acme/contract/ShippingSteps", "com/acme/Order", "com/acme/Quote");

  static final String SERVICES = "META-INF/services/dev.durable.runtime.spi.DurableWorkflow";

  private final int workflows;
  private final int contracts;
  private final List<String> paths;

  Fixtures(int workflows, String... paths) {
    this(workflows, 0, paths);
  }

  Fixtures(int workflows, int contracts, String... paths) {
    this.workflows = workflows;
    this.contracts = contracts;
    this.paths = List.of(paths);
  }

  /** How many files the processor generates for the fixture: 3 per workflow, 3 per contract. */
  int generatedFiles() {
    return 3 * workflows + 3 * contracts;
  }

  /** How many workflows the fixture declares. */
  int workflows() {
    return workflows;
  }

  /** The fixture's source files. */
  List<JavaFileObject> sources() {
    return paths.stream().map(Fixtures::source).toList();
  }

  /** A fixture file, by path without {@code .java}. */
  static JavaFileObject source(String path) {
    return JavaFileObjects.forResource("fixtures/generation/" + path + ".java");
  }

  /** Compiles this fixture with the processor, with {@code options}. */
  Compilation compile(String... options) {
    return compile(sources(), options);
  }

  /** Compiles every fixture together, and the fixture files {@code extra}, with the processor. */
  static Compilation compileAll(List<String> extra, String... options) {
    List<JavaFileObject> sources =
        Stream.concat(Arrays.stream(values()).flatMap(f -> f.paths.stream()), extra.stream())
            .distinct()
            .map(Fixtures::source)
            .toList();
    return compile(sources, options);
  }

  static Compilation compile(List<JavaFileObject> sources, String... options) {
    return javac()
        .withProcessors(new DurableProcessor())
        .withOptions(Arrays.asList(options))
        .compile(sources);
  }

  /** The text of a generated source file, by qualified class name. */
  static String generatedSource(Compilation compilation, String className) {
    JavaFileObject file =
        compilation
            .generatedSourceFile(className)
            .orElseThrow(() -> new AssertionError(className + " was not generated"));
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The generated {@code META-INF/services} file, if any. */
  static Optional<String> services(Compilation compilation) {
    return resource(compilation, SERVICES);
  }

  /** The generated resource {@code path}, if any. */
  static Optional<String> resource(Compilation compilation, String path) {
    return compilation
        .generatedFile(StandardLocation.CLASS_OUTPUT, path)
        .map(
            file -> {
              try (InputStream in = file.openInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
  }
}
