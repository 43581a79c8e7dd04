package dev.durable.runtime.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.StoreException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Group commit shares a commit between writes made at the same moment; a batch the database
 * refuses is written again one write at a time, so that only the refused write fails, while a
 * batch lost to an outage is not (it may have been made).
 */
class GroupCommitTest {
  private final List<List<String>> batches = Collections.synchronizedList(new ArrayList<>());
  private final CountDownLatch holding = new CountDownLatch(2);
  private final CountDownLatch release = new CountDownLatch(1);

  /**
   * Writes a batch, refusing it whole (as a database rolls it back) if it holds "poison"; a batch
   * holding a "hold" write waits to be released, keeping its writer busy.
   */
  private boolean[] write(List<String> batch, boolean permanent) {
    batches.add(List.copyOf(batch));
    if (batch.stream().anyMatch(write -> write.startsWith("hold"))) {
      holding.countDown();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (batch.contains("poison")) {
      throw new StoreException("refused", null, permanent);
    }
    boolean[] written = new boolean[batch.size()];
    Arrays.fill(written, true);
    return written;
  }

  /**
   * Makes {@code writes} wait together in the queue: one caller writes by itself and the one
   * writer thread takes a second write, both held, while the others queue up; then lets them go.
   */
  private List<Future<Boolean>> writeTogether(GroupCommit<String> commits, List<String> writes)
      throws Exception {
    ExecutorService callers = Executors.newFixedThreadPool(writes.size() + 2);
    try {
      Future<Boolean> byItself = callers.submit(() -> commits.write("hold-1"));
      while (holding.getCount() == 2) {
        Thread.onSpinWait();
      }
      Future<Boolean> byTheWriter = callers.submit(() -> commits.write("hold-2"));
      assertTrue(holding.await(10, TimeUnit.SECONDS), "both writers are held");
      List<Future<Boolean>> rest = new ArrayList<>();
      for (String write : writes) {
        rest.add(callers.submit(() -> commits.write(write)));
      }
      while (commits.queued() < writes.size()) {
        Thread.onSpinWait();
      }
      release.countDown();
      assertTrue(byItself.get() && byTheWriter.get());
      return rest;
    } finally {
      callers.shutdown();
    }
  }

  @Test
  void aRefusedBatchIsWrittenAgainOneByOneAndOnlyTheRefusedWriteFails() throws Exception {
    try (GroupCommit<String> commits =
        new GroupCommit<>(batch -> write(batch, true), "test-commit", 1)) {
      List<Future<Boolean>> rest = writeTogether(commits, List.of("a", "poison", "b"));

      assertTrue(rest.get(0).get());
      Exception refused = assertThrows(Exception.class, () -> rest.get(1).get());
      assertTrue(refused.getCause() instanceof StoreException, refused.toString());
      assertTrue(rest.get(2).get());
      assertTrue(batches.stream().anyMatch(batch -> batch.size() == 3),
          "the three writes shared a batch first: " + batches);
      assertTrue(batches.contains(List.of("a")) && batches.contains(List.of("b")), "" + batches);
    }
  }

  @Test
  void aBatchLostToAnOutageFailsWholeAndIsNotWrittenAgain() throws Exception {
    try (GroupCommit<String> commits =
        new GroupCommit<>(batch -> write(batch, false), "test-commit", 1)) {
      List<Future<Boolean>> rest = writeTogether(commits, List.of("a", "poison", "b"));

      for (Future<Boolean> write : rest) {
        assertThrows(Exception.class, write::get);
      }
      assertEquals(3, batches.size(), "the two held writes' batches and the shared one, once: "
          + batches);
    }
  }

  @Test
  void closingWakesEveryIdleWriterAndStopsIt() throws Exception {
    GroupCommit<String> commits = new GroupCommit<>(batch -> write(batch, true), "test-close", 3);
    assertTrue(commits.write("a"));
    commits.close();

    List<Thread> writers = Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("test-close-"))
        .filter(Thread::isAlive)
        .toList();
    assertEquals(List.of(), writers, "the writers wait without a timeout; the close wakes them");
    assertThrows(StoreException.class, () -> commits.write("late"));
  }
}
