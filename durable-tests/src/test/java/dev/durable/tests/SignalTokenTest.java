package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.SignalTokenExpiredException;
import dev.durable.runtime.SignalTokenUsedException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.tests.workflows.TokenWorkflowClient;
import dev.durable.tests.workflows.TokenWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Signal tokens: a run hands out a token ({@code ctx.signalToken}) and whoever holds it sends the
 * signal once ({@code engine.signalWithToken}), through any engine of the store; a forged or
 * altered token, a second use, an expired token, a run that ended and a value that does not fit
 * are each refused with what is wrong, and the last leaves the token usable.
 */
class SignalTokenTest extends OnEachStore {
  private static final String APPROVED = "{\"approved\":true,\"by\":\"ann\"}";

  private final List<String> outbox = new CopyOnWriteArrayList<>();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock).register(new TokenWorkflowDurable(outbox));
  }

  /** Starts a run and drives it to its wait: the token it e-mailed. */
  private String tokenOf(DurableEngine engine, RunHandle<String> run) {
    engine.tick();
    assertEquals(RunState.SLEEPING, run.status().run().status());
    assertEquals(1, outbox.size());
    return outbox.get(0);
  }

  @Test
  void aRunGoesOnFromItsTokenThroughAnyEngineAndTheTokenIsThenUsedUp() {
    try (DurableEngine engine = engine().build();
        DurableEngine other = db.engine().clock(clock).build()) {
      RunHandle<String> run = TokenWorkflowClient.of(engine).start(0L);
      String token = tokenOf(engine, run);

      other.signalWithToken(token, APPROVED); // another engine verifies it: the secret is stored
      engine.tick();
      assertEquals("approved by ann", run.await(WAIT));
      assertEquals(1, outbox.size(), "a replay returned the recorded token: e-mailed once");

      SignalTokenUsedException again = assertThrows(SignalTokenUsedException.class,
          () -> engine.signalWithToken(token, APPROVED));
      assertEquals("this signal token was used already: it sends its signal once",
          again.getMessage());
    }
  }

  @Test
  void aForgedAlteredOrCutTokenIsRefusedAsAnUnknownOne() {
    try (DurableEngine engine = engine().build()) {
      String token = tokenOf(engine, TokenWorkflowClient.of(engine).start(0L));
      char last = token.charAt(token.length() - 1);
      for (String bad : List.of("not-a-token", "",
          token.substring(0, token.length() - 1) + (last == 'A' ? 'B' : 'A'),
          token.substring(0, token.length() - 4), token.substring(1))) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> engine.signalWithToken(bad, APPROVED), bad);
        assertEquals("not a signal token of this store, or an altered one: nothing was sent",
            refused.getMessage());
      }
      engine.signalWithToken(token, APPROVED); // the real one still works
    }
  }

  @Test
  void aValueThatDoesNotFitIsRefusedAndTheTokenStaysUsable() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = TokenWorkflowClient.of(engine).start(0L);
      String token = tokenOf(engine, run);

      PayloadException notJson = assertThrows(PayloadException.class,
          () -> engine.signalWithToken(token, "{approved"));
      assertTrue(notJson.getMessage().contains("its value is not JSON"), notJson.getMessage());
      assertTrue(notJson.getMessage().endsWith("The token was not used."), notJson.getMessage());
      PayloadException wrongType = assertThrows(PayloadException.class,
          () -> engine.signalWithToken(token, "[1, 2]"));
      assertTrue(wrongType.getMessage().contains("does not fit"), wrongType.getMessage());

      engine.signalWithToken(token, APPROVED);
      engine.tick();
      assertEquals("approved by ann", run.await(WAIT));
    }
  }

  @Test
  void aTokenExpiresWithTheWaitItWasMadeFor() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = TokenWorkflowClient.of(engine).start(-1L);
      engine.tick();
      String reminder = outbox.get(0);
      clock.advance(Duration.ofMinutes(2)); // the reminder's wait times out; the run goes on
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status(), "it waits for its decision");
      assertEquals(2, outbox.size());

      SignalTokenExpiredException ended = assertThrows(SignalTokenExpiredException.class,
          () -> engine.signalWithToken(reminder, "\"soon\""));
      assertEquals("the wait this signal token was made for has ended (it timed out, or took a"
          + " signal sent otherwise): nothing was sent", ended.getMessage());
      engine.signalWithToken(outbox.get(1), APPROVED);
      engine.tick();
      assertEquals("approved by ann", run.await(WAIT));
    }
  }

  @Test
  void aTokenExpiresAfterItsDurationAndWithItsRunButAUsedOneSaysSoFirst() {
    try (DurableEngine engine = engine().build()) {
      String expiring = tokenOf(engine, TokenWorkflowClient.of(engine).start(60_000L));
      clock.advance(Duration.ofMinutes(2));
      SignalTokenExpiredException expired = assertThrows(SignalTokenExpiredException.class,
          () -> engine.signalWithToken(expiring, APPROVED));
      assertTrue(expired.getMessage().startsWith("this signal token expired at "),
          expired.getMessage());

      outbox.clear();
      RunHandle<String> used = TokenWorkflowClient.of(engine).start(60_000L);
      String usedToken = tokenOf(engine, used);
      engine.signalWithToken(usedToken, APPROVED);
      clock.advance(Duration.ofMinutes(2));
      assertThrows(SignalTokenUsedException.class,
          () -> engine.signalWithToken(usedToken, APPROVED), "used, even after its expiry");

      outbox.clear();
      RunHandle<String> cancelled = TokenWorkflowClient.of(engine).start(0L);
      String ofCancelled = tokenOf(engine, cancelled);
      assertTrue(engine.cancel(cancelled.id()));
      SignalTokenExpiredException ended = assertThrows(SignalTokenExpiredException.class,
          () -> engine.signalWithToken(ofCancelled, APPROVED));
      assertEquals("the run this signal token was made for has ended: nothing was sent",
          ended.getMessage());
    }
  }
}
