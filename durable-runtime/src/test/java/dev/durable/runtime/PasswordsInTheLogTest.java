package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A database password, in the JDBC URL or given to the builder, appears in no log line and no
 * error message. The log is read from an engine in a child JVM ({@link EngineJvm}) whose SLF4J
 * simple logger writes every logger's lines at the level asked for, libraries' included, as an
 * application's log would show them.
 */
class PasswordsInTheLogTest {
  private static final String SECRET = "pw-" + UUID.randomUUID();

  @Test
  void thePasswordInAnH2UrlIsMaskedInTheEnginesReadyLine() throws Exception {
    String url = "jdbc:h2:mem:passwords;USER=sa;PASSWORD=" + SECRET;

    String log = engineLog("info", url, "", "");

    String shown = "jdbc:h2:mem:passwords;USER=sa;PASSWORD=********";
    assertTrue(log.contains("ready on " + shown), log);
    assertFalse(log.contains(SECRET), log);
  }

  @OnPostgres
  @Test
  void thePasswordInAPostgresUrlIsMaskedInTheEnginesReadyLine() throws Exception {
    String pgUrl = System.getenv("DURABLE_PG_URL");
    assumeTrue(pgUrl != null && !pgUrl.isBlank(),
        "DURABLE_PG_URL is not set: the PostgreSQL variant needs a server (the password is"
            + " ignored by a server that trusts local connections)");
    // a schema of its own, so that what other builds migrated in the database does not matter
    String schema = "durable_passwords_" + UUID.randomUUID().toString().replace("-", "");
    try (Connection connection = DriverManager.getConnection(pgUrl);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA " + schema);
      String url = pgUrl + (pgUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema
          + "&password=" + SECRET;

      String log = engineLog("info", url, "", "");

      assertTrue(log.contains("password=********"), log);
      assertFalse(log.contains(SECRET), log);
    } finally {
      try (Connection connection = DriverManager.getConnection(pgUrl);
          Statement statement = connection.createStatement()) {
        statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }

  @Test
  void aPasswordGivenToTheBuilderIsNotLoggedEvenAtDebug() throws Exception {
    String log = engineLog("debug", "jdbc:h2:mem:builder-password", "sa", SECRET);

    assertTrue(log.contains("ready on jdbc:h2:mem:builder-password"), log);
    assertFalse(log.contains(SECRET), log);
  }

  @Test
  void aFailedConnectionNamesTheUrlWithoutItsPassword() {
    // nothing listens on port 1: the connection is refused at once
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl("jdbc:postgresql://127.0.0.1:1/app?user=app&password=" + SECRET);

    RuntimeException e = assertThrows(RuntimeException.class, builder::build);

    assertTrue(e.getMessage().startsWith(
        "cannot connect to jdbc:postgresql://127.0.0.1:1/app?user=app&password=********: "),
        e.getMessage());
    assertFalse(e.getMessage().contains(SECRET), e.getMessage());
  }

  private static String engineLog(String level, String url, String user, String password)
      throws Exception {
    return EngineJvm.output(
        List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=" + level), true, url, user, password);
  }
}
