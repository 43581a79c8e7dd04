package dev.durable.runtime.internal.time;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * Virtual threads where the JVM has them (Java 21 and later), while the runtime stays compiled for
 * Java 17: {@code Thread.ofVirtual()} and {@code Executors.newThreadPerTaskExecutor} are looked up
 * once, through method handles, when the first engine or worker is made (this class's
 * initialization), and called only to make an executor, never per task. On Java 17 the look-up
 * finds nothing and the engine uses platform threads, as before.
 *
 * <p>A check at start rather than a multi-release jar: one jar and one build, which the Java 17
 * JDK that builds the project can make (a multi-release jar needs a Java 21 compiler in every
 * build), and nothing here is called often enough for a method handle's cost to show.
 */
public final class VirtualThreads {
  /** Makes an unstarted virtual thread, or null on a JVM without virtual threads. */
  private static final ThreadFactory FACTORY;
  /** {@code Executors.newThreadPerTaskExecutor(ThreadFactory)}, or null without it. */
  private static final MethodHandle PER_TASK;

  static {
    ThreadFactory factory = null;
    MethodHandle perTask = null;
    try {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Class<?> builder = Class.forName("java.lang.Thread$Builder");
      Object ofVirtual = lookup
          .findStatic(Thread.class, "ofVirtual",
              MethodType.methodType(Class.forName("java.lang.Thread$Builder$OfVirtual")))
          .invoke();
      factory = (ThreadFactory) lookup
          .findVirtual(builder, "factory", MethodType.methodType(ThreadFactory.class))
          .invoke(ofVirtual);
      perTask = lookup.findStatic(java.util.concurrent.Executors.class,
          "newThreadPerTaskExecutor",
          MethodType.methodType(ExecutorService.class, ThreadFactory.class));
    } catch (Throwable absent) {
      // Java 17 (or a JVM that has them disabled): platform threads
      factory = null;
      perTask = null;
    }
    FACTORY = factory;
    PER_TASK = perTask;
  }

  private VirtualThreads() {}

  /** Whether this JVM has virtual threads. */
  public static boolean available() {
    return FACTORY != null;
  }

  /**
   * The factory of virtual threads, which {@code Threads} names.
   *
   * @throws IllegalStateException if this JVM has no virtual threads
   */
  static ThreadFactory factory() {
    if (!available()) {
      throw new IllegalStateException("this JVM has no virtual threads");
    }
    return FACTORY;
  }

  /** An executor that runs each task on a new thread of {@code named}, a {@link #factory}'s. */
  static ExecutorService perTask(ThreadFactory named) {
    try {
      return (ExecutorService) PER_TASK.invoke(named);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot make a virtual-thread executor", e);
    }
  }
}
