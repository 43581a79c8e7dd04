package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnNats;
import dev.durable.build.OnPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What {@code Main} prints, run against a private in-memory database on a started engine with the
 * real clock (so each story takes a few seconds), and once on PostgreSQL when
 * {@code DURABLE_PG_URL} names one. Times, delays and generated ids vary from run to
 * run and are masked before comparing.
 */
class MainTest {
  private static final String CHECKOUT_STORY = """
      Sample 'checkout', store <URL>

      Three orders; the last two come in while the first waits out its 2 s cancellation window.

      Order <ID>: 2 x socks to DE, card tok_visa. The pricing service fails its first 2 calls.
        <T>  fetchQuote        attempt 1 failed: pricing service unavailable (HTTP 503); \
      next attempt in <N> ms
        <T>  fetchQuote        attempt 2 failed: pricing service unavailable (HTTP 503); \
      next attempt in <N> ms
        <T>  fetchQuote        attempt 3 succeeded
        <T>  charge            attempt 1 succeeded
        <T>  ctx.sleep         waits 2s in the database, holding no thread
        <T>  ship              attempt 1 succeeded
        <T>  run               completed
        await() returned "charged ch_<ID>, shipped as TRK-<ID>"

      Order <ID>: 1 x socks to DE, card tok_chargeDeclined. Declined by the bank: @OnError routes it.
        <T>  fetchQuote        attempt 1 succeeded
        <T>  charge            attempt 1 failed for good: card declined
        <T>  run               completed by the @OnError route for code 'declined' after: \
      card declined
        await() returned "declined: card declined, nothing charged"; charge made 1 of its 3 attempts

      Order <ID>: 1 x scarf to AQ, card tok_visa. No carrier serves AQ: shipping fails after the \
      charge.
        <T>  fetchQuote        attempt 1 succeeded
        <T>  charge            attempt 1 succeeded
        <T>  ctx.sleep         waits 2s in the database, holding no thread
        <T>  ship              attempt 1 failed for good: no carrier serves AQ
        <T>  run               compensating after [no_carrier]: refund undoes charge (position 1)
        <T>  refund            attempt 1 succeeded
        <T>  run               failed with code no_carrier: no carrier serves AQ
        await() threw RunFailedException "no carrier serves AQ" with code() "no_carrier"
        getRunStatus(id).compensations(): refund undid charge (position 1), COMPLETED

      The gateway in all: 3 charge calls (1 declined) and 1 refund.
      It holds 2500 cents, order <ID>'s: the scarf's money went back.
      """;

  private static final String INTAKE_STORY = """
      Sample 'intake', store <URL>

      Stream INTAKE_<ID>: the shop publishes its orders on intake.<ID>.orders.<tenant>.
      6 messages wait in the stream before the engine starts: 4 orders, one body that is not \
      JSON, one order of -5 cents.

      The trigger took every message: 4 runs started, 2 dead-lettered.
        nats:INTAKE_<ID>:intake:1    COMPLETED, a-1 confirmed (R-a-1, 1200 cents)
        nats:INTAKE_<ID>:intake:2    COMPLETED, a-2 confirmed (R-a-2, 800 cents)
        nats:INTAKE_<ID>:intake:4    COMPLETED, g-1 confirmed (R-g-1, 4500 cents)
        nats:INTAKE_<ID>:intake:6    COMPLETED, g-3 confirmed (R-g-3, 300 cents)
      Each order reserved once: [a-1, a-2, g-1, g-3]
      Runs in the store: 4, all COMPLETED

      The dead letters, on intake.<ID>.dead, with their reason in a header:
        message 3: cannot decode the message
        message 5: InvalidInputException

      engine.triggers(): consumed 6, started 4, duplicates 0, dead-lettered 2, lag 0
      """;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void checkoutTellsTheStoryOfARetriedQuoteARoutedDeclineAndARefundAfterShippingFails() {
    String url = inMemoryUrl();
    assertEquals(0, run("checkout", url));
    assertEquals(CHECKOUT_STORY, masked(url));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  /**
   * The sample's {@code Main} given a PostgreSQL URL, which the {@code sample} profile passes on
   * from {@code -Ddurable.jdbcUrl} (that pom wiring is not run here).
   */
  @OnPostgres
  @Test
  void checkoutRunsOnThePostgresDatabaseItIsGiven() throws SQLException {
    String pgUrl = System.getenv("DURABLE_PG_URL");
    assumeTrue(pgUrl != null && !pgUrl.isBlank(), "DURABLE_PG_URL is not set, so the sample does"
        + " not run on PostgreSQL; for example export"
        + " DURABLE_PG_URL='jdbc:postgresql://127.0.0.1:5432/test?user=postgres'");
    String schema = "samples_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    sql(pgUrl, "CREATE SCHEMA " + schema);
    try {
      String url = pgUrl + (pgUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
      assertEquals(0, run("checkout", url));
      assertEquals(CHECKOUT_STORY, masked(url));
      assertEquals(List.of("checkout COMPLETED", "checkout COMPLETED", "checkout FAILED"),
          sql(url, "SELECT workflow_name || ' ' || status FROM durable_runs"
              + " ORDER BY created_at, status"));
    } finally {
      sql(pgUrl, "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  @Test
  void signupTellsTheStoryOfATimeoutAFailureAndARequeue() {
    String url = inMemoryUrl();
    assertEquals(0, run("signup", url));
    assertEquals("""
        Sample 'signup', store <URL>

        Sign-up of ada@example.com, form key signup-<id>, submitted twice (a double click).
        The fraud API hangs on its first request; the mail quota is used up.
          <T>  checkFraud        attempt 1 failed: step 'checkFraud' attempt 1 timed out after \
        1000 ms; next attempt in <N> ms
          <T>  checkFraud        attempt 2 succeeded
          <T>  openAccount       attempt 1 succeeded
          <T>  sendWelcomeEmail  attempt 1 failed for good: daily mail quota exceeded
          <T>  run               failed with code step_failed: daily mail quota exceeded
          await() threw RunFailedException "daily mail quota exceeded" with code() "step_failed"

        An operator raises the quota and calls engine.requeue("signup-<id>").
          <T>  run               requeued: 1 failed step(s) reset
          <T>  sendWelcomeEmail  attempt 1 succeeded
          <T>  run               completed
          await() returned "acc-1". In all: 2 fraud requests (1 aborted), 1 account opened, \
        1 mail sent.
        """, masked(url));
  }

  @Test
  void shippingTellsTheStoryOfAQuoteRetriedOnceAParcelWithoutRatesAndAConsignmentFannedOut() {
    String url = inMemoryUrl();
    assertEquals(0, run("shipping", url));
    assertEquals("""
        Sample 'shipping', store <URL>

        Parcel <ID>: 2400 g to FR. The worker's rate table reloads during its first call.
          <T>  rates.quote       attempt 1 queued for a worker; the run waits in the database
          <T>  rates.quote       attempt 1 failed: rate table reloading; next attempt in <N> ms
          <T>  rates.quote       attempt 2 queued for a worker; the run waits in the database
          <T>  rates.quote       attempt 2 succeeded
          <T>  printLabel        attempt 1 succeeded
          <T>  run               completed
          await() returned "label <ID> to FR, postage 10.80"

        Parcel <ID>: 500 g to AQ, where the rates team does not ship.
          <T>  rates.quote       attempt 1 queued for a worker; the run waits in the database
          <T>  rates.quote       attempt 1 failed for good: no rates to AQ
          <T>  run               failed with code step_failed: no rates to AQ
          await() threw RunFailedException "no rates to AQ"; the worker was called 3 times in all

        Consignment <ID>: 3 parcels quoted at once, then a pickup booked; the carrier takes 1.5 s, past the step's 1 s window.
          <T>  rates.quote       attempt 1 queued for a worker; the run waits in the database
          <T>  rates.quote       attempt 1 queued for a worker; the run waits in the database
          <T>  rates.quote       attempt 1 queued for a worker; the run waits in the database
          <T>  rates.quote       attempt 1 succeeded
          <T>  rates.quote       attempt 1 succeeded
          <T>  rates.quote       attempt 1 succeeded
          <T>  carrier.pickup    attempt 1 queued for a worker; the run waits in the database
          <T>  carrier.pickup    attempt 1 succeeded
          <T>  run               completed
          await() returned "3 parcels, postage 34.80, PICKUP-<ID>"; the worker called heartbeat() 6 times while it waited
        """, masked(url));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void expenseTellsTheStoryOfASignalAChildRunAQueuedSignalAndASchedule() {
    String url = inMemoryUrl();
    assertEquals(0, run("expense", url));
    assertEquals("""
        Sample 'expense', store <URL>

        Claim taxi-<id>: taxi to the airport, 4200 cents, by ann.
          the run is SLEEPING: it waits up to 3 days for a decision, holding no thread
          bob got a link by e-mail: https://expenses.example.com/durable/signals/<token>
          he approves from it: POST {"approved":true,"by":"bob",...} to the link, that is \
        engine.signalWithToken(token, json)
          await() returned "approved by bob, paid out as tr_1_DE89"
          child run taxi-<id>/child-3 of workflow payout: COMPLETED

        Claim dinner-<id>: team dinner, 31000 cents, by ann.
          bob rejects it at once, before the run waits: the signal is kept for it
          await() returned "rejected by bob: over the limit"; 1 transfer in all

        Schedules:
          expense-report: cron "0 0 2 * * *" in Europe/Berlin, next at <INSTANT>
        """, masked(url));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void summariesTellsTheStoryOfAQueueWithPartitionKeysAPriorityAndAPause() {
    String url = inMemoryUrl();
    assertEquals(0, run("summaries", url));
    assertEquals("""
        Sample 'summaries', store <URL>

        Queue 'llm': per tenant, 2 summaries at once and 4 started a second.
        acme sends 6 documents at priority 5 (a batch), then 1 at priority 0; globex sends 2. \
        The engine starts after all nine are queued.
          before the engine starts: 9 runs ENQUEUED
          all 9 summaries done, 9 calls to the model
          acme: the model never answered more than 2 of its calls at once: yes
          globex: the model never answered more than 2 of its calls at once: yes
          acme-urgent reached the model among acme's first 2 calls: yes

        The model's provider goes down: engine.pauseQueue("llm") on one engine stops every \
        engine admitting through it.
          queue llm: paused true, depth 2; the runs wait ENQUEUED, nothing calls the model
        The provider is back: engine.resumeQueue("llm").
          both summarized once resumed: 2 more calls to the model
        """, masked(url));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void chatTellsTheStoryOfQuestionsAnsweredOnStreams() {
    String url = inMemoryUrl();
    assertEquals(0, run("chat", url));
    assertEquals("""
        Sample 'chat', store <URL>

        A chat with ann: the run waits for questions, holding no thread.
          ann asks "What is durable?" (chat.ask(runId, new Question(id, text)))
          the answer, piece by piece: [You asked ]["What is durable?"][, your first question.]
          ann asks "And a stream?" (chat.ask(runId, new Question(id, text)))
          the answer, piece by piece: [You asked ]["And a stream?"][ after 1 before it.]
          getEvent("answered") = 2
          ann says bye; await() returned 2, the model was asked 2 times
        """, masked(url));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  /**
   * The intake sample on the NATS server {@code DURABLE_NATS_URL} names: four orders run, each
   * reserved once, and the two poison messages are dead-lettered with their reason.
   */
  @OnNats
  @Test
  void intakeStartsOneRunPerOrderMessageAndDeadLettersThePoisonOnes() {
    String url = inMemoryUrl();
    System.setProperty("nats.url", System.getenv(OnNats.VARIABLE));
    try {
      assertEquals(0, run("intake", url), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.clearProperty("nats.url");
    }
    assertEquals(INTAKE_STORY, masked(url));
  }

  @Test
  void anUnknownSampleIsAUsageErrorThatListsTheSamples() {
    assertEquals(Main.USAGE, run("nope"));
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    String message = err.toString(StandardCharsets.UTF_8);
    assertTrue(message.startsWith("Unknown sample 'nope'; the samples are: chat, checkout, expense, intake, shipping, signup, summaries, upgrade."),
        message);

    err.reset();
    assertEquals(Main.USAGE, run());
    assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("No sample named;"));
  }

  private int run(String... args) {
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      return Main.run(args, o, e);
    }
  }

  /** The output with what varies from run to run masked; the store's URL first, as it is known. */
  private String masked(String url) {
    return out.toString(StandardCharsets.UTF_8)
        .replace(url, "<URL>")
        .replace(System.lineSeparator(), "\n")
        .replaceAll("(?m)^ +\\d+\\.\\d\\d s", "  <T>")
        .replaceAll("next attempt in \\d+ ms", "next attempt in <N> ms")
        .replaceAll("(signup|taxi|dinner)-[0-9a-f]{8}", "$1-<id>")
        .replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ", "<INSTANT>")
        .replaceAll("(?<![0-9A-Za-z])[0-9A-F]{8}(?![0-9A-Za-z])", "<ID>");
  }

  /** Runs {@code statement} on {@code url}: the rows of a query's first column, else none. */
  private static List<String> sql(String url, String statement) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement sql = connection.createStatement()) {
      List<String> rows = new ArrayList<>();
      if (sql.execute(statement)) {
        try (ResultSet result = sql.getResultSet()) {
          while (result.next()) {
            rows.add(result.getString(1));
          }
        }
      }
      return rows;
    }
  }

  private static String inMemoryUrl() {
    return "jdbc:h2:mem:samples-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  }
}
