package dev.durable.bench;

import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one step of phase (j): a blocking call that answers after the time it is given, standing in
 * for an HTTP call to a slow service (an LLM, a payment provider, a carrier). It counts the calls
 * in progress, their peak, and how many ran on virtual threads, so that the phase sees the runs in
 * flight from inside the step, the same way for every engine.
 */
final class IoCall {
  /** {@code Thread.isVirtual}, on Java 19 and later; null before. The bench is built for 17. */
  private static final Method IS_VIRTUAL = isVirtualMethod();

  private final AtomicInteger inCall = new AtomicInteger();
  private final AtomicInteger peak = new AtomicInteger();
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicInteger onVirtualThreads = new AtomicInteger();

  /** Blocks for {@code millis} milliseconds and returns them. */
  int call(int millis) {
    int now = inCall.incrementAndGet();
    peak.accumulateAndGet(now, Math::max);
    calls.incrementAndGet();
    if (isVirtual(Thread.currentThread())) {
      onVirtualThreads.incrementAndGet();
    }
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the call's answer", e);
    } finally {
      inCall.decrementAndGet();
    }
    return millis;
  }

  /** Calls in progress now. */
  int inCall() {
    return inCall.get();
  }

  /** The most calls in progress at once since the last {@link #reset}. */
  int peak() {
    return peak.get();
  }

  int calls() {
    return calls.get();
  }

  int onVirtualThreads() {
    return onVirtualThreads.get();
  }

  /** Starts the counts afresh, for the next pass; call with no call in progress. */
  void reset() {
    peak.set(0);
    calls.set(0);
    onVirtualThreads.set(0);
  }

  /** Whether this JVM has virtual threads outside preview: Java 21 and later. */
  static boolean virtualThreadsAvailable() {
    return Runtime.version().feature() >= 21;
  }

  private static boolean isVirtual(Thread thread) {
    if (IS_VIRTUAL == null) {
      return false;
    }
    try {
      return (Boolean) IS_VIRTUAL.invoke(thread);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("could not ask a thread whether it is virtual", e);
    }
  }

  private static Method isVirtualMethod() {
    try {
      return Thread.class.getMethod("isVirtual");
    } catch (NoSuchMethodException beforeJava19) {
      return null;
    }
  }
}
