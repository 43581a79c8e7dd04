package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * An engine built, started and closed in a child JVM on the test class path, for tests of what a
 * process prints: the child's log is its own, configured by the options it is started with.
 */
final class EngineJvm {
  private EngineJvm() {}

  /**
   * Everything a child JVM printed (standard output and error) while it built, started and closed
   * an engine on {@code url}, with {@code user} and {@code password} unless empty.
   *
   * @param options JVM options, such as the SLF4J simple logger's level
   * @param slf4jProvider whether slf4j-simple stays on the class path
   */
  static String output(List<String> options, boolean slf4jProvider, String url, String user,
      String password) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:TieredStopAtLevel=1");
    command.addAll(options);
    command.add("-cp");
    command.add(slf4jProvider ? System.getProperty("java.class.path") : classPathWithoutProvider());
    command.addAll(List.of(EngineJvm.class.getName(), url, user, password));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(1, TimeUnit.MINUTES), "the child JVM did not end");
    assertEquals(0, process.exitValue(), output);
    return output;
  }

  /** The test class path as Surefire lists it, less slf4j-simple. */
  private static String classPathWithoutProvider() {
    String classPath = System.getProperty("surefire.test.class.path");
    assertTrue(classPath != null, "run by Maven Surefire, which names the test class path");
    return Arrays.stream(classPath.split(File.pathSeparator))
        .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("slf4j-simple"))
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** The child: {@code <url> <user> <password>}, the last two empty for none. */
  public static void main(String[] args) {
    DurableEngine.Builder builder = DurableEngine.builder().jdbcUrl(args[0]).discover(false);
    if (!args[1].isEmpty()) {
      builder.user(args[1]).password(args[2]);
    }
    try (DurableEngine engine = builder.build()) {
      engine.start();
    }
  }
}
