package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The login's back-off per client address. */
class LoginThrottleTest {
  /** A clock a test moves by hand. */
  private static final class HandClock extends Clock {
    private Instant now = Instant.parse("2030-01-01T00:00:00Z");

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private final HandClock clock = new HandClock();
  private final LoginThrottle throttle = new LoginThrottle(clock);

  @Test
  void theFirstWrongTokensAreFreeThenTheWaitDoublesUpToItsMaximum() {
    for (int i = 1; i < LoginThrottle.FREE_TRIES; i++) {
      assertEquals(i, throttle.failed("a"));
      assertEquals(Optional.empty(), throttle.waitFor("a"));
    }
    throttle.failed("a");
    assertEquals(Optional.of(Duration.ofSeconds(1)), throttle.waitFor("a"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(Optional.empty(), throttle.waitFor("a"));
    throttle.failed("a");
    assertEquals(Optional.of(Duration.ofSeconds(2)), throttle.waitFor("a"));
    for (int i = 0; i < 30; i++) {
      throttle.failed("a");
    }
    assertEquals(Optional.of(LoginThrottle.MAX_WAIT), throttle.waitFor("a"));
    assertEquals(Optional.empty(), throttle.waitFor("b"), "another address does not wait");
  }

  @Test
  void theRightTokenClearsTheAddress() {
    for (int i = 0; i < LoginThrottle.FREE_TRIES + 3; i++) {
      throttle.failed("a");
    }
    clock.advance(LoginThrottle.MAX_WAIT);
    throttle.succeeded("a");
    assertEquals(1, throttle.failed("a"));
    assertEquals(Optional.empty(), throttle.waitFor("a"));
  }
}
