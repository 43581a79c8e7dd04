package dev.durable.runtime.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The rewrite of the store's texts for a schema of its own. */
class StatementTextsTest {
  private final StatementTexts durable = new StatementTexts("durable");

  @Test
  void tablesAreQualifiedAndLiteralsAliasesAndQualifiedNamesAreNot() {
    assertEquals("SELECT r.run_id FROM \"durable\".durable_runs r JOIN \"durable\".durable_steps s"
            + " ON s.run_id = r.run_id WHERE r.status = 'durable_runs' AND x.durable_y = 1",
        durable.rewrite("SELECT r.run_id FROM durable_runs r JOIN durable_steps s"
            + " ON s.run_id = r.run_id WHERE r.status = 'durable_runs' AND x.durable_y = 1"));
    assertEquals("LISTEN \"durable_runs.durable\"", durable.rewrite("LISTEN \"durable_runs.durable\""));
  }

  @Test
  void theSchemaItsSequenceAndTheNamesThatMustStayUnqualified() {
    assertEquals("SELECT 'durable'::regnamespace, nextval('\"durable\".durable_events_id_seq')",
        durable.rewrite("SELECT current_schema()::regnamespace, nextval('durable_events_id_seq')"));
    assertEquals("SELECT run_id FROM \"durable\".durable_runs USE INDEX (durable_runs_due)"
            + " WHERE x FOR UPDATE OF durable_tasks SKIP LOCKED",
        durable.rewrite("SELECT run_id FROM durable_runs USE INDEX (durable_runs_due)"
            + " WHERE x FOR UPDATE OF durable_tasks SKIP LOCKED"));
  }

  @Test
  void aTextRepeatedIsRewrittenOnce() {
    String text = "SELECT 1 FROM durable_runs";
    assertSame(durable.rewrite(text), durable.rewrite(text));
  }
}
