package dev.durable.bench;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * The attributes of phase (g)'s runs ({@code durable_run_attributes}, migration V22), inserted with
 * SQL, and the queries by attribute: run n holds {@code customer} = {@code c-<n mod 10000>} (100
 * runs each), {@code region} = one of {@link #REGIONS} by {@code (n / 10) mod 4} (a quarter of the
 * runs each), and one run in a hundred {@code tier} = {@code gold}; each row holds its run's start,
 * as the engine writes it.
 */
final class SearchAttributes {
  static final List<String> REGIONS = List.of("eu", "us", "apac", "latam");
  static final int CUSTOMERS = 10_000;
  /** The customer the queries ask for. */
  static final long CUSTOMER = 4242;

  private SearchAttributes() {}

  /** The three attributes, one statement each; parameters: the first start, first n, last n. */
  static List<String> inserts(Database database) {
    String from = " FROM (SELECT x, " + database.plusSeconds(
        "CAST(? AS TIMESTAMP WITH TIME ZONE)", "x") + " AS created FROM "
        + database.series("CAST(? AS BIGINT)", "CAST(? AS BIGINT)") + ") AS runs";
    String insert = "INSERT INTO durable_run_attributes (run_id, name, val, created_at) SELECT "
        + database.md5Hex("x") + ", ";
    return List.of(
        insert + "'customer', 'c-' || CAST(MOD(x, " + CUSTOMERS + ") AS VARCHAR(10)), created"
            + from,
        insert + "'region', CASE MOD(x / 10, 4) WHEN 0 THEN 'eu' WHEN 1 THEN 'us'"
            + " WHEN 2 THEN 'apac' ELSE 'latam' END, created" + from,
        insert + "'tier', 'gold', created" + from + " WHERE MOD(x, 100) = 0");
  }

  /** Inserts the attributes of runs 1 to {@code runs}, in chunks of {@code chunk} runs. */
  static void insert(Database database, Connection connection, Instant first, int runs,
      int chunk) throws SQLException {
    Database.execute(connection, "TRUNCATE TABLE durable_run_attributes");
    for (String sql : inserts(database)) {
      try (PreparedStatement insert = connection.prepareStatement(sql)) {
        for (long from = 1; from <= runs; from += chunk) {
          insert.setObject(1, OffsetDateTime.ofInstant(first, ZoneOffset.UTC));
          insert.setLong(2, from);
          insert.setLong(3, Math.min(runs, from + chunk - 1));
          insert.executeUpdate();
        }
      }
    }
    Database.execute(connection, database instanceof H2Database
        ? "ANALYZE TABLE durable_run_attributes" : "VACUUM (ANALYZE) durable_run_attributes");
  }

  /**
   * The queries by attribute, among {@code runs} runs; {@code cursor} is the run half-way back,
   * {@code middle} its n.
   */
  static List<SearchBench.Case> cases(int runs, RunInfo cursor, long middle) {
    String customer = "c-" + CUSTOMER;
    LongPredicate isCustomer = x -> x % CUSTOMERS == CUSTOMER;
    LongPredicate inEu = x -> (x / 10) % 4 == 0;
    LongPredicate gold = x -> x % 100 == 0;
    LongPredicate failed = x -> x % 1000 >= 900 && x % 1000 < 910;
    LongPredicate expense = x -> x % 4 == 1;
    return List.of(
        new SearchBench.Case("11. attribute, 100 runs hold it", RunFilter.builder()
            .attribute("customer", customer).build(), page(runs, isCustomer)),
        new SearchBench.Case("12. attribute, a page half-way back", RunFilter.builder()
            .attribute("customer", customer).after(cursor).build(),
            page(middle - 1, isCustomer)),
        new SearchBench.Case("13. attribute a quarter hold", RunFilter.builder()
            .attribute("region", "eu").build(), page(runs, inEu)),
        new SearchBench.Case("14a. two attributes, the rare one first", RunFilter.builder()
            .attribute("customer", customer).attribute("region", "eu").build(),
            page(runs, isCustomer.and(inEu))),
        new SearchBench.Case("14b. two attributes, the common one first", RunFilter.builder()
            .attribute("region", "eu").attribute("customer", customer).build(),
            page(runs, isCustomer.and(inEu))),
        new SearchBench.Case("15. attribute 1 % hold + FAILED", RunFilter.builder()
            .attribute("tier", "gold").status(RunState.FAILED).build(),
            page(runs, gold.and(failed))),
        new SearchBench.Case("16. attribute a quarter hold + one workflow", RunFilter.builder()
            .attribute("region", "eu").workflow("expense").build(),
            page(runs, inEu.and(expense))));
  }

  /** How many of the runs 1 to {@code last} match, at most a page of 50. */
  private static int page(long last, LongPredicate matches) {
    int found = 0;
    for (long x = 1; x <= last && found < 50; x++) {
      if (matches.test(x)) {
        found++;
      }
    }
    return found;
  }
}
