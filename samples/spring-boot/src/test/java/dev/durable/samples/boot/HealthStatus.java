package dev.durable.samples.boot;

import java.lang.reflect.InvocationTargetException;

/**
 * A health indicator's status code. Spring Boot 4 moved {@code HealthIndicator} to another
 * package, and these tests run on Boot 3.5 and 4 alike: they call it by name.
 */
final class HealthStatus {
  private HealthStatus() {}

  static String of(Object indicator) {
    try {
      Object health = indicator.getClass().getMethod("health").invoke(indicator);
      Object status = health.getClass().getMethod("getStatus").invoke(health);
      return (String) status.getClass().getMethod("getCode").invoke(status);
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
      throw new AssertionError("not a health indicator: " + indicator, e);
    }
  }
}
