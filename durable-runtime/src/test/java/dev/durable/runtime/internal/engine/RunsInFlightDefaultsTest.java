package dev.durable.runtime.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.internal.store.DataSources;
import dev.durable.runtime.internal.time.VirtualThreads;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The bound on runs in flight and the engine's pool: the default follows the threads runs execute
 * on, a setting wins, and the pool stops growing at 32 connections for runs.
 */
class RunsInFlightDefaultsTest {
  @Test
  void maxConcurrentRunsDefaultsTo1000OnVirtualThreadsAnd128OnPlatformThreads() {
    assertEquals(1_000, Engines.maxConcurrentRuns(OptionalInt.empty(), true));
    assertEquals(128, Engines.maxConcurrentRuns(OptionalInt.empty(), false));
    assertEquals(7, Engines.maxConcurrentRuns(OptionalInt.of(7), true));
    assertEquals(7, Engines.maxConcurrentRuns(OptionalInt.of(7), false));
  }

  @Test
  void thePoolHasAConnectionPerRunUpTo32PlusEight() {
    assertEquals(9, DataSources.poolSize(1));
    assertEquals(24, DataSources.poolSize(16));
    assertEquals(40, DataSources.poolSize(32));
    assertEquals(40, DataSources.poolSize(1_000));
  }

  @Test
  void anEngineOnPlatformThreadsSaysItsLimitAndWhatVirtualThreadsWouldHold() {
    assertEquals(java.util.Optional.empty(), Engines.platformThreadsNote(true, true, 1_000));
    String java17 = Engines.platformThreadsNote(true, false, 128).orElseThrow();
    assertTrue(java17.contains("has no virtual threads"), java17);
    assertTrue(java17.contains("at most 128 runs in flight (maxConcurrentRuns)"), java17);
    assertTrue(java17.contains("On Java 21 or later they execute on virtual threads"), java17);
    String chosen = Engines.platformThreadsNote(false, false, 64).orElseThrow();
    assertTrue(chosen.contains("as configured (virtualThreads(false))"), chosen);
    assertTrue(chosen.contains("at most 64 runs in flight"), chosen);
  }

  @Test
  void virtualThreadsAreFoundExactlyOnJava21AndLater() {
    assertEquals(Runtime.version().feature() >= 21, VirtualThreads.available());
  }
}
