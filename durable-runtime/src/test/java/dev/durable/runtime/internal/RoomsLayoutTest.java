package dev.durable.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.SourceLayout;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rooms of the runtime's internals, read from the sources: a room per concern, none so large
 * that a newcomer cannot take it in, and the rooms at the bottom (the rows of the {@code model},
 * the store's kernel {@code store.sql}) name no concern above them.
 */
class RoomsLayoutTest {
  private static final String INTERNAL = "dev.durable.runtime.internal";
  private static final int MOST_FILES = 30;
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
  void theModelNamesNoOtherRoom() {
    assertEquals(Set.of(), layout.packageDependencies().get(INTERNAL + ".model"));
  }

  @Test
  void theStoresKernelNamesOnlyTheModel() {
    assertEquals(Set.of(INTERNAL + ".model"),
        layout.packageDependencies().get(INTERNAL + ".store.sql"));
  }
}
