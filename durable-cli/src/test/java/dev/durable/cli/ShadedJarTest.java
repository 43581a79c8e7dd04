package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar that {@code mvn package} makes runs on its own: {@code java -jar durable-cli.jar}. Run
 * after the package phase (the pom's {@code shaded-jar} execution), which names the jar in {@code
 * durable.cli.jar}.
 */
class ShadedJarTest {
  @TempDir Path directory;

  private record Exit(int code, String out, String err) {
    @Override
    public String toString() {
      return "exit " + code + "\n--- out:\n" + out + "--- err:\n" + err;
    }
  }

  private Exit java(String... args) throws IOException, InterruptedException {
    Path jar = Path.of(System.getProperty("durable.cli.jar", "target/durable-cli.jar"));
    assertTrue(Files.isRegularFile(jar), jar + " is missing: run mvn package first");
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
    command.addAll(List.of(args));
    Path out = directory.resolve("out.txt");
    Path err = directory.resolve("err.txt");
    Process process = new ProcessBuilder(command)
        .redirectOutput(out.toFile())
        .redirectError(err.toFile())
        .start();
    assertTrue(process.waitFor(3, TimeUnit.MINUTES), "java -jar did not end within 3 minutes");
    return new Exit(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void theJarShowsItsHelp() throws Exception {
    Exit help = java("--help");
    assertEquals(0, help.code(), help::toString);
    assertTrue(help.out().startsWith("Usage: durable-cli "), help::toString);
    assertTrue(help.out().contains("Exit codes:"), help::toString);
  }

  @Test
  void theJarListsTheRunsOfAStoreQuietly() throws Exception {
    String url = "jdbc:h2:file:" + directory.resolve("durable").toAbsolutePath();
    DurableEngine.builder().jdbcUrl(url).discover(false).build().close();   // an empty store
    Exit list = java("--jdbc-url", url, "list", "--json");
    assertEquals(0, list.code(), list::toString);
    assertEquals("{\n  \"runs\" : [ ],\n  \"nextAfter\" : null\n}\n", list.out());
    // its SLF4J provider is in the jar, and the log keeps to warnings
    assertEquals("", list.err());

    Exit unknown = java("--jdbc-url", url, "show", "nothing-here");
    assertEquals(1, unknown.code(), unknown::toString);
  }
}
