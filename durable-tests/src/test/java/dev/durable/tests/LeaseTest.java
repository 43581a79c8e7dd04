package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two engines on one database: when the engine executing a run loses the database, its lease
 * expires, the other engine takes the run over, and the first engine's late writes are fenced off.
 */
class LeaseTest extends OnEachStore {
  private static final Duration LEASE = Duration.ofSeconds(1);

  private final Gate firstGate = new Gate();
  private final Script firstScript = new Script();
  private final Script secondScript = new Script();

  @AfterEach
  void openGates() {
    firstGate.openAll();
  }

  @Test
  void anEngineThatRenewsKeepsItsRunWhileAStepOutlastsSeveralLeases() {
    Gate secondGate = new Gate();
    secondGate.open("g");
    try (DurableEngine first = DurableEngine.builder().jdbcUrl(db.jdbcUrl()).discover(false)
            .engineId("first").leaseDuration(LEASE)
            .register(new BlockingWorkflowDurable(firstScript, firstGate)).build();
        DurableEngine second = DurableEngine.builder().jdbcUrl(db.jdbcUrl()).discover(false)
            .engineId("second").leaseDuration(LEASE).pollInterval(Duration.ofMillis(100))
            .register(new BlockingWorkflowDurable(secondScript, secondGate)).build()) {
      first.start();
      RunHandle<String> run = BlockingWorkflowClient.of(first).start("g");
      Await.until("the first engine executes the step", () -> firstGate.isEntered("g"));
      second.start();

      // the other engine polls every 100 ms: three leases give it thirty chances to take over
      Instant threeLeases = Instant.now().plus(LEASE.multipliedBy(3));
      Await.until("three leases pass", () -> Instant.now().isAfter(threeLeases));
      assertEquals(1L, db.queryLong("SELECT epoch FROM durable_runs"),
          "no engine claimed the run again, not even its own: its lease never expired");
      assertEquals("first", run.status().run().owner().orElseThrow(),
          "the lease was renewed, so the other engine did not take the run over");
      assertEquals(0, secondScript.executions("block"));
      firstGate.open("g");
      assertEquals("unblocked g then after", run.await(WAIT));
    }
  }

  @Test
  void leasesAreRenewedByTheEnginesClockSoATestClockPassesSeveralLeasesWithoutATakeOver() {
    Duration lease = Duration.ofMinutes(1);
    Gate secondGate = new Gate();
    secondGate.open("g");
    try (DurableEngine first = db.engine().clock(clock).engineId("first").leaseDuration(lease)
            .register(new BlockingWorkflowDurable(firstScript, firstGate)).build();
        DurableEngine second = db.engine().clock(clock).engineId("second").leaseDuration(lease)
            .pollInterval(Duration.ofMillis(50))
            .register(new BlockingWorkflowDurable(secondScript, secondGate)).build()) {
      first.start();
      RunHandle<String> run = BlockingWorkflowClient.of(first).start("g");
      Await.until("the first engine executes the step", () -> firstGate.isEntered("g"));
      second.start();

      // half a lease at a time, three leases in all: without waiting a third of a lease of real
      // time, each move renews the lease, which never expires by the clock the engines share
      for (int i = 0; i < 6; i++) {
        Instant renewed = clock.advance(lease.dividedBy(2)).plus(lease);
        Await.until("the lease is renewed to a lease beyond " + clock.instant(),
            () -> !leaseUntil().isBefore(renewed));
      }
      assertEquals(1L, db.queryLong("SELECT epoch FROM durable_runs"),
          "no engine claimed the run again: its lease never expired");
      assertEquals("first", run.status().run().owner().orElseThrow());
      assertEquals(0, secondScript.executions("block"));
      firstGate.open("g");
      assertEquals("unblocked g then after", run.await(WAIT));
    }
  }

  private Instant leaseUntil() {
    Object until = db.query("SELECT lease_until FROM durable_runs").get(0).get(0);
    return until instanceof OffsetDateTime offset
        ? offset.toInstant()
        : ((java.sql.Timestamp) until).toInstant();
  }

  @Test
  void aRunWhoseEngineWentAwayIsTakenOverAndTheOldOwnerCannotOverwriteIt() {
    CuttableDataSource firstDatabase = new CuttableDataSource(db.jdbcUrl());
    Gate secondGate = new Gate();
    secondGate.open("g");
    try (DurableEngine first = DurableEngine.builder().dataSource(firstDatabase).discover(false)
            .engineId("first").leaseDuration(LEASE)
            .register(new BlockingWorkflowDurable(firstScript, firstGate)).build();
        DurableEngine second = DurableEngine.builder().dataSource(
                new CuttableDataSource(db.jdbcUrl())).discover(false)
            .engineId("second").leaseDuration(LEASE)
            .register(new BlockingWorkflowDurable(secondScript, secondGate)).build()) {
      first.start();
      RunHandle<String> run = BlockingWorkflowClient.of(first).start("g");
      Await.until("the first engine executes the step", () -> firstGate.isEntered("g"));
      assertEquals("first", run.status().run().owner().orElseThrow());

      firstDatabase.cut();
      second.start();
      assertEquals("unblocked g then after",
          BlockingWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(20)));
      assertEquals(1, secondScript.executions("block"));
      assertEquals(1, secondScript.executions("after"));
      assertTrue(second.history(run.id()).stream().map(HistoryEvent::detail)
          .anyMatch(d -> d != null && d.contains("second took over from first")));

      firstDatabase.restore();
      firstGate.open("g");
      Await.until("the first engine gives up its stale turn",
          () -> first.getRunStatus(run.id()).steps().stream()
              .noneMatch(s -> s.status() == dev.durable.runtime.StepState.RUNNING));
      assertEquals(0, firstScript.executions("after"), "the stale owner went no further");
      assertEquals(RunState.COMPLETED, second.getRunStatus(run.id()).run().status());
      assertEquals("unblocked g then after",
          BlockingWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(1)));
      assertEquals(1, second.history(run.id()).stream()
          .filter(e -> e.type().equals("run.completed")).count());
    }
  }

  @Test
  void aRunWhoseProgressCouldNotBeStoredComesDueAgainWhileItsEngineGoesOn() {
    CuttableDataSource database = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = DurableEngine.builder().dataSource(database).discover(false)
            .leaseDuration(LEASE).pollInterval(Duration.ofMillis(100))
            .register(new BlockingWorkflowDurable(firstScript, firstGate)).build()) {
      engine.start();
      RunHandle<String> stranded = BlockingWorkflowClient.of(engine).start("stranded");
      RunHandle<String> busy = BlockingWorkflowClient.of(engine).start("busy");
      Await.until("both steps block",
          () -> firstGate.isEntered("stranded") && firstGate.isEntered("busy"));

      database.cut();
      firstGate.open("stranded");
      Await.until("the stranded turn fails to store its step's result",
          // a turn writes itself, or through the group commit's writers
          () -> database.refusalsTo("durable-run-") + database.refusalsTo("durable-commit-") > 0);
      database.restore();

      // 'busy' stays in flight, so this engine keeps renewing leases; 'stranded' must not be
      // among them, so that it comes due when its lease expires and is executed again
      assertEquals("unblocked stranded then after", stranded.await(Duration.ofSeconds(20)));
      assertEquals(3, firstScript.executions("block"),
          "the step whose result was lost ran again: " + firstScript.recorder().entries());
      firstGate.open("busy");
      assertEquals("unblocked busy then after", busy.await(Duration.ofSeconds(20)));
    }
  }
}
