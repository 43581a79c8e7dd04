package dev.durable.samples.upgrade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.samples.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The upgrade sample through {@code Main}, on a private in-memory database (and once on
 * PostgreSQL when {@code DURABLE_PG_URL} names one), with the real clock: the story it prints,
 * then the runs as the store keeps them, read through a third engine that has both versions.
 */
class UpgradeSampleTest {
  private static final String STORY = """
      Sample 'upgrade', store <URL>

      Release 1 registers fulfilment version 1: charge the card, wait out the cancellation window, ship.
      Order <ID>, 2 x socks: a run of version 1.
        <T>  charge            attempt 1 succeeded
        <T>  ctx.sleep         waits 2s in the database, holding no thread
      Order <ID>, 1 x hat: a run of version 1.
        <T>  charge            attempt 1 succeeded
        <T>  ctx.sleep         waits 2s in the database, holding no thread
      Release 1's engine closes while both runs sleep in the database: the deploy.

      Release 2 registers version 2 beside version 1. Version 2 reserves the stock before it charges
      and ships from the reservation: replayed with its code, a run of version 1 would fail with
      non_determinism, so version 1 stays registered until its runs have ended.
      Order <ID>, 3 x scarf, started by the same FulfilmentV1Client call: a run of version 2.

      Each run ends on the version it started with.
      Order <ID>, version 1:
        <T>  ship              attempt 1 succeeded
        <T>  run               completed
        await() returned "charged ch_<ID>, shipped P-<ID>"
      Order <ID>, version 1:
        <T>  ship              attempt 1 succeeded
        <T>  run               completed
        await() returned "charged ch_<ID>, shipped P-<ID>"
      Order <ID>, version 2:
        <T>  reserveStock      attempt 1 succeeded
        <T>  charge            attempt 1 succeeded
        <T>  ctx.sleep         waits 2s in the database, holding no thread
        <T>  ship              attempt 1 succeeded
        <T>  run               completed
        await() returned "reserved R-<ID> in Leipzig, charged ch_<ID>, shipped P-<ID>"

      In all: 3 charges, 1 reservation, 3 parcels: no step ran twice across the deploy.
      """;

  private static final Pattern ORDER = Pattern.compile("(?m)^Order ([0-9A-F]{8}), version (\\d):$");

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void runsOfVersion1InFlightAtTheDeployEndOnVersion1AndNewRunsOnVersion2() {
    String url = "jdbc:h2:mem:upgrade-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    tellsTheStoryAndLeavesEachRunOnItsVersion(url);
  }

  @OnPostgres
  @Test
  void theSameUpgradeOnPostgres() throws SQLException {
    String pgUrl = System.getenv("DURABLE_PG_URL");
    assumeTrue(pgUrl != null && !pgUrl.isBlank(), "DURABLE_PG_URL is not set, so the sample does"
        + " not run on PostgreSQL; for example export"
        + " DURABLE_PG_URL='jdbc:postgresql://127.0.0.1:5432/test?user=postgres'");
    String schema = "upgrade_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    sql(pgUrl, "CREATE SCHEMA " + schema);
    try {
      tellsTheStoryAndLeavesEachRunOnItsVersion(
          pgUrl + (pgUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema);
    } finally {
      sql(pgUrl, "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  private void tellsTheStoryAndLeavesEachRunOnItsVersion(String url) {
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      assertEquals(0, Main.run(new String[] {"upgrade", url}, o, e));
    }
    String printed = out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    assertEquals(STORY, masked(printed, url));
    assertEquals("", err.toString(StandardCharsets.UTF_8));

    List<String> orderIds = new ArrayList<>();
    List<String> versions = new ArrayList<>();
    for (Matcher m = ORDER.matcher(printed); m.find(); ) {
      orderIds.add(m.group(1));
      versions.add(m.group(2));
    }
    assertEquals(List.of("1", "1", "2"), versions);

    try (DurableEngine store = DurableEngine.builder()
        .jdbcUrl(url)
        .discover(false)
        .register(new FulfilmentV1Durable(new Payments(), new Warehouse()))
        .register(new FulfilmentV2Durable(new Payments(), new Warehouse()))
        .build()) {
      FulfilmentV1Client fulfilment = FulfilmentV1Client.of(store);
      for (int i = 0; i < orderIds.size(); i++) {
        String id = orderIds.get(i);
        RunStatus status = store.getRunStatus("fulfilment-" + id);
        assertEquals(RunState.COMPLETED, status.run().status());
        assertEquals(versions.get(i), status.run().workflowVersion());
        String result = fulfilment.get("fulfilment-" + id).await(Duration.ofSeconds(1));
        if (versions.get(i).equals("1")) {
          assertEquals(List.of("charge", "ship"), stepNames(status), id);
          assertEquals("charged ch_" + id + ", shipped P-" + id, result);
        } else {
          assertEquals(List.of("reserveStock", "charge", "ship"), stepNames(status), id);
          assertEquals("reserved R-" + id + " in Leipzig, charged ch_" + id + ", shipped P-" + id,
              result);
        }
      }
    }
  }

  private static List<String> stepNames(RunStatus status) {
    return status.steps().stream().map(StepInfo::name).toList();
  }

  /** {@code printed} with what varies from run to run masked: the store, times and order ids. */
  private static String masked(String printed, String url) {
    return printed
        .replace(url, "<URL>")
        .replaceAll("(?m)^ +\\d+\\.\\d\\d s", "  <T>")
        .replaceAll("(?<![0-9A-Za-z])[0-9A-F]{8}(?![0-9A-Za-z])", "<ID>");
  }

  private static void sql(String url, String statement) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement sql = connection.createStatement()) {
      sql.execute(statement);
    }
  }
}
