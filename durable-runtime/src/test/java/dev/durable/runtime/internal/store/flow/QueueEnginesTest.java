package dev.durable.runtime.internal.store.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.internal.store.flow.QueueEngines.Server;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The split of a queue's free slots among the engines serving it. */
class QueueEnginesTest {
  private static final Instant EARLIER = Instant.parse("2026-12-07T10:00:00Z");
  private static final Instant LATER = EARLIER.plusSeconds(1);

  /** How many of {@code room} free slots fall to {@code self}, when any engine admits. */
  private static int mine(int room, List<Server> servers, Map<String, Integer> held, String self) {
    String admitting = servers.get(0).engineId();
    return (int) QueueEngines.split(room, servers, held, admitting, room).stream()
        .filter(self::equals).count();
  }

  @Test
  void anEngineAloneTakesEveryFreeSlot() {
    assertEquals(3, mine(3, List.of(new Server("a", LATER)), Map.of("a", 5), "a"));
  }

  @Test
  void theEngineHoldingFewerRunsIsGivenTheFreeSlotsUntilBothHoldAsMany() {
    List<Server> servers = List.of(new Server("a", EARLIER), new Server("b", LATER));
    assertEquals(0, mine(1, servers, Map.of("a", 2, "b", 1), "a"));
    assertEquals(1, mine(1, servers, Map.of("a", 2, "b", 1), "b"));
    // b catches up with a's 2 first, then the two take a slot each in turn
    assertEquals(2, mine(4, servers, Map.of("a", 2, "b", 1), "b"));
    assertEquals(2, mine(4, servers, Map.of("a", 2, "b", 1), "a"));
  }

  @Test
  void betweenEnginesHoldingAsManyTheOneThatAdmittedLeastRecentlyGoesFirst() {
    List<Server> servers = List.of(new Server("a", LATER), new Server("b", EARLIER));
    assertEquals(0, mine(1, servers, Map.of("a", 1, "b", 1), "a"));
    assertEquals(1, mine(1, servers, Map.of("a", 1, "b", 1), "b"));
    // one that never admitted goes before both
    List<Server> three = List.of(servers.get(0), servers.get(1), new Server("c", null));
    assertEquals(1, mine(1, three, Map.of("a", 1, "b", 1, "c", 1), "c"));
  }

  @Test
  void everyEngineComputesTheSameSplit() {
    List<Server> servers =
        List.of(new Server("a", EARLIER), new Server("b", LATER), new Server("c", null));
    Map<String, Integer> held = Map.of("a", 1, "gone", 4);
    for (int room = 0; room <= 7; room++) {
      int room0 = room;
      int given = servers.stream()
          .mapToInt(s -> mine(room0, servers, held, s.engineId())).sum();
      assertEquals(room, given, "every free slot falls to exactly one engine");
    }
    assertEquals(2, mine(5, servers, held, "b"));
    assertEquals(2, mine(5, servers, held, "c"));
    assertEquals(1, mine(5, servers, held, "a"));
  }

  @Test
  void anEngineWhoseMarkWentStaleIsStillGivenItsPartOfItsOwnAdmission() {
    List<Server> others = List.of(new Server("b", EARLIER));
    assertEquals(List.of("a", "b"), QueueEngines.split(2, others, Map.of(), "a", 2));
  }

  @Test
  void anEngineAdmittingGivesItselfNoMoreThanItClaimsAndTheRestToTheOthers() {
    List<Server> servers = List.of(new Server("a", EARLIER), new Server("b", LATER));
    assertEquals(List.of("a", "b", "b", "b"),
        QueueEngines.split(4, servers, Map.of(), "a", 1));
    assertEquals(List.of("b", "b"), QueueEngines.split(2, servers, Map.of(), "a", 0));
    // alone and full, it gives the slots to no one: nothing is admitted
    assertEquals(List.of(), QueueEngines.split(2, List.of(servers.get(0)), Map.of(), "a", 0));
  }

  @Test
  void theSameSplitWhicheverEngineAdmits() {
    List<Server> servers =
        List.of(new Server("a", EARLIER), new Server("b", LATER), new Server("c", null));
    Map<String, Integer> held = Map.of("b", 2);
    List<String> byA = QueueEngines.split(5, servers, held, "a", 5);
    assertEquals(byA, QueueEngines.split(5, servers, held, "b", 5));
    assertEquals(byA, QueueEngines.split(5, servers, held, "c", 5));
    assertEquals(List.of("c", "a", "c", "a", "b"), byA);
  }
}
