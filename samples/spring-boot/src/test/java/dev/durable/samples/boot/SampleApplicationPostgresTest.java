package dev.durable.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sample application on PostgreSQL, in a schema of its own in the database {@code
 * DURABLE_PG_URL} names (skipped without it): it starts as {@code main} starts it, runs an order,
 * and its schema is dropped once it has stopped.
 */
@EnabledIfEnvironmentVariable(named = "DURABLE_PG_URL", matches = ".+",
    disabledReason = "DURABLE_PG_URL is not set: the PostgreSQL variant is skipped")
@OnPostgres
class SampleApplicationPostgresTest {
  @Test
  void anOrderRunsToCompletionOnPostgres() throws SQLException {
    String baseUrl = System.getenv("DURABLE_PG_URL");
    String schema = "sample_boot_" + UUID.randomUUID().toString().replace("-", "");
    execute(baseUrl, "CREATE SCHEMA " + schema);
    String url = baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    // a command-line argument, as in `java -jar app.jar --spring.datasource.url=...`: it wins
    // over application.properties (SpringApplicationBuilder.properties would not)
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(SampleApplication.class).bannerMode(Banner.Mode.OFF)
            .run("--spring.datasource.url=" + url)) {
      DurableEngine engine = context.getBean(DurableEngine.class);

      String result = OrderWorkflowClient.of(engine)
          .start(new Order("ada@example.com", "teapot", 3))
          .await(Duration.ofSeconds(10));

      assertThat(result).isEqualTo("reserved 3 teapot, 7 left");
      assertThat(queryInt(url, "SELECT quantity FROM stock")).isEqualTo(7);
      assertThat(queryInt(url, "SELECT COUNT(*) FROM durable_runs")).isEqualTo(1);
      assertThat(HealthStatus.of(context.getBean("durableHealthIndicator"))).isEqualTo("UP");
    } finally {
      execute(baseUrl, "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  private static int queryInt(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getInt(1);
    }
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
