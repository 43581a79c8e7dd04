package dev.durable.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.spi.WorkflowRuns;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Micrometer and OpenTelemetry are optional dependencies: an engine and a worker that configure
 * neither build, run local and dispatched steps, and close in a JVM whose class path has neither
 * library.
 */
class WithoutTheLibrariesTest {

  @Test
  void anEngineAndAWorkerRunWithoutMicrometerOrOpenTelemetryOnTheClassPath() throws Exception {
    String classPath = System.getProperty("surefire.test.class.path");
    assertTrue(classPath != null, "run by Maven Surefire, which names the test class path");
    List<String> entries = Arrays.asList(classPath.split(File.pathSeparator));
    assertTrue(entries.stream().anyMatch(WithoutTheLibrariesTest::isObservability),
        "the test class path has the libraries, for this test to take them away");
    String without = entries.stream()
        .filter(entry -> !isObservability(entry))
        .collect(Collectors.joining(File.pathSeparator));

    Process process = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-cp", without, WithoutTheLibrariesTest.class.getName())
        .redirectErrorStream(true)
        .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(1, TimeUnit.MINUTES), "the child JVM did not end");
    assertEquals(0, process.exitValue(), output);
    assertTrue(output.contains("charged 42"), output);
    assertFalse(output.contains("NoClassDefFoundError"), output);
  }

  private static boolean isObservability(String entry) {
    String name = Path.of(entry).getFileName().toString();
    return name.startsWith("micrometer-") || name.startsWith("opentelemetry-");
  }

  /** The child: runs a local and a dispatched step, and prints their results. */
  public static void main(String[] args) {
    String url = "jdbc:h2:mem:without-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(url).discover(false)
            .register(new Workflows.Flaky()).register(new Workflows.Remote())
            .pollInterval(Duration.ofMillis(50)).build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(url)
            .handle("pricing.quote", (task, input) -> "\"42\"").build()) {
      engine.start();
      worker.start();
      String charged = WorkflowRuns.of(engine, Workflows.Flaky.TYPE).start(new Object[] {})
          .await(Duration.ofSeconds(30));
      String quoted = WorkflowRuns.of(engine, Workflows.Remote.TYPE).start(new Object[] {})
          .await(Duration.ofSeconds(30));
      System.out.println(charged + " " + quoted);
    }
  }
}
