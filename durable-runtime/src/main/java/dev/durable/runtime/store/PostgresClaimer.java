package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Claims a batch of due runs in one statement: {@code FOR UPDATE SKIP LOCKED} picks due rows no
 * other engine is claiming, the update leases them and moves their epochs on, and the claim is
 * logged, all in one round trip.
 */
final class PostgresClaimer implements Claimer {
  private static final String CLAIM_PREFIX =
      "WITH due AS ("
          + "  SELECT run_id, status AS previous_status, lease_owner AS previous_owner"
          + "  FROM durable_runs WHERE due_at <= ? AND ";
  private static final String CLAIM_DUE_FILTER_PREFIX = "(";
  private static final String CLAIM_DUE_KEY = "(workflow_name = ? AND workflow_version = ?)";
  private static final String CLAIM_DUE_FILTER_SUFFIX = ") ORDER BY due_at LIMIT ?";
  private static final String CLAIM_SUFFIX =
      "  FOR UPDATE SKIP LOCKED"
          + "), claimed AS ("
          + "  UPDATE durable_runs r SET status = 'RUNNING', lease_owner = ?, lease_until = ?,"
          + "    due_at = ?, wake_at = NULL, woken_at = NULL, epoch = r.epoch + 1, updated_at = ?"
          + "  FROM due WHERE r.run_id = due.run_id"
          + "  RETURNING r.run_id, r.workflow_name, r.workflow_version, r.status, r.input,"
          + "    r.output, r.error_message, r.error_code, r.error_type, r.error_step, r.created_at,"
          + "    r.updated_at, r.wake_at, r.due_at, r.lease_owner, r.lease_until, r.epoch,"
          + "    due.previous_status, due.previous_owner"
          + "), logged AS ("
          + "  INSERT INTO durable_events (run_id, at, type, attempt, detail)"
          + "  SELECT run_id, ?, 'run.claimed', 0, CASE WHEN previous_status = 'RUNNING'"
          + "    AND previous_owner IS NOT NULL THEN ? || ' took over from ' || previous_owner"
          + "    || ', whose lease expired' ELSE ? END FROM claimed"
          + ") SELECT * FROM claimed ORDER BY due_at";

  private final Map<Integer, String> dueClaims = new ConcurrentHashMap<>();

  private String dueClaim(int keys) {
    return dueClaims.computeIfAbsent(keys, n -> {
      StringBuilder sql = new StringBuilder(CLAIM_PREFIX).append(CLAIM_DUE_FILTER_PREFIX);
      for (int i = 0; i < n; i++) {
        sql.append(i == 0 ? "" : " OR ").append(CLAIM_DUE_KEY);
      }
      return sql.append(CLAIM_DUE_FILTER_SUFFIX).append(CLAIM_SUFFIX).toString();
    });
  }

  @Override
  public List<RunRecord> claimDue(
      Connection connection, Instant now, List<WorkflowKey> workflows, int limit, String owner,
      Instant leaseUntil) throws SQLException {
    try (PreparedStatement claim = connection.prepareStatement(dueClaim(workflows.size()))) {
      int p = 1;
      Rows.setInstant(claim, p++, now);
      for (WorkflowKey key : workflows) {
        claim.setString(p++, key.name());
        claim.setString(p++, key.version());
      }
      claim.setInt(p++, limit);
      bindClaim(claim, p, owner, now, leaseUntil);
      return read(claim);
    }
  }

  private static void bindClaim(
      PreparedStatement claim, int first, String owner, Instant now, Instant leaseUntil)
      throws SQLException {
    int p = first;
    claim.setString(p++, owner);
    Rows.setInstant(claim, p++, leaseUntil);
    Rows.setInstant(claim, p++, leaseUntil);
    Rows.setInstant(claim, p++, now);
    Rows.setInstant(claim, p++, now);
    claim.setString(p++, owner);
    claim.setString(p, owner);
  }

  private static List<RunRecord> read(PreparedStatement claim) throws SQLException {
    List<RunRecord> claimed = new ArrayList<>();
    try (ResultSet rows = claim.executeQuery()) {
      while (rows.next()) {
        claimed.add(Rows.run(rows, 1));
      }
    }
    return claimed;
  }
}
