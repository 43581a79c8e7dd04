package dev.durable.samples.signup;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for an asynchronous client of a fraud-screening API, shaped like {@code
 * java.net.http.HttpClient.sendAsync}: each call returns a future that the caller may cancel to
 * abort the request. Its first {@code hangingCalls} calls never answer, like a connection stuck on
 * a dead server. Addresses at {@code mailinator.com} are rejected as disposable.
 */
public class FraudCheck {
  private final int hangingCalls;
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicInteger aborted = new AtomicInteger();

  /** A client whose first {@code hangingCalls} calls hang until aborted. */
  public FraudCheck(int hangingCalls) {
    this.hangingCalls = hangingCalls;
  }

  /** Screens {@code email}; cancel the future to abort the request. */
  public CompletableFuture<Verdict> screen(String email) {
    if (calls.incrementAndGet() <= hangingCalls) {
      CompletableFuture<Verdict> hung = new CompletableFuture<>();
      hung.whenComplete((verdict, error) -> {
        if (hung.isCancelled()) {
          aborted.incrementAndGet();
        }
      });
      return hung;
    }
    return CompletableFuture.supplyAsync(
        () -> email.endsWith("@mailinator.com")
            ? new Verdict(false, "disposable address")
            : new Verdict(true, "ok"),
        CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS));
  }

  /** How many requests were made. */
  public int calls() {
    return calls.get();
  }

  /** How many requests were aborted by their caller. */
  public int abortedCalls() {
    return aborted.get();
  }
}
