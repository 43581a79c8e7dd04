package dev.durable.spring.boot;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keeps Spring Boot's own Flyway off in an application that has no migrations of its own.
 *
 * <p>Durable brings {@code flyway-core} for its own tables (migrated by the engine, with their own
 * history table), and on Boot 3 Flyway on the class path is enough for Boot's {@code
 * FlywayAutoConfiguration} to migrate the application's database: with nothing to migrate, it
 * leaves an empty {@code flyway_schema_history} table and a "no migrations found" warning at every
 * start. So, as the lowest-precedence default, {@code spring.flyway.enabled=false}, unless the
 * application uses Flyway: it has something under {@code db/migration} (Boot's default location)
 * or sets any {@code spring.flyway.*} property, such as {@code spring.flyway.enabled=true} or
 * {@code spring.flyway.locations}, in any property source.
 */
public class BootFlywayDefault implements EnvironmentPostProcessor {
  /** The property source it adds, last. */
  static final String PROPERTY_SOURCE = "durable-boot-flyway-default";
  /** Boot's default migration location, {@code classpath:db/migration}, as a resource path. */
  private static final String DEFAULT_LOCATION = "db/migration";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (environment.getPropertySources().contains(PROPERTY_SOURCE)
        || Binder.get(environment)
            .bind("spring.flyway", Bindable.mapOf(String.class, Object.class)).isBound()
        || application.getClassLoader().getResource(DEFAULT_LOCATION) != null) {
      return;
    }
    environment.getPropertySources().addLast(
        new MapPropertySource(PROPERTY_SOURCE, Map.of("spring.flyway.enabled", "false")));
  }
}
