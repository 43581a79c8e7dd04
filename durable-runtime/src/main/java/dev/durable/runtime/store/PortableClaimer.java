package dev.durable.runtime.store;

import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Claims by reading candidates and then compare-and-setting each run's epoch: of engines racing
 * for a run, one wins. Used for H2 (whose {@code SKIP LOCKED} with {@code LIMIT} on a non-key order
 * skips free rows).
 */
final class PortableClaimer implements Claimer {
  private static final String SELECT_DUE_PREFIX =
      "SELECT run_id FROM durable_runs WHERE due_at <= ? AND (";
  private static final String SELECT_DUE_KEY = "(workflow_name = ? AND workflow_version = ?)";
  private static final String SELECT_DUE_SUFFIX = ") ORDER BY due_at LIMIT ?";
  private static final String CLAIM =
      "UPDATE durable_runs SET status = 'RUNNING', lease_owner = ?, lease_until = ?, due_at = ?,"
          + " wake_at = NULL, woken_at = NULL, epoch = ?, updated_at = ?"
          + " WHERE run_id = ? AND epoch = ? AND due_at <= ?";

  private final Map<Integer, String> dueQueries = new ConcurrentHashMap<>();

  /** The due-run query for {@code keys} workflows: an index range scan on {@code due_at}. */
  String dueQuery(int keys) {
    return dueQueries.computeIfAbsent(keys, n -> {
      StringBuilder sql = new StringBuilder(SELECT_DUE_PREFIX);
      for (int i = 0; i < n; i++) {
        sql.append(i == 0 ? "" : " OR ").append(SELECT_DUE_KEY);
      }
      return sql.append(SELECT_DUE_SUFFIX).toString();
    });
  }

  /** The ids of up to {@code limit} due runs of the given workflows, earliest first. */
  private List<String> findDue(Connection connection, Instant now, List<WorkflowKey> workflows, int limit)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(dueQuery(workflows.size()))) {
      int i = 1;
      Rows.setInstant(select, i++, now);
      for (WorkflowKey key : workflows) {
        select.setString(i++, key.name());
        select.setString(i++, key.version());
      }
      select.setInt(i, limit);
      List<String> ids = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          ids.add(rows.getString(1));
        }
      }
      return ids;
    }
  }

  @Override
  public List<RunRecord> claimDue(
      Connection connection, Instant now, List<WorkflowKey> workflows, int limit, String owner,
      Instant leaseUntil) throws SQLException {
    List<RunRecord> claimed = new ArrayList<>();
    for (String runId : findDue(connection, now, workflows, limit)) {
      claimOne(connection, runId, owner, now, leaseUntil).ifPresent(claimed::add);
    }
    return claimed;
  }

  /** Claims one run if it is due: a compare-and-set on its epoch, and logs it. */
  private Optional<RunRecord> claimOne(
      Connection connection, String runId, String owner, Instant now, Instant leaseUntil)
      throws SQLException {
    Optional<RunRecord> found = Rows.selectRun(connection, runId);
    if (found.isEmpty() || found.get().dueAt() == null || found.get().dueAt().isAfter(now)) {
      return Optional.empty();
    }
    RunRecord run = found.get();
    long epoch = run.epoch() + 1;
    try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
      claim.setString(1, owner);
      Rows.setInstant(claim, 2, leaseUntil);
      Rows.setInstant(claim, 3, leaseUntil);
      claim.setLong(4, epoch);
      Rows.setInstant(claim, 5, now);
      claim.setString(6, runId);
      claim.setLong(7, run.epoch());
      Rows.setInstant(claim, 8, now);
      if (claim.executeUpdate() == 0) {
        return Optional.empty();
      }
    }
    String detail =
        Claimer.claimedDetail(owner, run.status().name(), run.leaseOwner());
    EventLog.append(connection, runId, List.of(NewEvent.run("run.claimed", detail, now)));
    return Optional.of(
        new RunRecord(
            run.runId(), run.workflow(), RunState.RUNNING, run.input(), run.output(),
            run.error(), run.createdAt(), now, null, leaseUntil, owner, leaseUntil, epoch));
  }
}
