package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.cli.CliRunner.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A URL that names no store is refused with exit 3 and leaves nothing behind: no tables, no
 * schema, no database file.
 */
class StoreCheckTest {
  @Test
  void aMistypedH2FileIsRefusedAndNoFileIsLeftBehind(@TempDir Path directory) throws Exception {
    String url = "jdbc:h2:file:" + directory.resolve("durabel").toAbsolutePath();

    Result result = CliRunner.run("--jdbc-url", url, "list");

    assertEquals(3, result.code(), result::toString);
    assertTrue(result.err().startsWith("durable-cli: no Durable store at " + url
        + ": no H2 database is there; check the URL's path."), result::toString);
    assertTrue(result.err().contains("To create the store there, run 'durable-cli migrate' with"
        + " the same URL"), result::toString);
    try (Stream<Path> files = Files.list(directory)) {
      assertEquals(0, files.count(), "the CLI created a database file");
    }
  }

  @OnPostgres
  @Test
  void aPostgresSchemaThatDoesNotExistIsRefusedAndNotCreated() throws SQLException {
    String base = System.getenv(Stores.PG_URL_VARIABLE);
    assumeTrue(base != null && !base.isBlank(), Stores.PG_URL_VARIABLE
        + " is not set, so the PostgreSQL variant is skipped");
    String schema = "durable_missing_" + UUID.randomUUID().toString().replace("-", "");
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;

    Result result = CliRunner.run("--jdbc-url", url, "list");

    assertEquals(3, result.code(), result::toString);
    assertTrue(result.err().contains("the schema it names (its currentSchema) does not exist"),
        result::toString);
    assertTrue(result.err().contains("run 'durable-cli migrate' with the same URL"),
        result::toString);
    assertFalse(result.out().contains("no runs match"), result::toString);
    try (Connection connection = DriverManager.getConnection(base);
        PreparedStatement query = connection.prepareStatement(
            "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = ?")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        rows.next();
        assertEquals(0, rows.getInt(1), "the CLI created the schema");
      }
    }
  }
}
