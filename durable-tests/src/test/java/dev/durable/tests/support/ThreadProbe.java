package dev.durable.tests.support;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What steps see of the thread they execute on: each entry records its thread's name and whether it
 * is virtual, then waits until {@code together} entries are inside at the same moment (1: no wait),
 * so that a test can ask for that many steps executing at once.
 */
public final class ThreadProbe {
  /** {@code Thread.isVirtual()}, looked up once: absent on Java 17, where no thread is virtual. */
  private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

  /** A thread a step executed on. */
  public record Seen(String name, boolean virtual) {}

  private final CountDownLatch arrived;
  private final Map<String, Seen> seen = new ConcurrentHashMap<>();

  public ThreadProbe(int together) {
    this.arrived = new CountDownLatch(together);
  }

  /** Whether {@code thread} is a virtual thread; false on Java 17. */
  public static boolean isVirtual(Thread thread) {
    if (IS_VIRTUAL == null) {
      return false;
    }
    try {
      return (boolean) IS_VIRTUAL.invoke(thread);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** Whether this JVM has virtual threads (Java 21 and later). */
  public static boolean jvmHasVirtualThreads() {
    return IS_VIRTUAL != null;
  }

  /** Called by a step: records its thread under {@code where}, then waits for the others. */
  public String enter(String where) throws InterruptedException {
    Thread current = Thread.currentThread();
    Seen thread = new Seen(current.getName(), isVirtual(current));
    seen.put(where, thread);
    arrived.countDown();
    if (!arrived.await(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException(
          "only " + (seen.size()) + " steps were inside at once; waited for the others in vain");
    }
    return thread.virtual() ? "virtual" : "platform";
  }

  /** How many entries are still awaited before the steps inside go on. */
  public long awaited() {
    return arrived.getCount();
  }

  /** The threads seen, by where. */
  public Map<String, Seen> seen() {
    return new TreeMap<>(seen);
  }

  private static MethodHandle isVirtualHandle() {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }
}
