package dev.durable.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The error catalogue, {@code docs/reference/errors.md}, lists every tag the processor can print, so
 * users can look it up.
 */
class ErrorCatalogueTest {

  @Test
  void everyTagIsInTheCatalogue() throws IOException {
    String catalogue = Files.readString(Path.of("..", "docs", "reference", "errors.md"));
    List<String> missing =
        Arrays.stream(Messages.values())
            .map(Messages::tag)
            .filter(tag -> !catalogue.contains("`" + tag + "`"))
            .toList();
    assertEquals(
        List.of(), missing, "tags missing from the error catalogue, docs/reference/errors.md");
  }
}
