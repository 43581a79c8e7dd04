package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.SourceLayout;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command line is a client of the runtime's public API, as an application is: it names nothing
 * of {@code dev.durable.runtime.internal}, which may change in any release, so that what it does a
 * user's code can do too ({@code migrate} through {@code DurableStore.migrate}).
 */
class CliLayoutTest {

  @Test
  void theCliNamesNothingInternalOfTheRuntime() {
    SourceLayout cli = SourceLayout.read(
        Path.of("src", "main", "java", "dev", "durable", "cli"), "dev.durable.cli", name -> true);
    assertEquals(List.of(), cli.filesNaming("dev.durable.runtime.internal"));
  }
}
