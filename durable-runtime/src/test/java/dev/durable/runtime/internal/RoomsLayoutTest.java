package dev.durable.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.SourceLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rooms of the runtime's internals, read from the sources: a room per concern, none so large
 * that a newcomer cannot take it in, no class so long, no files that depend on each other in a
 * circle, the stores handed to the classes by the composition roots alone, the rooms at the
 * bottom (the rows of the {@code model}, the store's kernel {@code store.sql}) name no concern
 * above them, and the store's rooms name each other one way, each class of them handed the
 * catalogues it uses.
 */
class RoomsLayoutTest {
  private static final String INTERNAL = "dev.durable.runtime.internal";
  private static final int MOST_FILES = 30;
  private static final int MOST_LINES = 400;
  private static SourceLayout layout;

  @BeforeAll
  static void readSources() {
    layout = SourceLayout.read(
        Path.of("src", "main", "java", "dev", "durable", "runtime", "internal"), INTERNAL,
        name -> true);
  }

  @Test
  void noRoomHoldsMoreThanThirtyFiles() {
    Map<String, Long> files = layout.files().stream()
        .collect(Collectors.groupingBy(SourceLayout::packageOf, TreeMap::new,
            Collectors.counting()));
    Map<String, Long> large = new TreeMap<>(files);
    large.values().removeIf(count -> count <= MOST_FILES);
    assertEquals(Map.of(), large, "rooms over " + MOST_FILES + " files, of " + files);
  }

  @Test
  void noFilesOfTheInternalsDependOnEachOtherInACircle() {
    assertEquals(List.of(), SourceLayout.circles(layout.fileDependencies()));
  }

  @Test
  void noClassOfTheRuntimeIsOverFourHundredLines() throws IOException {
    Map<String, Long> longer = new TreeMap<>();
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        long lines = Files.readAllLines(file).size();
        if (lines > MOST_LINES) {
          longer.put(file.toString(), lines);
        }
      }
    }
    assertEquals(Map.of(), longer, "classes over " + MOST_LINES + " lines");
  }

  /** A class is handed the stores of its concerns; only the composition roots open them all. */
  @Test
  void onlyTheCompositionRootsHoldEveryStore() {
    String stores = INTERNAL + ".store.Stores";
    Set<String> holders = new TreeSet<>();
    layout.fileDependencies().forEach((file, uses) -> {
      if (uses.contains(stores)) {
        holders.add(file);
      }
    });
    assertEquals(Set.of(INTERNAL + ".engine.Engines", INTERNAL + ".engine.Factories",
        INTERNAL + ".worker.Workers"), holders);
  }

  /**
   * The store's rooms (the kernel, the concerns, the record of every catalogue, the dialect, the
   * composition) name each other one way: each can be read knowing only the rooms below it.
   */
  @Test
  void noRoomsOfTheStoreDependOnEachOtherInACircle() {
    Map<String, Set<String>> rooms = new TreeMap<>();
    layout.packageDependencies().forEach((room, uses) -> {
      if (room.startsWith(INTERNAL + ".store")) {
        rooms.put(room, uses.stream().filter(used -> used.startsWith(INTERNAL + ".store"))
            .collect(Collectors.toCollection(TreeSet::new)));
      }
    });
    assertTrue(rooms.keySet().containsAll(Set.of(INTERNAL + ".store", INTERNAL + ".store.sql",
        INTERNAL + ".store.run", INTERNAL + ".store.dialect")), "the store's rooms: " + rooms);
    assertEquals(List.of(), SourceLayout.circles(rooms));
  }

  /**
   * A class of the store is handed the catalogues it uses; only the composition and the dialect,
   * whose steps span many tables, read the record of them all.
   */
  @Test
  void onlyTheCompositionAndTheDialectReadEveryCatalogue() {
    String tables = INTERNAL + ".store.tables.Tables";
    Set<String> readers = new TreeSet<>();
    layout.fileDependencies().forEach((file, uses) -> {
      if (uses.contains(tables)) {
        readers.add(SourceLayout.packageOf(file));
      }
    });
    assertEquals(Set.of(INTERNAL + ".store", INTERNAL + ".store.dialect"), readers);
  }

  @Test
  void theModelNamesNoOtherRoom() {
    assertEquals(Set.of(), layout.packageDependencies().get(INTERNAL + ".model"));
  }

  /** What every room of the engine shares names no room of a concern: it sits below them all. */
  @Test
  void theSharedRoomsNameNoConcern() {
    assertEquals(Set.of(INTERNAL + ".model", INTERNAL + ".store.sql"),
        layout.packageDependencies().get(INTERNAL + ".common"));
    assertEquals(Set.of(), layout.packageDependencies().get(INTERNAL + ".time"));
    assertEquals(Set.of(), layout.packageDependencies().get(INTERNAL + ".observe"));
  }

  /**
   * The wake-ups sit below every room that makes work ready, and flow control and schedules below
   * the runs: none of them names a room of the runs' circle ({@code run}, {@code turn}, ...).
   */
  @Test
  void theWakeUpsFlowControlAndSchedulesNameNoRoomAboveThem() {
    Set<String> above = Set.of("run", "turn", "lineage", "signal", "values", "ops", "engine",
        "worker");
    for (String room : List.of("wake", "flow", "schedule")) {
      Set<String> named = new TreeSet<>(layout.packageDependencies().get(INTERNAL + "." + room));
      named.removeIf(used -> !above.contains(used.substring(INTERNAL.length() + 1)));
      assertEquals(Set.of(), named, room + " names rooms above it");
    }
  }

  @Test
  void theStoresKernelNamesOnlyTheModel() {
    assertEquals(Set.of(INTERNAL + ".model"),
        layout.packageDependencies().get(INTERNAL + ".store.sql"));
  }
}
