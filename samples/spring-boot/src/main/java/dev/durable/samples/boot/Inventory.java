package dev.durable.samples.boot;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The application's stock, in its own table ({@code db/migration}, migrated by Spring Boot's
 * Flyway). Transactional: the transaction belongs here, in the bean a step calls, not on the
 * workflow.
 */
@Service
public class Inventory {
  private final JdbcTemplate jdbc;

  public Inventory(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Takes {@code quantity} of {@code item} out of stock; returns what is left. */
  @Transactional
  public int reserve(String item, int quantity) {
    int updated = jdbc.update(
        "UPDATE stock SET quantity = quantity - ? WHERE item = ? AND quantity >= ?",
        quantity, item, quantity);
    if (updated == 0) {
      throw new IllegalStateException("not enough " + item + " in stock for " + quantity);
    }
    return jdbc.queryForObject("SELECT quantity FROM stock WHERE item = ?", Integer.class, item);
  }
}
