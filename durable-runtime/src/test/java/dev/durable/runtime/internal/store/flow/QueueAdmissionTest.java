package dev.durable.runtime.internal.store.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.store.run.RunLeases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An admission's outcomes, on a private in-memory H2 database: a paused queue, a queue another
 * engine is admitting, and a queue shared by engines, whose runs the engine admitting gives each
 * engine its part of, and which the claims leave to that engine for a moment.
 */
class QueueAdmissionTest {
  private static final WorkflowKey WORKFLOW = new WorkflowKey("wf", "1");
  private static final Duration LIVENESS = Duration.ofSeconds(30);
  private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);
  private static final Queue QUEUE = Queue.named("q").concurrency(4);

  private JdbcDataSource dataSource;
  private Stores store;

  @BeforeEach
  void openStore() throws SQLException {
    dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:mem:admission-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    store = new Stores(dataSource);
    store.migrate();
    assertTrue(store.queues().declare(QUEUE, "engine-a", NOW).isEmpty());
  }

  @Test
  void aPausedQueueAdmitsNothingAndIsNotTakenForOneAnotherEngineIsAdmitting() throws SQLException {
    enqueue(2);
    assertEquals(Boolean.TRUE, store.queues().pause("q", true, NOW).orElseThrow());
    QueueAdmissions.Admission paused = admit("engine-a", 8);
    assertEquals(0, paused.admitted());
    assertFalse(paused.busy(), "a paused queue is looked at again at the next poll, not sooner");

    store.queues().pause("q", false, NOW);
    assertEquals(2, admit("engine-a", 8).admitted());
  }

  @Test
  void aQueueAnotherEngineIsAdmittingIsBusyAndLeftAsItIs() throws SQLException {
    enqueue(2);
    try (Connection other = dataSource.getConnection();
        Statement lock = other.createStatement()) {
      other.setAutoCommit(false);
      lock.executeQuery("SELECT paused FROM durable_queues WHERE queue_name = 'q' FOR UPDATE")
          .close();
      QueueAdmissions.Admission busy = admit("engine-b", 8);
      assertTrue(busy.busy(), "the engine admitting the queue holds its row");
      assertEquals(0, busy.admitted());
      other.rollback();
    }
    assertEquals(2, admit("engine-b", 8).admitted());
  }

  @Test
  void theEngineAdmittingGivesEachEngineServingTheQueueItsPartOfTheRuns() throws SQLException {
    store.queues().serve(List.of("q"), "engine-a", NOW, NOW.minusSeconds(3600));
    store.queues().serve(List.of("q"), "engine-b", NOW, NOW.minusSeconds(3600));
    enqueue(6);

    QueueAdmissions.Admission admission = admit("engine-a", 8);
    assertEquals(4, admission.admitted(), "the whole free room, whichever engine admits");
    assertEquals(2, admission.forOthers());
    assertEquals(Map.of("engine-a", 2, "engine-b", 2), givenTo());

    // the claims leave each run to its engine for a moment, then to any
    assertEquals(2, claim("engine-b", NOW).size());
    assertEquals(List.of(), claim("engine-c", NOW));
    assertEquals(2, claim("engine-c", NOW.plus(RunLeases.ADMITTED_HOLD)).size(),
        "runs given to an engine that does not claim them are taken by another after the hold");
  }

  @Test
  void anEngineWithNoFreeSlotGivesItsPartToTheOthers() throws SQLException {
    store.queues().serve(List.of("q"), "engine-a", NOW, NOW.minusSeconds(3600));
    store.queues().serve(List.of("q"), "engine-b", NOW, NOW.minusSeconds(3600));
    enqueue(6);

    QueueAdmissions.Admission admission = admit("engine-a", 1);
    assertEquals(4, admission.admitted());
    assertEquals(3, admission.forOthers());
    assertEquals(Map.of("engine-a", 1, "engine-b", 3), givenTo());
  }

  @Test
  void anEngineAloneTakesTheWholeRoomWhateverItClaims() throws SQLException {
    enqueue(6);
    QueueAdmissions.Admission admission = admit("engine-a", 1);
    assertEquals(4, admission.admitted(), "the others woken take what this engine does not");
    assertEquals(0, admission.forOthers());
    assertEquals(Map.of("engine-a", 4), givenTo());
  }

  @Test
  void aQueueIsFullOnceItsRunsHoldEverySlot() throws SQLException {
    enqueue(2);
    QueueAdmissions.Admission room = admit("engine-a", 8);
    assertEquals(2, room.admitted());
    assertFalse(room.full(), "two of its four slots are free");
    enqueue(3, 2);
    QueueAdmissions.Admission full = admit("engine-a", 8);
    assertEquals(2, full.admitted());
    assertTrue(full.full(), "every slot is held, with a run still waiting");
    assertTrue(admit("engine-a", 8).full());
  }

  private QueueAdmissions.Admission admit(String engineId, int takesHere) {
    return store.queues().admit(QUEUE, engineId, () -> NOW, LIVENESS, takesHere);
  }

  private List<RunRecord> claim(String engineId, Instant at) {
    return store.runs().claimDue(at, List.of(WORKFLOW), 10, engineId, at.plusSeconds(30));
  }

  /** {@code count} runs queued in queue {@code q}, oldest first. */
  private void enqueue(int count) throws SQLException {
    enqueue(count, 0);
  }

  /** {@code count} runs queued in queue {@code q}, oldest first, numbered from {@code first}. */
  private void enqueue(int count, int first) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO durable_runs"
            + " (run_id, workflow_name, workflow_version, status, created_at, updated_at, epoch,"
            + " queue_name) VALUES (?, 'wf', '1', 'ENQUEUED', ?, ?, 0, 'q')")) {
      for (int i = first; i < first + count; i++) {
        OffsetDateTime at = OffsetDateTime.ofInstant(NOW.minusSeconds(60 - i), ZoneOffset.UTC);
        insert.setString(1, "run-" + i);
        insert.setObject(2, at);
        insert.setObject(3, at);
        insert.executeUpdate();
      }
    }
  }

  /** How many of the queue's admitted runs each engine was given. */
  private Map<String, Integer> givenTo() throws SQLException {
    Map<String, Integer> given = new TreeMap<>();
    try (Connection connection = dataSource.getConnection();
        Statement select = connection.createStatement();
        ResultSet rows = select.executeQuery("SELECT admitted_by, COUNT(*) FROM durable_runs"
            + " WHERE admitted_at IS NOT NULL GROUP BY admitted_by")) {
      while (rows.next()) {
        given.put(rows.getString(1), rows.getInt(2));
      }
    }
    return given;
  }
}
