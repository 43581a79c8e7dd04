package dev.durable.runtime.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.Queue;
import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.HandBack;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.QueuePlace;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.model.TaskOutcome;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.model.WrittenProgress;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The store's algorithms, each one for both databases, walked through a dispatched step's life:
 * runs started, claimed with their turns' reads, their progress written, a task claimed and
 * answered with the hand-back. On H2 they give the same answers as on PostgreSQL (except the
 * hand-back, which H2 does not make); on PostgreSQL each operation is one round trip, counted by a
 * proxy over the JDBC connections (a statement executed, a batch, or a commit is one).
 */
class RoundTripsTest {
  /** How recently an engine was seen serving a queue to be given its part: a lease. */
  private static final Duration LIVENESS = Duration.ofSeconds(30);
  private static final WorkflowKey WORKFLOW = new WorkflowKey("wf", "1");
  private static final Set<String> ROUND_TRIPS =
      Set.of("execute", "executeQuery", "executeUpdate", "executeBatch", "commit", "rollback");

  private final AtomicInteger roundTrips = new AtomicInteger();
  private String dropSchema;

  @AfterEach
  void dropSchema() throws SQLException {
    if (dropSchema != null) {
      try (Connection connection = DriverManager.getConnection(System.getenv("DURABLE_PG_URL"));
          Statement drop = connection.createStatement()) {
        drop.execute("DROP SCHEMA " + dropSchema + " CASCADE");
      }
    }
  }

  @Test
  void onH2TheAlgorithmsGiveTheSameAnswers() {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:round-trips-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    walkThrough(h2, false);
  }

  @OnPostgres
  @Test
  void onPostgresEachOperationIsOneRoundTrip() throws SQLException {
    String base = System.getenv("DURABLE_PG_URL");
    assumeTrue(base != null && !base.isBlank(), "DURABLE_PG_URL is not set");
    String schema = "durable_trips_" + UUID.randomUUID().toString().replace("-", "");
    try (Connection connection = DriverManager.getConnection(base);
        Statement create = connection.createStatement()) {
      create.execute("CREATE SCHEMA " + schema);
    }
    dropSchema = schema;
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    walkThrough(driverManager(url), true);
  }

  private void walkThrough(DataSource target, boolean postgres) {
    Stores store = new Stores(counting(target));
    store.migrate();
    Instant t0 = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    Instant lease = t0.plusSeconds(30);

    boolean[] inserted = trips(postgres, "start two runs", () -> store.runs().insertRuns(List.of(
        newRun("a", t0), newRun("b", t0))));
    assertTrue(inserted[0] && inserted[1]);

    List<ClaimedRun> claimed = trips(postgres, "claim the due runs with their turns' reads",
        () -> store.runs().claim(t0, List.of(WORKFLOW), 10, "engine", lease));
    assertEquals(2, claimed.size());
    claimed.forEach(claim -> assertNotNull(claim.resumption(), "read with the claim"));
    RunRecord a = claimed.get(0).run().runId().equals("a")
        ? claimed.get(0).run() : claimed.get(1).run();
    RunRecord b = a == claimed.get(0).run() ? claimed.get(1).run() : claimed.get(0).run();

    Instant t1 = t0.plusMillis(5);
    TaskRecord task = TaskRecord.queued(TaskRecord.id("a", 0, 1), "a", 0, "charge", 1, "[]",
        60_000, t1);
    CheckpointRecord remote = new CheckpointRecord("a", 0, CheckpointKind.REMOTE, "charge",
        StepState.PENDING, 1, "[]", null, null, null, t1, t1);
    WrittenProgress progress = trips(postgres, "write the progress of two turns",
        () -> store.runs().commit(
            List.of(new Commit(a.fence(), RunChange.sleeping(null, null),
                    List.of(new Commit.CheckpointWrite(remote, true)), List.of(), List.of(task)),
                new Commit(b.fence(), RunChange.completed("1"), List.of(),
                    List.of(EventType.RUN_COMPLETED.run(null, t1)))), t1));
    assertTrue(progress.written()[0] && progress.written()[1]);
    assertEquals(List.of(), progress.dueAtOnce(),
        "nothing woke run a while its turn executed: it sleeps");

    Resumption resumption = trips(postgres, "read a turn's resumption",
        () -> store.runs().resumption("a"));
    assertEquals(1, resumption.checkpoints().size());
    assertEquals(List.of(task.taskId()),
        resumption.waitingTasks().stream().map(TaskRecord::taskId).toList());

    trips(postgres, "renew a lease", () -> {
      store.runs().renewLeases("engine", List.of("a"), lease.plusSeconds(1));
      return null;
    });

    Instant t2 = t1.plusMillis(5);
    List<TaskRecord> tasks = trips(postgres, "claim tasks",
        () -> store.tasks().claim(List.of("charge"), 10, "worker", t2));
    assertEquals(1, tasks.size());

    Instant t3 = t2.plusMillis(5);
    StoredOutcomes outcomes = trips(postgres, "store an outcome, handing its run back",
        () -> store.tasks().finish(List.of(new FinishedTask(tasks.get(0),
            TaskOutcome.succeeded("\"ok\""))), "worker", t3,
            new HandBack(List.of("a"), "engine", t3.plusSeconds(30))));
    assertTrue(outcomes.stored()[0]);
    if (postgres) {
      assertEquals(List.of("a"),
          outcomes.handedBack().stream().map(claim -> claim.run().runId()).toList());
      assertEquals(1, outcomes.handedBack().get(0).resumption().waitingTasks().size());
    } else {
      assertTrue(outcomes.runsWoken(), "H2 wakes the run for any engine instead");
      assertEquals(List.of("a"), store.runs().claim(t3, List.of(WORKFLOW), 10, "engine",
          lease).stream()
          .map(claim -> claim.run().runId()).toList());
    }

    // a workflow's signal names, declared at every engine start: one upsert each time, which
    // stores the union of every declaration's names ("ab" is not taken for "a")
    for (List<String> names : List.of(List.of("b", "a"), List.of("a"), List.of("ab", "c"))) {
      trips(postgres, "declare signals " + names, () -> {
        store.signals().declare(WORKFLOW, names, t3);
        return null;
      });
    }
    assertEquals(Optional.of(new TreeSet<>(List.of("a", "ab", "b", "c"))),
        store.signals().declared(WORKFLOW));

    // a queue's admission: the lock and its first reads in one round trip, and each key's
    // counts and candidates in another; then the admitted runs' update, their events and the
    // engines' wake-up, and the commit
    Queue queue = Queue.named("rt").concurrency(1);
    store.queues().declare(queue, "engine", t3);
    roundTrips.set(0);
    assertEquals(0, store.queues().admit(queue, "engine", () -> t3, LIVENESS, 0).admitted());
    if (postgres) {
      assertEquals(2, roundTrips.get(), "an admission with no run queued, and its commit");
    }
    for (String runId : List.of("queued-1", "queued-2")) {
      assertTrue(store.runs().insertRuns(List.of(new NewRun(runId, WORKFLOW, "[]", t3, null, null,
          null,
          null, null, List.of(EventType.RUN_CREATED.run(null, t3)), null,
          new QueuePlace("rt", 0, null, null, null))))[0]);
    }
    roundTrips.set(0);
    assertEquals(1, store.queues().admit(queue, "engine", () -> t3, LIVENESS, 0).admitted());
    if (postgres) {
      assertEquals(6, roundTrips.get(), "an admission of one key's runs");
    }
  }

  private static NewRun newRun(String runId, Instant now) {
    return new NewRun(runId, WORKFLOW, "[]", now, null, null, null, null, null,
        List.of(EventType.RUN_CREATED.run(null, now)), null);
  }

  /** Runs {@code operation}; on PostgreSQL, checks that it took one round trip. */
  private <T> T trips(boolean postgres, String what, Supplier<T> operation) {
    roundTrips.set(0);
    T result = operation.get();
    if (postgres) {
      assertEquals(1, roundTrips.get(), what);
    }
    return result;
  }

  /** {@code target}, its connections and their statements counting round trips. */
  private DataSource counting(DataSource target) {
    return proxy(DataSource.class, target, result -> !(result instanceof Connection connection)
        ? result : proxy(Connection.class, connection,
        statement -> statement instanceof PreparedStatement prepared
            ? proxy(PreparedStatement.class, prepared, UnaryOperator.identity())
            : statement instanceof Statement plain
                ? proxy(Statement.class, plain, UnaryOperator.identity()) : statement));
  }

  /** {@code target} behind {@code type}, counting round trips; {@code wrap} wraps its results. */
  private <T> T proxy(Class<T> type, T target, UnaryOperator<Object> wrap) {
    return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type},
        (self, method, args) -> {
          if (ROUND_TRIPS.contains(method.getName())) {
            roundTrips.incrementAndGet();
          }
          try {
            return wrap.apply(method.invoke(target, args));
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        }));
  }

  private static DataSource driverManager(String url) {
    return (DataSource) Proxy.newProxyInstance(RoundTripsTest.class.getClassLoader(),
        new Class<?>[] {DataSource.class}, (self, method, args) -> {
          if (method.getName().equals("getConnection")) {
            return DriverManager.getConnection(url);
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }
}
