package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.StepContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Each step first checks, in the database, that the previous step's checkpoint is already stored:
 * a run must never proceed past a step before its checkpoint is durable.
 */
@Workflow(name = "ledger")
public class LedgerWorkflow {
  private final String jdbcUrl;

  public LedgerWorkflow(String jdbcUrl) {
    this.jdbcUrl = jdbcUrl;
  }

  @Step
  protected int debit(StepContext context, int amount) {
    requireStored(context.runId(), -1);
    return amount;
  }

  @Step
  protected int credit(StepContext context, int amount) {
    requireStored(context.runId(), 0);
    return amount;
  }

  @Step
  protected String settle(StepContext context, int debited, int credited) {
    requireStored(context.runId(), 1);
    return "settled " + debited + "/" + credited;
  }

  @Run
  public String run(int amount) {
    int debited = debit(null, amount);
    int credited = credit(null, amount);
    return settle(null, debited, credited);
  }

  private void requireStored(String runId, int previousSeq) {
    if (previousSeq < 0) {
      return;
    }
    try (Connection connection = DriverManager.getConnection(jdbcUrl);
        PreparedStatement select = connection.prepareStatement(
            "SELECT status FROM durable_steps WHERE run_id = ? AND seq = ?")) {
      select.setString(1, runId);
      select.setInt(2, previousSeq);
      try (ResultSet rows = select.executeQuery()) {
        if (!rows.next() || !rows.getString(1).equals("COMPLETED")) {
          throw new FatalError(
              "step " + previousSeq + " of run " + runId + " is not stored yet", "not_durable");
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
