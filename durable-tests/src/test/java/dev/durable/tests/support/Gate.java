package dev.durable.tests.support;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A gate a test opens to let a blocked step finish; the step can see it was entered. */
public final class Gate {
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch open = new CountDownLatch(1);

  /** Called by the step: signals entry and waits (interruptibly) until the test opens the gate. */
  public void pass() throws InterruptedException {
    entered.countDown();
    if (!open.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the test never opened the gate");
    }
  }

  public boolean isEntered() {
    return entered.getCount() == 0;
  }

  public void open() {
    open.countDown();
  }
}
