package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.testing.TestClock;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.support.Script;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.EchoWorkflow;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import dev.durable.tests.workflows.GreeterV1Durable;
import dev.durable.tests.workflows.GreetingParentClient;
import dev.durable.tests.workflows.GreetingParentDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import dev.durable.tests.workflows.SignalWorkflowClient;
import dev.durable.tests.workflows.SignalWorkflowDurable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * A representative set of behaviours through PgBouncer in transaction mode ({@link
 * TestDatabase.Kind#PGBOUNCER}): engines and workers that are poll-only, in a schema of their own,
 * built with migrate(false). What one engine starts or signals, another finds by its poll.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.tests.support.TestDatabase#pooled")
class PoolerTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  @Parameter TestDatabase.Kind kind;

  private TestDatabase db;
  private final TestClock clock = TestClock.at(Instant.parse("2026-01-05T09:00:00Z"));
  private final Script script = new Script();
  private final Recorder recorder = new Recorder();

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

  @Test
  void stepsAndASleepCompleteOnAStartedEngine() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new EchoWorkflowDurable(script)).build()) {
      engine.start();
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("nap through the pooler");
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
      clock.advance(EchoWorkflow.NAP);
      assertEquals("nap through the pooler", run.await(WAIT));
      assertEquals(1, script.executions("echo"));
    }
  }

  @Test
  void aSignalSentThroughAnotherEngineIsFoundByThePoll() {
    try (DurableEngine executing = db.engine().engineId("executing")
            .register(new SignalWorkflowDurable(recorder)).build();
        DurableEngine client = db.engine().engineId("client")
            .register(new SignalWorkflowDurable(recorder)).build()) {
      executing.start();
      RunHandle<String> run = SignalWorkflowClient.of(client).start(1, 0L);
      Await.until("the other engine's poll found the run and it waits",
          () -> run.status().run().status() == RunState.SLEEPING);
      SignalWorkflowClient.of(client).approval(run.id(), "through the pooler");
      assertEquals("through the pooler", run.await(WAIT));
    }
  }

  @Test
  void aChildRunCompletesAndWakesItsParent() {
    try (DurableEngine engine = db.engine().clock(clock).register(new GreetingParentDurable())
        .register(new GreeterV1Durable(recorder)).build()) {
      engine.start();
      RunHandle<String> parent = GreetingParentClient.of(engine).start("Ada", "");
      Await.until("the child sleeps", () -> engine.listRuns(
              dev.durable.runtime.RunFilter.builder().status(RunState.SLEEPING).build()).size()
          == 2);
      clock.advance(Duration.ofMinutes(1));
      assertEquals("hello Ada", parent.await(WAIT));
    }
  }

  /** Also: nothing is notified on the schema's channels (listened for directly, not pooled). */
  @Test
  void aDispatchedStepIsServedByAPollOnlyWorkerAndNothingIsNotified() throws Exception {
    try (Connection listening = DriverManager.getConnection(db.jdbcUrl());
        DurableEngine engine = db.engine()
            .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script)).build();
        DurableWorker worker = db.worker()
            .handle(PricingSteps.QUOTE, (task, input) -> "{\"sku\":\"lamp\",\"cents\":750}")
            .build()) {
      String schema = listening.getSchema();
      try (Statement listen = listening.createStatement()) {
        listen.execute("LISTEN \"durable_runs." + schema + "\"");
        listen.execute("LISTEN \"durable_tasks." + schema + "\"");
      }
      engine.start();
      worker.start();
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals("shipped lamp for 750", run.await(WAIT));
      assertEquals(List.of(), notifications(listening));
    }
  }

  @Test
  void aQueueOfRunsAdmitsThemAllThroughThePooler() {
    Queue queue = Queue.named("pooled").concurrency(1);
    try (DurableEngine engine = db.engine().register(new EchoWorkflowDurable(script))
        .queue(queue).build()) {
      engine.start();
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        runs.add(EchoWorkflowClient.of(engine)
            .start(StartOptions.builder().queue("pooled").build(), "queued " + i));
      }
      for (int i = 0; i < 3; i++) {
        assertEquals("queued " + i, runs.get(i).await(WAIT));
      }
    }
  }

  /**
   * Without {@code prepareThreshold=0} in the URL: the engine's own pool sets it when poll-only,
   * else the driver would prepare a statement used five times on one server connection and run it
   * on another ("prepared statement does not exist").
   */
  @Test
  void aPollOnlyEnginesOwnPoolPreparesNoStatementOnTheServer() {
    String url = System.getenv(TestDatabase.PGBOUNCER_URL_VARIABLE)
        .replaceAll("[?&]prepareThreshold=0", "");
    try (DurableEngine engine = db.engine().jdbcUrl(url)
        .register(new EchoWorkflowDurable(script)).build()) {
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        runs.add(EchoWorkflowClient.of(engine).start("prepared " + i));
        engine.tick();
      }
      for (int i = 0; i < 20; i++) {
        assertEquals("prepared " + i, runs.get(i).await(WAIT));
      }
    }
  }

  private static List<String> notifications(Connection connection) throws SQLException {
    try (Statement poke = connection.createStatement()) {
      poke.execute("SELECT 1"); // the driver reads what the server sent meanwhile
    }
    PGNotification[] received = connection.unwrap(PGConnection.class).getNotifications(200);
    List<String> names = new ArrayList<>();
    if (received != null) {
      for (PGNotification notification : received) {
        names.add(notification.getName() + ":" + notification.getParameter());
      }
    }
    return names;
  }
}
