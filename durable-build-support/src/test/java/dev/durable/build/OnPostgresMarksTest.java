package dev.durable.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every test class of the repository that has a PostgreSQL variant is marked {@link OnPostgres}
 * (or extends a class that is): the PostgreSQL half of CI ({@code mvn verify -Ppostgres}) runs
 * only what is marked, so an unmarked class would run on PostgreSQL nowhere.
 */
class OnPostgresMarksTest {
  /** What a test class with a PostgreSQL variant names: the variable, a kind, a store list. */
  private static final Pattern ON_POSTGRES = Pattern.compile(
      "DURABLE_PG_URL|PG_URL_VARIABLE|\\.POSTGRESQL\\b|\"[\\w.]+#(all|kinds|pooled)\"");
  private static final Pattern MARKED = Pattern.compile("@OnPostgres|extends OnEachStore\\b");

  @Test
  void everyTestClassWithAPostgresVariantIsMarked() throws IOException {
    Path root = Path.of("..").toRealPath();
    List<Path> tests;
    try (Stream<Path> files = Files.walk(root)) {
      tests = files
          .filter(path -> path.toString().replace('\\', '/').contains("/src/test/java/"))
          .filter(path -> path.getFileName().toString().endsWith("Test.java"))
          .filter(path -> !path.toString().contains("/target/"))
          .sorted()
          .toList();
    }
    assertTrue(tests.size() > 100, "found only " + tests.size() + " test classes under " + root);
    List<String> unmarked = tests.stream()
        // these two name the variable only to test the notice and this check
        .filter(path -> !List.of("OnPostgresMarksTest.java", "PostgresSkipNoticeTest.java")
            .contains(path.getFileName().toString()))
        .filter(path -> ON_POSTGRES.matcher(read(path)).find())
        .filter(path -> !MARKED.matcher(read(path)).find())
        .map(path -> root.relativize(path).toString())
        .toList();
    assertEquals(List.of(), unmarked, "test classes with a PostgreSQL variant but no @OnPostgres");
  }

  private static String read(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
