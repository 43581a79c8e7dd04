package dev.durable.spring.boot;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The {@code durable} health indicator on Spring Boot 4 ({@code
 * org.springframework.boot.health.contributor}).
 */
public final class Boot4HealthIndicator implements HealthIndicator {
  private final DurableHealth health;

  Boot4HealthIndicator(DurableHealth health) {
    this.health = health;
  }

  @Override
  public Health health() {
    DurableHealth.Outcome outcome = health.check();
    return (outcome.up() ? Health.up() : Health.down()).withDetails(outcome.details()).build();
  }
}
