package dev.durable.trigger.testing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** What the tests' workflow did: how often its step confirmed each order. */
public final class Ledger {
  private final Map<String, AtomicInteger> confirmed = new ConcurrentHashMap<>();

  public void confirm(String orderId) {
    confirmed.computeIfAbsent(orderId, id -> new AtomicInteger()).incrementAndGet();
  }

  /** How often each order was confirmed, by order id. */
  public Map<String, Integer> confirmations() {
    Map<String, Integer> counts = new java.util.TreeMap<>();
    confirmed.forEach((id, count) -> counts.put(id, count.get()));
    return counts;
  }
}
