package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.CrashChild;
import dev.durable.tests.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run paused while its step is in flight on an engine in another JVM, which is then killed
 * (kill -9, {@code destroyForcibly}): the run stays paused, taken up by no engine, and once resumed
 * another JVM's engine finishes it, the step that was cut short running again as after any crash,
 * the completed ones not. On PostgreSQL, skipped with the reason when {@code DURABLE_PG_URL} is not
 * set.
 */
@OnPostgres
class PauseCrashTest {
  @TempDir Path dir;

  @Test
  void aRunPausedWhileItsEngineDiesStaysPausedAndOnceResumedAnotherEngineFinishesIt()
      throws Exception {
    try (TestDatabase db = TestDatabase.Kind.POSTGRESQL.open();
        DurableEngine operator = db.engine().build()) {
      Path journal = dir.resolve("journal.txt");
      Process first = CrashChild.launch("start", db.jdbcUrl(), journal, "paused-1", "hang", "lease=2000");
      CrashChild.awaitLine(first, "IN_PAYMENT");
      assertTrue(operator.pause("paused-1"));
      first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

      Process second = CrashChild.launch("resume", db.jdbcUrl(), journal, "paused-1", "");
      try {
        // the killed engine's lease ends; the run is still paused, and the second engine, polling
        // every 200 ms, takes it up only once it is resumed
        CrashChild.awaitLine(second, "READY");
        assertEquals(RunState.PAUSED, operator.getRunStatus("paused-1").run().status());
        assertTrue(operator.resume("paused-1"));
        assertEquals("RESULT:reserved lamp, paid, shipped", CrashChild.awaitLine(second, "RESULT:"));
        assertEquals(0, second.waitFor());
      } finally {
        second.destroyForcibly();
      }
      assertEquals(List.of("reserve", "pay", "pay", "ship"), Files.readAllLines(journal),
          "the payment cut short by the kill ran again; the reservation did not");
    }
  }
}
