package dev.durable.spring.boot;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * The {@code durable} health indicator on Spring Boot 3 ({@code
 * org.springframework.boot.actuate.health}).
 */
public final class Boot3HealthIndicator implements HealthIndicator {
  private final DurableHealth health;

  Boot3HealthIndicator(DurableHealth health) {
    this.health = health;
  }

  @Override
  public Health health() {
    DurableHealth.Outcome outcome = health.check();
    return (outcome.up() ? Health.up() : Health.down()).withDetails(outcome.details()).build();
  }
}
