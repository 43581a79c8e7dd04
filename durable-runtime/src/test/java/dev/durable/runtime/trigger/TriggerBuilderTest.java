package dev.durable.runtime.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The base of every broker's builder, through a broker of strings, and a trigger's loop. */
class TriggerBuilderTest {
  /** A broker whose messages are strings, as a module's builder extends the base. */
  static final class Builder<T> extends TriggerBuilder<String, T, Builder<T>> {
    Builder() {
      super("TestTrigger", "poison messages: deadLetter(\"<place>\") or setAside()");
    }

    <U> Builder<U> decode(MessageDecoder<U> decoder) {
      return decoder(decoder);
    }

    TriggerSettings<String, T> build() {
      return settings("test/place");
    }
  }

  private static final MessageDecoder<String> TEXT = String::new;
  private static final RunStarter<String> NOTHING = (start, input) -> null;
  private static final RunStarter<byte[]> NOTHING_OF_BYTES = (start, input) -> null;

  private static Builder<String> complete() {
    return new Builder<byte[]>().decode(TEXT).start(NOTHING);
  }

  @Test
  void theSettingsEveryTriggerHasHaveTheirDefaults() {
    TriggerSettings<String, String> settings = complete().setAside().build();
    assertEquals("test/place", settings.name());
    assertSame(TEXT, settings.decoder());
    assertSame(NOTHING, settings.starter());
    assertNull(settings.queue());
    assertNull(settings.partitionKey());
    assertNull(settings.deadLetter());
    assertEquals(Duration.ofSeconds(5), settings.retryDelay());
    assertEquals(5, settings.maxDeliveries());
    assertEquals(Duration.ofMillis(500), settings.pausePoll());
  }

  @Test
  void whatIsSetIsHandedOn() {
    Function<String, String> key = message -> message.substring(0, 1);
    TriggerSettings<String, String> settings = complete().name("named").queue("intake", 7)
        .partitionKey(key).deadLetter("dead").retryDelay(Duration.ofSeconds(1))
        .maxDeliveries(2).pausePoll(Duration.ofMillis(50)).build();
    assertEquals("named", settings.name());
    assertEquals("intake", settings.queue());
    assertEquals(7, settings.maxWaiting());
    assertSame(key, settings.partitionKey());
    assertEquals("dead", settings.deadLetter());
    assertEquals(Duration.ofSeconds(1), settings.retryDelay());
    assertEquals(2, settings.maxDeliveries());
    assertEquals(Duration.ofMillis(50), settings.pausePoll());
  }

  @Test
  void aNewDecoderForgetsTheStarterOfTheOldInput() {
    Builder<Integer> redecoded = complete().decode(body -> body.length);
    assertEquals("a TestTrigger needs start((start, order) -> OrderClient.of(start.engine())"
        + ".start(start.options(), order)) before build()",
        assertThrows(IllegalStateException.class, () -> redecoded.setAside().build())
            .getMessage());
    assertEquals("set decode(...) before start(...): the starter takes what the decoder makes",
        assertThrows(IllegalStateException.class, () -> new Builder<byte[]>().start(NOTHING_OF_BYTES))
            .getMessage());
  }

  @Test
  void whatDoesNotFitTogetherIsRefusedAtBuild() {
    assertEquals("trigger test/place needs a choice for poison messages: deadLetter(\"<place>\")"
        + " or setAside()",
        assertThrows(IllegalStateException.class, () -> complete().build()).getMessage());
    assertEquals("trigger test/place has both deadLetter(\"dead\") and setAside(); choose one",
        assertThrows(IllegalStateException.class,
            () -> complete().deadLetter("dead").setAside().build()).getMessage());
    assertEquals("a partitionKey needs a queue: its limits are the queue's; set queue(name,"
        + " maxWaiting) too, or drop the key", assertThrows(IllegalStateException.class,
            () -> complete().setAside().partitionKey(message -> message).build()).getMessage());
  }

  @Test
  void aSettingThatCannotWorkIsRefusedWhenSet() {
    assertEquals("a trigger's name must not be blank",
        assertThrows(IllegalArgumentException.class, () -> complete().name(" ")).getMessage());
    assertEquals("a trigger's maxDeliveries must be at least 1, but was 0",
        assertThrows(IllegalArgumentException.class, () -> complete().maxDeliveries(0))
            .getMessage());
    assertEquals("a trigger's pausePoll must be more than 0, but was PT-1S",
        assertThrows(IllegalArgumentException.class,
            () -> complete().pausePoll(Duration.ofSeconds(-1))).getMessage());
  }

  @Test
  void aLoopStartsOnceAndNotAfterClose() {
    List<String> calls = new ArrayList<>();
    TriggerLoop loop = new TriggerLoop("orders");
    loop.start(() -> {
      calls.add("start");
      return () -> calls.add("stop");
    });
    loop.start(() -> {
      calls.add("start again");
      return () -> calls.add("stop again");
    });
    loop.close();
    loop.close();
    assertEquals(List.of("start", "stop"), calls);
    assertEquals("trigger orders was closed; build a new one", assertThrows(
        IllegalStateException.class, () -> loop.start(() -> () -> { })).getMessage());
  }
}
