package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An application without an SLF4J provider yet, as a new project starts: the library's log,
 * Flyway's migrations included, goes to SLF4J, which says once that it has nowhere to write; no
 * library prints its INFO lines on the console by another route.
 */
class LogWithoutAProviderTest {

  @Test
  void flywayLogsThroughSlf4jSoOnlySlf4jsOwnNoticeIsPrinted() throws Exception {
    String output = EngineJvm.output(List.of(), false, "jdbc:h2:mem:no-provider", "", "");

    assertTrue(output.contains("No SLF4J providers were found"), output);
    assertTrue(output.lines().allMatch(line -> line.startsWith("SLF4J(")), output);
  }
}
