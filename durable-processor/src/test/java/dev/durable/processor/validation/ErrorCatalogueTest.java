package dev.durable.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's error catalogue lists every tag the processor can print, so users can look it up. */
class ErrorCatalogueTest {

  @Test
  void everyTagIsInTheReadmeCatalogue() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"));
    List<String> missing =
        Arrays.stream(Messages.values())
            .map(Messages::tag)
            .filter(tag -> !readme.contains("`" + tag + "`"))
            .toList();
    assertEquals(List.of(), missing, "tags missing from the README's error catalogue");
  }
}
