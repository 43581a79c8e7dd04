package dev.durable.tests.support;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Gates a test opens to let blocked steps finish, one per key; a test can see a step has entered
 * its gate.
 */
public final class Gate {
  private final Map<String, CountDownLatch> entered = new ConcurrentHashMap<>();
  private final Map<String, CountDownLatch> open = new ConcurrentHashMap<>();

  private static CountDownLatch latch(Map<String, CountDownLatch> latches, String key) {
    return latches.computeIfAbsent(key, k -> new CountDownLatch(1));
  }

  /** Called by a step: signals entry and waits (interruptibly) until the test opens the gate. */
  public void pass(String key) throws InterruptedException {
    latch(entered, key).countDown();
    if (!latch(open, key).await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the test never opened gate " + key);
    }
  }

  public boolean isEntered(String key) {
    return latch(entered, key).getCount() == 0;
  }

  public void open(String key) {
    latch(open, key).countDown();
  }

  /** Opens every gate, entered or not. */
  public void openAll() {
    open.values().forEach(CountDownLatch::countDown);
  }
}
