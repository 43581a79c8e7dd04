package dev.durable.samples.summaries;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for an LLM provider: each call takes {@code callMillis}, and the server keeps count,
 * per tenant, of the calls it is answering at once and of the most it ever answered at once, which
 * is what the provider's per-tenant limit is about.
 */
public final class ModelServer {
  private final long callMillis;
  private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> peak = new ConcurrentHashMap<>();
  private final Map<String, List<String>> order = new ConcurrentHashMap<>();
  private final AtomicInteger calls = new AtomicInteger();

  public ModelServer(long callMillis) {
    this.callMillis = callMillis;
  }

  /**
   * Answers {@code prompt} for {@code tenant} after {@code callMillis}; {@code requestId} names
   * the call, as a client's request id header would.
   */
  public String complete(String tenant, String requestId, String prompt) {
    order.computeIfAbsent(tenant, t -> new CopyOnWriteArrayList<>()).add(requestId);
    int now = inFlight.computeIfAbsent(tenant, t -> new AtomicInteger()).incrementAndGet();
    peak.computeIfAbsent(tenant, t -> new AtomicInteger()).accumulateAndGet(now, Math::max);
    calls.incrementAndGet();
    try {
      Thread.sleep(callMillis);
      return "summary of " + prompt.length() + " characters";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the model answered", e);
    } finally {
      inFlight.get(tenant).decrementAndGet();
    }
  }

  /** The most calls of {@code tenant} answered at once so far. */
  public int peakInFlight(String tenant) {
    AtomicInteger most = peak.get(tenant);
    return most == null ? 0 : most.get();
  }

  /** The request ids of {@code tenant}'s calls, in the order they reached the model. */
  public List<String> callOrder(String tenant) {
    return List.copyOf(order.getOrDefault(tenant, List.of()));
  }

  /** The calls answered or being answered. */
  public int calls() {
    return calls.get();
  }
}
