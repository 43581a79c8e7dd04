package dev.durable.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.trigger.testing.Order;
import dev.durable.trigger.testing.OrderIntakeWorkflowClient;
import io.nats.client.Connection;
import java.lang.reflect.Proxy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What {@link NatsTrigger.Builder} refuses, and what it says to do: no server needed, as nothing
 * is sent before the engine starts the trigger.
 */
class NatsTriggerBuilderTest {
  /** A connection the builder only holds: any call on it would be a bug of the builder. */
  private static final Connection UNUSED = (Connection) Proxy.newProxyInstance(
      Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
      (proxy, method, args) -> {
        throw new AssertionError("the builder called " + method.getName() + " on the connection");
      });

  private static NatsTrigger.Builder<Order> complete() {
    return NatsTrigger.builder(UNUSED).stream("ORDERS").consumer("intake")
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order));
  }

  @Test
  void aTriggerIsNamedAfterItsStreamAndConsumerUnlessNamed() {
    assertEquals("ORDERS/intake", complete().setAside().build().name());
    assertEquals("orders", complete().setAside().name("orders").build().name());
  }

  @Test
  void aTriggerNeedsAChoiceForPoisonMessages() {
    IllegalStateException none =
        assertThrows(IllegalStateException.class, () -> complete().build());
    assertEquals("trigger ORDERS/intake needs a choice for poison messages:"
        + " deadLetter(\"<subject>\") to publish them with their reason, or setAside() to log and"
        + " drop them", none.getMessage());
    IllegalStateException both = assertThrows(IllegalStateException.class,
        () -> complete().deadLetter("orders.dead").setAside().build());
    assertEquals("trigger ORDERS/intake has both deadLetter(\"orders.dead\") and setAside();"
        + " choose one", both.getMessage());
  }

  @Test
  void whatIsMissingIsNamedWithTheCallThatSetsIt() {
    IllegalStateException noStream = assertThrows(IllegalStateException.class,
        () -> NatsTrigger.builder(UNUSED).consumer("intake").setAside().build());
    assertEquals("a NatsTrigger needs stream(\"ORDERS\") before build()", noStream.getMessage());
    IllegalStateException noStarter = assertThrows(IllegalStateException.class,
        () -> NatsTrigger.builder(UNUSED).stream("ORDERS").consumer("intake")
            .decode(MessageDecoder.json(Order.class)).setAside().build());
    assertEquals("a NatsTrigger needs start((start, order) -> OrderClient.of(start.engine())"
        + ".start(start.options(), order)) before build()", noStarter.getMessage());
    IllegalStateException startFirst = assertThrows(IllegalStateException.class,
        () -> NatsTrigger.builder(UNUSED).start((start, body) -> null));
    assertEquals("set decode(...) before start(...): the starter takes what the decoder makes",
        startFirst.getMessage());
  }

  @Test
  void settingsThatCannotWorkAreRefusedWhenSet() {
    assertEquals("a trigger's consumer may hold letters, digits, '_' and '-' only (NATS refuses"
        + " the others), but was 'check.out'", assertThrows(IllegalArgumentException.class,
            () -> complete().consumer("check.out")).getMessage());
    assertEquals("a trigger's maxWaiting must be at least 1, but was 0",
        assertThrows(IllegalArgumentException.class, () -> complete().queue("intake", 0))
            .getMessage());
    assertEquals("a trigger's retryDelay must be more than 0, but was PT0S",
        assertThrows(IllegalArgumentException.class, () -> complete().retryDelay(Duration.ZERO))
            .getMessage());
    assertEquals("a partitionKey needs a queue: its limits are the queue's; set queue(name,"
        + " maxWaiting) too, or drop the key", assertThrows(IllegalStateException.class,
            () -> complete().setAside().partitionKey(NatsTrigger.header("tenant")).build())
            .getMessage());
  }

  @Test
  void aRunIdNamesTheStreamTheConsumerAndTheSequence() {
    assertEquals("nats:ORDERS:intake:42", NatsTrigger.runId("ORDERS", "intake", 42));
  }
}
