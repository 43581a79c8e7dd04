package dev.durable.processor.messages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The error catalogue, {@code docs/reference/errors.md}, is generated from the messages of every
 * area ({@link Catalogue}): every tag the processor can print, what it catches and its message, so
 * users can look a tag up and the page cannot drift from the code. This test renders it and fails
 * when the committed file differs; {@code -Ddurable.updateCatalogue=true} rewrites the file
 * instead.
 */
class ErrorCatalogueTest {
  static final Path CATALOGUE = Path.of("..", "docs", "reference", "errors.md");
  static final String REGENERATE =
      "mvn -pl durable-processor -am test -Dtest=ErrorCatalogueTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Ddurable.updateCatalogue=true";

  @Test
  void theCommittedCatalogueIsTheOneGeneratedFromMessages() throws IOException {
    String rendered = render();
    if (Boolean.getBoolean("durable.updateCatalogue")) {
      Files.createDirectories(CATALOGUE.getParent());
      Files.writeString(CATALOGUE, rendered);
    }
    String committed = Files.exists(CATALOGUE) ? Files.readString(CATALOGUE) : "";
    assertEquals(rendered, committed,
        CATALOGUE.normalize() + " differs from the catalogue generated from the messages;"
            + " regenerate it with: " + REGENERATE);
  }

  @Test
  void everyMessageHasADistinctTagATitleAndATextThatSaysWhatToDo() {
    Set<String> tags = new HashSet<>();
    for (MessageKind message : Catalogue.entries()) {
      assertTrue(tags.add(message.tag()), "tag used twice: " + message.tag());
      assertTrue(message.tag().matches("durable:[a-z]+(-[a-z]+)*"), message.tag());
      assertTrue(!message.title().isBlank(), message + " has no title");
      assertTrue(message.pattern().contains(";") || message.pattern().contains(":"),
          message + " does not say what to do: " + message.pattern());
    }
  }

  @Test
  void aFactoryFillsInItsArgumentsAndEndsWithTheTag() {
    Message message = StepMessages.stepBackoffMaxBelowBase(100, 500);
    assertEquals(StepMessages.STEP_BACKOFF_MAX_BELOW_BASE, message.kind());
    assertEquals("@Step backoffMaxMs (100) must not be below backoffMs (500); raise the cap, or use"
        + " 0 for no cap [durable:step-backoff-max]", message.text());
  }

  /** The catalogue as Markdown: one row per message, in the order of {@link Catalogue}. */
  static String render() {
    StringBuilder page = new StringBuilder();
    page.append("# Compile-time errors\n\n")
        .append("<!-- Generated from durable-processor's Messages by ErrorCatalogueTest: do not edit"
            + " by hand.\n     Regenerate with: ").append(REGENERATE).append(" -->\n\n")
        .append("Every mistake that can be caught before the program runs is a compiler error on"
            + " the element, and\non the annotation value where one is at fault, in one sentence"
            + " that says what is wrong and what to\ndo. Each ends with a tag to look up here."
            + " In the messages below, … stands for what the compiler\nfills in: the method, the"
            + " type, the value seen.\n\n")
        .append("| tag | what it catches | message |\n")
        .append("| --- | --- | --- |\n");
    for (MessageKind message : Catalogue.entries()) {
      page.append("| `").append(message.tag()).append("` | ")
          .append(cell(message.title())).append(" | `")
          .append(cell(message.pattern())).append("` |\n");
    }
    page.append("\nA **step contract** is an interface whose methods carry `@Step`: steps that"
            + " workers, possibly in\nother processes, serve. Contracts are checked at compile time"
            + " by the rules above (the step\nattributes and stored types of local steps apply"
            + " too); see [Workers](../guide/12-workers.md).\n\n")
        .append("The stored-type errors name the position and the path to the offending type, for"
            + " example `step\ncharge parameter 'order' cannot be stored: type java.lang.Thread in"
            + " field 'worker' of com.acme.Job\nis a live object ...`.\n");
    return page.toString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
