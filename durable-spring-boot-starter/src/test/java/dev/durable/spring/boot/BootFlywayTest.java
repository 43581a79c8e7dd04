package dev.durable.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.durable.spring.boot.app.AppBeans;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Spring Boot's own Flyway runs on the application's database only when the application uses
 * Flyway, not merely because Durable brought Flyway onto the class path ({@link
 * BootFlywayDefault}). Each case starts a real {@code SpringApplication}, as {@code main} does, so
 * that the post-processor is found where Boot looks for it ({@code META-INF/spring.factories}).
 * These tests' class path holds an application's migration ({@code db/migration/V1__ledger.sql});
 * an application without one is this class path with that directory hidden.
 */
class BootFlywayTest {
  /** Boot's Flyway, the starter and what the test workflows depend on. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class,
    DurableAutoConfiguration.class
  })
  @Import(AppBeans.class)
  static class Application {}

  @Test
  void anApplicationWithoutMigrationsOfItsOwnGetsNoFlywayHistory() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2);
        ConfigurableApplicationContext context = start(db, withoutMigrations())) {
      assertThat(context.getBeansOfType(Flyway.class)).isEmpty();
      assertThat(tables(context)).doesNotContain("flyway_schema_history")
          .contains("durable_schema_history");
    }
  }

  @Test
  void anApplicationWithMigrationsKeepsBootsFlyway() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2);
        ConfigurableApplicationContext context =
            start(db, new DefaultResourceLoader(BootFlywayTest.class.getClassLoader()))) {
      assertThat(context.getBeansOfType(Flyway.class)).hasSize(1);
      assertThat(jdbc(context).queryForList(
              "SELECT \"script\" FROM \"flyway_schema_history\" WHERE \"type\" = 'SQL'",
              String.class))
          .containsExactly("V1__ledger.sql");
    }
  }

  @Test
  void anApplicationThatConfiguresFlywayKeepsIt() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2);
        ConfigurableApplicationContext context = start(db, withoutMigrations(),
            "spring.flyway.baseline-on-migrate=true",
            // Flyway's "no migrations found": nothing to migrate is what this case is
            "logging.level.org.flywaydb=error")) {
      assertThat(context.getBeansOfType(Flyway.class)).hasSize(1);
      assertThat(tables(context)).contains("flyway_schema_history");
    }
  }

  @Test
  void aFlywaySettingInTheEnvironmentCountsAsWell() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2);
        ConfigurableApplicationContext context = start(db, withoutMigrations(),
            "spring.flyway.enabled=true", "logging.level.org.flywaydb=error")) {
      assertThat(context.getBeansOfType(Flyway.class)).hasSize(1);
    }
  }

  /** Boot's Flyway and Durable's engine on {@code db}, with {@code properties} set. */
  private static ConfigurableApplicationContext start(
      TestDatabase db, DefaultResourceLoader resources, String... properties) {
    return new SpringApplicationBuilder(Application.class)
        .resourceLoader(resources)
        .web(WebApplicationType.NONE)
        .properties("spring.datasource.url=" + db.url(), "spring.main.banner-mode=off",
            "spring.main.log-startup-info=false")
        .properties(properties)
        .run();
  }

  /** The class path of an application with no migrations of its own. */
  private static DefaultResourceLoader withoutMigrations() {
    return new DefaultResourceLoader(
        new FilteredClassLoader(new ClassPathResource("db/migration")));
  }

  private static JdbcTemplate jdbc(ConfigurableApplicationContext context) {
    return new JdbcTemplate(context.getBean(DataSource.class));
  }

  private static List<String> tables(ConfigurableApplicationContext context) {
    return jdbc(context).queryForList(
        "SELECT LOWER(TABLE_NAME) FROM INFORMATION_SCHEMA.TABLES", String.class);
  }
}
