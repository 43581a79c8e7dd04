package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.annotations.Backoff;
import java.util.Random;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The backoff formulas of DESIGN.md, as examples and as properties over seeded random policies. */
class RetryPolicyTest {
  private static final DoubleSupplier NO_JITTER = () -> {
    throw new AssertionError("jitter must not be drawn without jitter");
  };

  @Test
  void fixedWaitsTheBaseEveryTime() {
    RetryPolicy policy = RetryPolicy.of(5, Backoff.FIXED, 300, 0, false);
    for (int n = 1; n <= 4; n++) {
      assertEquals(300, policy.delayMillisAfter(n, NO_JITTER));
    }
  }

  @Test
  void linearWaitsBaseTimesAttempts() {
    RetryPolicy policy = RetryPolicy.of(5, Backoff.LINEAR, 300, 0, false);
    assertEquals(300, policy.delayMillisAfter(1, NO_JITTER));
    assertEquals(600, policy.delayMillisAfter(2, NO_JITTER));
    assertEquals(1200, policy.delayMillisAfter(4, NO_JITTER));
  }

  @Test
  void exponentialDoublesFromTheBase() {
    RetryPolicy policy = RetryPolicy.of(10, Backoff.EXP, 200, 0, false);
    assertEquals(200, policy.delayMillisAfter(1, NO_JITTER));
    assertEquals(400, policy.delayMillisAfter(2, NO_JITTER));
    assertEquals(800, policy.delayMillisAfter(3, NO_JITTER));
    assertEquals(200L << 8, policy.delayMillisAfter(9, NO_JITTER));
  }

  @Test
  void theCapAppliesBeforeJitter() {
    RetryPolicy policy = RetryPolicy.of(10, Backoff.EXP, 200, 1000, true);
    assertEquals(1000, policy.delayMillisAfter(8, () -> 0.999_999_999));
    assertEquals(500, policy.delayMillisAfter(8, () -> 0.0));
  }

  @Test
  void delaysAreClampedToTwoToTheThirtyOneMinusOneMilliseconds() {
    RetryPolicy exp = RetryPolicy.of(Integer.MAX_VALUE, Backoff.EXP, 1000, 0, false);
    assertEquals(Integer.MAX_VALUE, exp.delayMillisAfter(40, NO_JITTER));
    assertEquals(Integer.MAX_VALUE, exp.delayMillisAfter(Integer.MAX_VALUE, NO_JITTER));
    RetryPolicy linear = RetryPolicy.of(Integer.MAX_VALUE, Backoff.LINEAR, Long.MAX_VALUE, 0, false);
    assertEquals(Integer.MAX_VALUE, linear.delayMillisAfter(3, NO_JITTER));
    RetryPolicy fixed = RetryPolicy.of(2, Backoff.FIXED, Long.MAX_VALUE, 0, true);
    assertEquals(Integer.MAX_VALUE, fixed.delayMillisAfter(1, () -> 0.0));
  }

  @Test
  void zeroBaseMeansNoDelay() {
    RetryPolicy policy = RetryPolicy.of(3, Backoff.EXP, 0, 0, true);
    assertEquals(0, policy.delayMillisAfter(2, () -> 0.5));
  }

  @Test
  void invalidPoliciesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.of(0, Backoff.EXP, 1, 0, false));
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.of(1, Backoff.EXP, -1, 0, false));
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.of(1, Backoff.EXP, 1, -1, false));
    assertThrows(IllegalArgumentException.class,
        () -> RetryPolicy.of(2, Backoff.EXP, 1, 0, false).delayMillisAfter(0, NO_JITTER));
  }

  @Test
  void attemptsAreCountedAgainstRetries() {
    RetryPolicy policy = RetryPolicy.of(3, Backoff.FIXED, 1, 0, false);
    assertTrue(policy.allowsAnotherAttempt(2));
    assertTrue(!policy.allowsAnotherAttempt(3));
    assertTrue(!RetryPolicy.NONE.allowsAnotherAttempt(1));
  }

  @ParameterizedTest
  @EnumSource(Backoff.class)
  void delaysNeverShrinkWithoutJitter(Backoff backoff) {
    Random random = new Random(backoff.ordinal());
    for (int i = 0; i < 200; i++) {
      RetryPolicy policy = randomPolicy(random, backoff, false);
      long previous = -1;
      for (int n = 1; n <= 80; n++) {
        long delay = policy.delayMillisAfter(n, NO_JITTER);
        assertTrue(delay >= previous, () -> policy + " shrank at attempt " + delay);
        previous = delay;
      }
    }
  }

  @RepeatedTest(20)
  void everyDelayIsCappedJitteredAndClamped(RepetitionInfo repetition) {
    Random random = new Random(42L * repetition.getCurrentRepetition());
    for (Backoff backoff : Backoff.values()) {
      for (int i = 0; i < 100; i++) {
        RetryPolicy jittered = randomPolicy(random, backoff, true);
        RetryPolicy plain = new RetryPolicy(jittered.retries(), backoff, jittered.backoffMs(),
            jittered.backoffMaxMs(), false);
        int n = 1 + random.nextInt(100);
        long full = plain.delayMillisAfter(n, NO_JITTER);
        double u = random.nextDouble();
        long delay = jittered.delayMillisAfter(n, () -> u);
        assertTrue(full <= RetryPolicy.MAX_DELAY_MS, "clamped");
        if (jittered.backoffMaxMs() > 0) {
          assertTrue(full <= jittered.backoffMaxMs(), "capped");
        }
        // jitter: a point in 50-100 % of the (capped, then clamped) delay
        assertTrue(delay <= full, () -> "jitter above the delay: " + delay + " > " + full);
        assertTrue(delay >= Math.min(full, (long) Math.ceil(full / 2.0)) - 1
            || full == RetryPolicy.MAX_DELAY_MS && delay >= RetryPolicy.MAX_DELAY_MS / 2,
            () -> "jitter below half: " + delay + " of " + full);
      }
    }
  }

  private static RetryPolicy randomPolicy(Random random, Backoff backoff, boolean jitter) {
    long base = random.nextInt(4) == 0 ? random.nextLong() & Long.MAX_VALUE : random.nextInt(100_000);
    long cap = random.nextBoolean() ? 0 : base + random.nextInt(1_000_000);
    return RetryPolicy.of(1 + random.nextInt(100), backoff, base, cap, jitter);
  }
}
