package dev.durable.runtime.internal.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How often a started engine looks for ended runs to delete, by its retention. */
class RetentionTest {

  @ParameterizedTest
  @CsvSource(textBlock = """
      P30D,  PT1M
      PT10M, PT1M
      PT5M,  PT30S
      PT5S,  PT1S
      PT1S,  PT1S
      """)
  void everyMinuteOrEveryTenthOfTheRetentionIfShorterButNotMoreThanOnceASecond(
      Duration retention, Duration period) {
    assertEquals(period, Retention.period(retention));
  }
}
