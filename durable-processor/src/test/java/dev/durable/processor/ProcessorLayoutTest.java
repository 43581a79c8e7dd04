package dev.durable.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.SourceLayout;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The processor's layout, read from its sources: each workflow is read once, in the reading
 * package (the only one that calls {@code AnnotationReader}), and no two files or packages depend
 * on each other in a circle, so that each can be read, and changed, from the bottom up.
 */
class ProcessorLayoutTest {
  private static final String ROOT = "dev.durable.processor";

  private static SourceLayout layout;

  @BeforeAll
  static void readSources() {
    layout = SourceLayout.read(Path.of("src", "main", "java", "dev", "durable", "processor"), ROOT,
        name -> true);
  }

  @Test
  void onlyTheReadingPackageCallsTheAnnotationReader() {
    List<String> callers = layout.filesNaming("AnnotationReader").stream()
        .filter(file -> !SourceLayout.packageOf(file).equals(ROOT + ".reading"))
        .toList();
    assertEquals(List.of(), callers);
  }

  @Test
  void noFilesDependOnEachOtherInACircle() {
    assertEquals(List.of(), SourceLayout.circles(layout.fileDependencies()));
  }

  @Test
  void noPackagesDependOnEachOtherInACircle() {
    assertEquals(List.of(), SourceLayout.circles(layout.packageDependencies()));
  }
}
