package dev.durable.runtime.internal.store.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.internal.store.Store;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a listener calls back for: the wake-ups and run ids of other processes, not the echoes of
 * this process's own wake-ups, which woke its engines and workers in process already.
 */
class PostgresListenerTest {
  private static final String OWN = Store.wakeOrigin(UUID.randomUUID());
  private static final String OTHER = Store.wakeOrigin(UUID.randomUUID());

  @Test
  void echoesOfThisProcessAloneCallNobodyBack() {
    assertEquals(Optional.empty(), PostgresListener.runIdsNamed(List.of(OWN), OWN));
    assertEquals(Optional.empty(), PostgresListener.runIdsNamed(List.of(OWN, OWN), OWN));
  }

  @Test
  void aWakeUpFromAnotherProcessOrWithoutOriginCallsBackWithNoRunId() {
    assertEquals(Optional.of(List.of()), PostgresListener.runIdsNamed(List.of(OTHER), OWN));
    assertEquals(Optional.of(List.of()), PostgresListener.runIdsNamed(List.of(""), OWN));
    assertEquals(Optional.of(List.of()), PostgresListener.runIdsNamed(List.of(OWN, ""), OWN));
  }

  @Test
  void runIdsAreNamedWhateverElseCame() {
    assertEquals(Optional.of(List.of("order-1", "wake:not-an-origin")),
        PostgresListener.runIdsNamed(List.of(OWN, "order-1", OTHER, "wake:not-an-origin"), OWN));
  }
}
