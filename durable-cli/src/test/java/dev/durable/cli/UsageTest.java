package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.cli.CliRunner.Result;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Usage errors and an unreachable database: what a script sees, without a store. */
class UsageTest {
  private static void assertExit(int code, Result result) {
    assertEquals(code, result.code(), result::toString);
  }

  @Test
  void helpListsTheCommandsAndTheExitCodes() {
    Result help = CliRunner.run("--help");
    assertExit(0, help);
    for (String command : new String[] {
        "list", "show", "history", "requeue", "cancel", "redispatch", "signal", "workers",
        "schedules", "purge", "export", "dashboard", "fork"}) {
      assertTrue(help.out().contains("\n  " + command + " "), help::toString);
    }
    assertTrue(help.out().contains("Exit codes:"), help::toString);
    assertTrue(help.out().contains("DURABLE_JDBC_URL"), help::toString);
    Result listHelp = CliRunner.run("list", "--help");
    assertExit(0, listHelp);
    assertTrue(listHelp.out().contains("--created-from=<instant>"), listHelp::toString);
  }

  @Test
  void withoutADatabaseItIsAUsageError() {
    Result result = CliRunner.run("list");
    assertExit(2, result);
    assertEquals("durable-cli: no database named: give --jdbc-url <url> or set DURABLE_JDBC_URL\n"
        + "Try 'durable-cli list --help' for how to use it.\n", result.err());
  }

  @Test
  void aWrongCommandOrValueIsAUsageError() {
    assertExit(2, CliRunner.run());
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "frobnicate"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "show"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "fork", "r"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "fork", "r", "--from", "two"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "list", "--status", "ASLEEP"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "list", "--limit", "0"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "signal", "r", "approve", "\"a\" b"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "signal", "r", "approve", ""));
    Result badInstant = CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "list", "--created-from", "yesterday");
    assertExit(2, badInstant);
    assertTrue(badInstant.err().contains("'yesterday' is not an instant"), badInstant::toString);
  }

  @Test
  void purgeTakesOneCutoff() {
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "purge"));
    assertExit(2, CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "purge", "--before", "2026-01-01",
        "--older-than", "30d"));
    Result badDuration = CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "purge", "--older-than", "a month");
    assertExit(2, badDuration);
    assertTrue(badDuration.err().contains("'a month' is not a duration"), badDuration::toString);
  }

  @Test
  void anUnreachableDatabaseExitsWith3AndHidesThePassword() {
    Result result = CliRunner.run(Map.of("DURABLE_PASSWORD", "s3cret-pw"),
        "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/none?user=durable&password=url-pw", "list");
    assertExit(3, result);
    assertEquals("", result.out());
    assertTrue(result.err().startsWith("durable-cli: "), result::toString);
    assertTrue(result.err().contains("127.0.0.1:1"), result::toString);
    assertFalse(result.err().contains("s3cret-pw"), result::toString);
    assertFalse(result.err().contains("url-pw"), result::toString);

    Result noStore = CliRunner.run("--jdbc-url", "jdbc:h2:mem:no-store-here", "list");
    assertExit(3, noStore);
    assertTrue(noStore.err().startsWith("durable-cli: no Durable store at jdbc:h2:mem:no-store-here:"
        + " schema PUBLIC has no durable_runs table;"), noStore::toString);

    Result unknownDriver = CliRunner.run("--jdbc-url", "jdbc:nosuchdb://x", "list");
    assertExit(3, unknownDriver);
  }

  @Test
  void aPasswordWithASemicolonIsMaskedWhole() {
    Result result = CliRunner.run("--jdbc-url",
        "jdbc:postgresql://127.0.0.1:1/none?user=durable&password=Head;TailSecret99&ssl=false",
        "list");
    assertExit(3, result);
    assertFalse(result.err().contains("TailSecret99"), result::toString);
    assertFalse(result.err().contains("Head"), result::toString);
  }

  @Test
  void aMistypedOptionsValueIsNotEchoed() {
    Result result = CliRunner.run("--jdbc-url", "jdbc:h2:mem:x", "list", "--pasword=S3cret");
    assertExit(2, result);
    assertTrue(result.err().contains("--pasword=********"), result::toString);
    assertFalse(result.err().contains("S3cret"), result::toString);
  }
}
