package dev.durable.runtime.internal.wake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Stopping a poll loop (an engine's or a worker's, at close) lets the poll under way finish
 * without interrupting its thread: an interrupt in the middle of an embedded H2 file read closes
 * the database for every engine of the process. A loop waiting out its interval ends at once.
 */
class PollLoopTest {
  private final PollLoop loop = new PollLoop(
      "test-poller", Duration.ofHours(1), LoggerFactory.getLogger(PollLoopTest.class),
      "cannot poll");
  private final AtomicReference<Thread> thread = new AtomicReference<>();
  private final AtomicInteger polls = new AtomicInteger();

  @Test
  void stoppingLetsThePollUnderWayFinishUninterruptedAndPollsNoMore() throws Exception {
    CountDownLatch polling = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    loop.start(() -> {
      thread.set(Thread.currentThread());
      polls.incrementAndGet();
      polling.countDown();
      try {
        release.await(); // as a store read in progress
      } catch (InterruptedException e) {
        interrupted.set(true);
      }
      return true; // more may be due: a loop not stopped would poll again at once
    });
    assertTrue(polling.await(10, TimeUnit.SECONDS));

    assertTrue(loop.stop());
    release.countDown();
    thread.get().join(10_000);

    assertFalse(interrupted.get(), "the poll under way was interrupted");
    assertFalse(thread.get().isAlive());
    assertEquals(1, polls.get());
  }

  @Test
  void aLoopWaitingOutItsIntervalEndsAtOnceWhenStopped() throws Exception {
    CountDownLatch polled = new CountDownLatch(1);
    loop.start(() -> {
      thread.set(Thread.currentThread());
      polls.incrementAndGet();
      polled.countDown();
      return false; // nothing more: it waits out its hour
    });
    assertTrue(polled.await(10, TimeUnit.SECONDS));

    loop.stop();
    thread.get().join(10_000);

    assertFalse(thread.get().isAlive(), "the loop still waits out its interval");
    assertEquals(1, polls.get());
  }
}
