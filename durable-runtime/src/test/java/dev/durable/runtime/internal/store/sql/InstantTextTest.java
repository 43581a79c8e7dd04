package dev.durable.runtime.internal.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InstantTextTest {
  @Test
  void writesTheInstantAsIsoTextThatReadsBackToIt() {
    Random random = new Random(20261202);
    for (int i = 0; i < 100_000; i++) {
      // any instant from year 1 to 9999, with a fraction of any precision or none
      long seconds = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond()
          + (long) (random.nextDouble() * 315_537_897_600L);
      int nanos = switch (i % 4) {
        case 0 -> 0;
        case 1 -> random.nextInt(1000) * 1_000_000;
        case 2 -> random.nextInt(1_000_000) * 1_000;
        default -> random.nextInt(1_000_000_000);
      };
      Instant instant = Instant.ofEpochSecond(seconds, nanos);
      assertEquals(instant, Instant.parse(InstantText.of(instant)), instant.toString());
    }
  }

  @Test
  void writesTheFieldsInFixedWidths() {
    assertEquals("2026-12-02T04:42:16Z", InstantText.of(Instant.parse("2026-12-02T04:42:16Z")));
    assertEquals("1970-01-01T00:00:00.000000001Z", InstantText.of(Instant.ofEpochSecond(0, 1)));
    assertEquals("1969-12-31T23:59:59.500000000Z",
        InstantText.of(Instant.ofEpochSecond(-1, 500_000_000)));
    assertEquals("1000-01-01T00:00:00Z", InstantText.of(Instant.parse("1000-01-01T00:00:00Z")));
    assertEquals("9999-12-31T23:59:59.999999999Z",
        InstantText.of(Instant.parse("9999-12-31T23:59:59.999999999Z")));
  }

  @Test
  void leavesYearsBeyondFourDigitsToTheJdk() {
    assertEquals(Instant.MAX.toString(), InstantText.of(Instant.MAX));
    assertEquals(Instant.MIN.toString(), InstantText.of(Instant.MIN));
    Instant early = Instant.parse("0999-06-01T12:00:00Z");
    assertEquals(early.toString(), InstantText.of(early));
  }
}
