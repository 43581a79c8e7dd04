package dev.durable.runtime.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The store's layout, read from its sources (every room of {@code internal/store}): what differs
 * between H2 and PostgreSQL is the dialect's alone (the interface {@code store.sql.Dialect} and the
 * package {@code store.dialect}), the notifications
 * are written in one place, each table is named only in its catalogue, which names it with the
 * store's schema as it is built, and no statement is rewritten as it is sent.
 */
class StoreLayoutTest {
  private static final Path SOURCES =
      Path.of("src", "main", "java", "dev", "durable", "runtime", "internal", "store");
  /** Each table, and the catalogue that alone spells its name. */
  private static final Map<String, String> TABLES = Map.ofEntries(
      Map.entry("durable_runs", "RunsTable"),
      Map.entry("durable_steps", "StepsTable"),
      Map.entry("durable_events", "EventsTable"),
      Map.entry("durable_tasks", "TasksTable"),
      Map.entry("durable_signals", "SignalsTable"),
      Map.entry("durable_schedules", "SchedulesTable"),
      Map.entry("durable_schedule_runs", "SchedulesTable"),
      Map.entry("durable_run_attributes", "AttributesTable"),
      Map.entry("durable_run_values", "RunValuesTable"),
      Map.entry("durable_queues", "QueuesTable"),
      Map.entry("durable_queue_engines", "QueueEngines"),
      Map.entry("durable_queue_slots", "QueueSlotsTable"),
      Map.entry("durable_queue_permits", "QueueSlotsTable"),
      Map.entry("durable_workflow_shapes", "WorkflowShapesTable"),
      Map.entry("durable_workflow_signals", "WorkflowSignalsTable"));

  /** Each source file's code, its comments left out and its literals kept, by class name. */
  private static Map<String, String> code;

  @BeforeAll
  static void readSources() throws IOException {
    code = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = file.getFileName().toString().replace(".java", "");
        String room = SOURCES.relativize(file.getParent()).toString();
        code.put(room.equals("dialect") ? "dialect." + name : name,
            withoutComments(Files.readString(file)));
      }
    }
  }

  @Test
  void everyRoomOfTheStoreIsRead() {
    assertTrue(code.keySet().containsAll(TABLES.values()), "catalogues read: " + code.keySet());
    assertTrue(code.keySet().stream().anyMatch(name -> name.startsWith("dialect.")));
  }

  @Test
  void onlyTheDialectKnowsWhichDatabaseItIs() {
    Pattern asks = Pattern.compile("Dialect\\.Form|\\bForm\\.|instanceof\\s+(PostgresDialect|H2Dialect)"
        + "|\\b(PostgresDialect|H2Dialect)\\b|getDatabaseProductName|\"PostgreSQL\"|\"H2\"");
    assertEquals(List.of(), outsideTheDialect(asks));
  }

  @Test
  void theNotificationsAreWrittenInOnePlace() {
    assertEquals(List.of(), filesMatching(Pattern.compile("pg_notify|NOTIFY\\s"),
        "dialect.PostgresNotifications"));
  }

  @Test
  void eachTableIsNamedOnlyInItsCatalogue() {
    TABLES.forEach((table, catalogue) -> assertEquals(List.of(),
        filesMatching(Pattern.compile("\\b" + table + "\\b"), catalogue), table));
  }

  @Test
  void noStatementIsRewrittenAsItIsSent() {
    assertEquals(List.of(), filesMatching(
        Pattern.compile("Proxy\\.newProxyInstance|java\\.lang\\.reflect\\.Proxy"), null));
  }

  @Test
  void noTextIsFormattedAsItIsSent() {
    assertEquals(List.of(), filesMatching(Pattern.compile("String\\.format\\("), null));
  }

  private static List<String> outsideTheDialect(Pattern pattern) {
    return code.entrySet().stream()
        .filter(e -> !e.getKey().equals("Dialect") && !e.getKey().startsWith("dialect."))
        .filter(e -> pattern.matcher(e.getValue()).find())
        .map(Map.Entry::getKey)
        .toList();
  }

  /** The files whose code matches {@code pattern}, but {@code allowed} (null: none). */
  private static List<String> filesMatching(Pattern pattern, String allowed) {
    return code.entrySet().stream()
        .filter(e -> !e.getKey().equals(allowed))
        .filter(e -> pattern.matcher(e.getValue()).find())
        .map(Map.Entry::getKey)
        .toList();
  }

  /** {@code source} without its comments; its literals (text blocks too) as they are. */
  private static String withoutComments(String source) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < source.length()) {
      if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? source.length() : end;
      } else if (source.startsWith("/*", i)) {
        i = source.indexOf("*/", i + 2) + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3) + 3;
        out.append(source, i, end);
        i = end;
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        char quote = source.charAt(i);
        int end = i + 1;
        while (source.charAt(end) != quote) {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        out.append(source, i, end + 1);
        i = end + 1;
      } else {
        out.append(source.charAt(i++));
      }
    }
    return out.toString();
  }
}
