package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/** Leases due runs to an engine; one implementation per dialect. */
interface Claimer {

  /** Claims up to {@code limit} due runs of the given workflows, earliest first, and logs it. */
  List<RunRecord> claimDue(
      Connection connection, Instant now, List<WorkflowKey> workflows, int limit, String owner,
      Instant leaseUntil) throws SQLException;

  /** The detail of a {@code run.claimed} event. */
  static String claimedDetail(String owner, String previousStatus, String previousOwner) {
    return "RUNNING".equals(previousStatus) && previousOwner != null
        ? owner + " took over from " + previousOwner + ", whose lease expired"
        : owner;
  }
}
