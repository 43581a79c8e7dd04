package dev.durable.runtime.engine;

import dev.durable.runtime.store.Commit;
import dev.durable.runtime.store.Store;
import dev.durable.runtime.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Group commit: turns hand their progress to a few writer threads, each of which writes everything
 * waiting in one commit. A turn blocks until its commit is durable, so no run proceeds past a step
 * before its checkpoint is stored; when many runs finish steps at the same moment, their
 * checkpoints share a commit, which is how throughput beats the database's commit rate. When
 * nothing else is being written, a turn writes its commit itself, sparing two thread hand-offs.
 */
final class Committer implements AutoCloseable {
  private static final int MAX_BATCH = 256;
  private static final long IDLE_POLL_MS = 100;

  private record Pending(Commit commit, CompletableFuture<Boolean> written) {}

  private final Store store;
  private final Time time;
  private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final AtomicInteger writing = new AtomicInteger();
  private final List<Thread> writers = new ArrayList<>();
  private volatile boolean closed;

  Committer(Store store, Time time, int writerThreads) {
    this.store = store;
    this.time = time;
    for (int i = 1; i <= writerThreads; i++) {
      Thread writer = new Thread(this::loop, "durable-commit-" + i);
      writer.setDaemon(true);
      writers.add(writer);
      writer.start();
    }
  }

  /**
   * Writes {@code commit} durably, together with whatever other turns are committing now.
   *
   * @return whether it was written; false if its run's epoch moved on
   * @throws StoreException if the store failed; the commit may or may not have been written
   */
  boolean commit(Commit commit) {
    if (closed) {
      throw new StoreException("the engine is closed; progress can no longer be stored", null);
    }
    if (queue.isEmpty() && writing.compareAndSet(0, 1)) {
      try {
        return store.commit(List.of(commit), time.now())[0];
      } finally {
        writing.decrementAndGet();
      }
    }
    Pending pending = new Pending(commit, new CompletableFuture<>());
    queue.add(pending);
    try {
      return pending.written().get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof StoreException store
          ? store
          : new StoreException("storing progress failed: " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while storing progress", e);
    }
  }

  private void loop() {
    List<Pending> batch = new ArrayList<>();
    while (!closed || !queue.isEmpty()) {
      try {
        Pending first = queue.poll(IDLE_POLL_MS, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        queue.drainTo(batch, MAX_BATCH - 1);
        write(batch);
      } catch (InterruptedException e) {
        if (closed) {
          return;
        }
      } finally {
        batch.clear();
      }
    }
  }

  private void write(List<Pending> batch) {
    writing.incrementAndGet();
    try {
      boolean[] written =
          store.commit(batch.stream().map(Pending::commit).toList(), time.now());
      for (int i = 0; i < batch.size(); i++) {
        batch.get(i).written().complete(written[i]);
      }
    } catch (RuntimeException e) {
      batch.forEach(pending -> pending.written().completeExceptionally(e));
    } finally {
      writing.decrementAndGet();
    }
  }

  /** Writes what is queued, then stops the writers. */
  @Override
  public void close() {
    closed = true;
    for (Thread writer : writers) {
      try {
        writer.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
