package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A database password, in the JDBC URL or given to the builder, appears in no log line and no
 * error message. The log is read from an engine started in a child JVM whose SLF4J simple logger
 * writes every logger's lines at the level asked for, libraries' included, as an application's
 * log would show them.
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

  @Test
  void thePasswordInAPostgresUrlIsMaskedInTheEnginesReadyLine() throws Exception {
    String pgUrl = System.getenv("DURABLE_PG_URL");
    assumeTrue(pgUrl != null && !pgUrl.isBlank(),
        "DURABLE_PG_URL is not set: the PostgreSQL variant needs a server (the password is"
            + " ignored by a server that trusts local connections)");
    String url = pgUrl + (pgUrl.contains("?") ? "&" : "?") + "password=" + SECRET;

    String log = engineLog("info", url, "", "");

    assertTrue(log.contains("password=********"), log);
    assertFalse(log.contains(SECRET), log);
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

  /** What a child JVM running {@link Child} writes, standard output and error. */
  private static String engineLog(String level, String url, String user, String password)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=" + level);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Child.class.getName());
    command.add(url);
    command.add(user);
    command.add(password);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(1, TimeUnit.MINUTES), "the child JVM did not end");
    assertEquals(0, process.exitValue(), output);
    return output;
  }

  /** Builds and starts an engine on {@code <url> <user> <password>} (empty: none), and closes it. */
  public static final class Child {
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
}
