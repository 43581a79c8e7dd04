package dev.durable.tests;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.testing.TestClock;
import dev.durable.tests.support.Script;
import dev.durable.tests.support.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs a behaviour test class once on H2 and once on PostgreSQL, each test on a fresh database,
 * with a test clock and a script for the test workflows' steps.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.tests.support.TestDatabase#all")
abstract class OnEachStore {
  static final Duration WAIT = Duration.ofSeconds(10);

  @Parameter TestDatabase.Kind kind;

  TestDatabase db;
  final TestClock clock = TestClock.at(Instant.parse("2026-01-05T09:00:00Z"));
  final Script script = new Script();

  @BeforeEach
  void openDatabase() {
    db = kind.open();
  }

  @AfterEach
  void closeDatabase() {
    if (db != null) {
      db.close();
    }
  }
}
