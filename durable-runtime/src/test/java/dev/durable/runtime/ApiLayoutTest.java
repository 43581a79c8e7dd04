package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.SourceLayout;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The public packages' layout, read from their sources: the API ({@code dev.durable.runtime}) is
 * the bottom and names nothing of {@code .spi} or {@code .codec}; {@code .spi} builds on the API
 * only; {@code .codec} on both. So no two of them, and no two of their files, depend on each other
 * in a circle, and each can be read, and changed, from the bottom up (docs/internals.md, "The
 * public packages").
 */
class ApiLayoutTest {
  private static final String API = "dev.durable.runtime";
  private static final String SPI = API + ".spi";
  private static final String CODEC = API + ".codec";

  private static SourceLayout layout;

  @BeforeAll
  static void readSources() {
    layout = SourceLayout.read(Path.of("src", "main", "java", "dev", "durable", "runtime"), API,
        name -> !name.startsWith(API + ".internal."));
  }

  @Test
  void theApiNamesNothingOfTheSpiOrTheCodecs() {
    assertEquals(List.of(), layout.usesAcross(API, SPI),
        "the API takes what generated code implements as an interface of its own, which the spi"
            + " type extends");
    assertEquals(List.of(), layout.usesAcross(API, CODEC),
        "the API keeps the rules of its values itself; codec builds on them");
  }

  @Test
  void theSpiNamesNothingOfTheCodecs() {
    assertEquals(List.of(), layout.usesAcross(SPI, CODEC));
  }

  @Test
  void noPublicPackagesDependOnEachOtherInACircle() {
    assertEquals(List.of(), SourceLayout.circles(layout.packageDependencies()));
  }

  @Test
  void noPublicFilesDependOnEachOtherInACircle() {
    assertEquals(List.of(), SourceLayout.circles(layout.fileDependencies()));
  }
}
