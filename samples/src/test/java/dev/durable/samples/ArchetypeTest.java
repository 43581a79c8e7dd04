package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project template works on a fresh machine: {@code mvn archetype:generate} with
 * durable-archetype, then {@code mvn verify} and {@code mvn exec:java} (its App, which runs one
 * order to its end and leaves no run unfinished in its store) in the generated project, all with the Maven running this build and on Durable's artifacts as this build just
 * made them ({@link BuiltArtifacts}).
 */
class ArchetypeTest {
  /** The archetype, and what the generated project depends on: runtime, processor, test kit. */
  private static final List<String> MODULES = List.of(
      "durable-archetype", "durable-annotations", "durable-runtime", "durable-processor",
      "durable-test");
  private static final String ARCHETYPE_PLUGIN =
      "org.apache.maven.plugins:maven-archetype-plugin:3.4.1:generate";
  private static final Pattern TESTS_RUN =
      Pattern.compile("tests=\"(\\d+)\" errors=\"0\" skipped=\"0\" failures=\"0\"");

  @TempDir
  Path temp;

  @Test
  void theGeneratedProjectBuildsAndPassesItsTests() throws Exception {
    Path project = temp.resolve("orders");
    String output;
    try (BuiltArtifacts built = BuiltArtifacts.of(temp, MODULES)) {
      built.maven(temp, "-q", ARCHETYPE_PLUGIN,
          "-DarchetypeGroupId=dev.durable",
          "-DarchetypeArtifactId=durable-archetype",
          "-DarchetypeVersion=" + BuiltArtifacts.version(),
          "-DgroupId=com.acme", "-DartifactId=orders", "-Dversion=1.0-SNAPSHOT",
          "-Dpackage=com.acme.orders", "-DinteractiveMode=false");
      assertTrue(Files.isRegularFile(project.resolve("pom.xml")), "no project was generated");
      assertTrue(Files.readString(project.resolve("pom.xml"))
              .contains("<durable.version>" + BuiltArtifacts.version() + "</durable.version>"),
          "the project builds on this archetype's Durable version");
      output = built.maven(project, "-q", "verify");
      String app = built.maven(project, "-q", "exec:java");
      assertTrue(app.matches("(?s).*order-\\d+: shipped reservation of socks \\(COMPLETED\\)\n.*"),
          "App prints its order's result once it completed:\n" + app);
    }

    // the one run App started, in the store App used, ended: App leaves nothing running behind
    try (DurableEngine store = DurableEngine.builder()
        .jdbcUrl("jdbc:h2:" + project.resolve("durable-data/durable").toAbsolutePath())
        .discover(false)
        .build()) {
      List<RunInfo> runs = store.listRuns(RunFilter.all());
      assertEquals(1, runs.size(), runs::toString);
      assertEquals(RunState.COMPLETED, runs.get(0).status(), runs::toString);
    }

    assertTrue(Files.isRegularFile(
            project.resolve("target/classes/com/acme/orders/OrderWorkflowDurable.class")),
        "the processor did not run:\n" + output);
    Path report =
        project.resolve("target/surefire-reports/TEST-com.acme.orders.OrderWorkflowTest.xml");
    assertTrue(Files.isRegularFile(report), "Surefire ran no JUnit 5 test:\n" + output);
    Matcher suite = TESTS_RUN.matcher(Files.readString(report));
    assertTrue(suite.find() && Integer.parseInt(suite.group(1)) > 0,
        "expected the template's tests to run and pass: " + report);
  }
}
