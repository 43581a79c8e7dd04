package dev.durable.spring.boot.app;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/**
 * A transactional bean a step calls: where transactions belong. Its first call writes a row and
 * then fails, so the transaction rolls the row back and the step's retry writes it again.
 */
public class Ledger {
  private final JdbcTemplate jdbc;
  private final AtomicInteger calls = new AtomicInteger();

  public Ledger(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @Transactional
  public int record(String entry) {
    jdbc.update("INSERT INTO ledger (entry) VALUES (?)", entry);
    if (calls.incrementAndGet() == 1) {
      throw new IllegalStateException("the first attempt fails after its insert");
    }
    return jdbc.queryForObject("SELECT COUNT(*) FROM ledger", Integer.class);
  }
}
