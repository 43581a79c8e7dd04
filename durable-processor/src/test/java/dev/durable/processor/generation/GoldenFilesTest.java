package dev.durable.processor.generation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compares generated sources, exactly, with the reviewed golden files under {@code
 * src/test/resources/goldens}.
 *
 * <p>To change a golden on purpose, run {@code mvn test -Ddurable.updateGoldens=true}: each golden
 * that differs is rewritten and its test fails, so that the run cannot pass unnoticed; review the
 * diff ({@code git diff}), then run the tests again without the flag.
 */
class GoldenFilesTest {
  private static final boolean UPDATE = Boolean.getBoolean("durable.updateGoldens");
  private static final Map<Fixtures, Compilation> COMPILATIONS = new EnumMap<>(Fixtures.class);

  static Stream<Arguments> goldens() {
    return Stream.of(
        arguments(Fixtures.CHECKOUT, "com.acme.CheckoutWorkflowDurable"),
        arguments(Fixtures.CHECKOUT, "com.acme.CheckoutWorkflowClient"),
        arguments(Fixtures.CHECKOUT, "com.acme.CheckoutWorkflowCodecs"),
        arguments(Fixtures.EDGE, "com.acme.edge.Outer_InnerDurable"),
        arguments(Fixtures.EDGE, "com.acme.edge.Outer_InnerClient"),
        arguments(Fixtures.EDGE, "com.acme.edge.Outer_InnerCodecs"),
        arguments(Fixtures.PRIMITIVE, "com.acme.edge.PrimitiveWorkflowDurable"),
        arguments(Fixtures.PRIMITIVE, "com.acme.edge.PrimitiveWorkflowClient"),
        arguments(Fixtures.NAMING, "com.acme.naming.NamingWorkflowDurable"),
        arguments(Fixtures.NAMING, "com.acme.naming.NamingWorkflowCodecs"),
        arguments(Fixtures.SIGNUP, "com.acme.valid.SignupWorkflowDurable"),
        arguments(Fixtures.SIGNUP, "com.acme.valid.SignupWorkflowCodecs"),
        arguments(Fixtures.SCHEDULED, "com.acme.schedule.NightlyReportDurable"),
        arguments(Fixtures.SIGNALS, "com.acme.signal.ApprovalWorkflowDurable"),
        arguments(Fixtures.SIGNALS, "com.acme.signal.ApprovalWorkflowClient"),
        arguments(Fixtures.LOOP, "com.acme.loop.CounterWorkflowClient"),
        arguments(Fixtures.CONTRACT, "com.acme.contract.ShippingStepsDispatch"),
        arguments(Fixtures.CONTRACT, "com.acme.contract.ShippingStepsCodecs"),
        arguments(Fixtures.CONTRACT, "com.acme.contract.ShippingStepsWorker"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("goldens")
  void generatedSourceMatchesGolden(Fixtures fixture, String className) throws IOException {
    Compilation compilation = COMPILATIONS.computeIfAbsent(fixture, f -> f.compile());
    assertThat(compilation).succeededWithoutWarnings();
    String actual = Fixtures.generatedSource(compilation, className);
    String relative = className.replace('.', '/') + ".java";

    if (UPDATE) {
      Path golden = goldensDirectory().resolve(relative);
      if (!Files.exists(golden) || !Files.readString(golden).equals(actual)) {
        Files.createDirectories(golden.getParent());
        Files.writeString(golden, actual);
        fail(
            "updated "
                + golden
                + ": review the diff, then run the tests again without -Ddurable.updateGoldens");
      }
      return;
    }
    assertEquals(
        readGolden(relative),
        actual,
        () ->
            className
                + " differs from its golden "
                + relative
                + "; if the change is intended, run the tests with -Ddurable.updateGoldens=true"
                + " and review the diff");
  }

  /** The golden from the source tree when the build names it, else from the class path. */
  private static String readGolden(String relative) throws IOException {
    String directory = System.getProperty("durable.goldens");
    if (directory != null) {
      Path golden = Path.of(directory).resolve(relative);
      if (!Files.exists(golden)) {
        fail(golden + " does not exist; create it with -Ddurable.updateGoldens=true");
      }
      return Files.readString(golden);
    }
    String resource = "goldens/" + relative;
    try (InputStream in = GoldenFilesTest.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        fail(resource + " is not on the class path; create it with -Ddurable.updateGoldens=true");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static Path goldensDirectory() {
    String directory = System.getProperty("durable.goldens");
    if (directory == null) {
      fail("-Ddurable.updateGoldens=true needs -Ddurable.goldens, the goldens directory (the build"
          + " sets it)");
    }
    return Path.of(directory);
  }
}
