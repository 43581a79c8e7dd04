package dev.durable.runtime.internal.run;

import dev.durable.runtime.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Group commit of one kind of write (turns' progress, or new runs): callers hand their writes to a
 * few writer threads, each of which writes everything waiting in one commit. A caller blocks until
 * its write is durable, so no run proceeds past a step before its checkpoint is stored; when many
 * callers write at the same moment, they share a commit, which is how throughput beats the
 * database's commit rate. When nothing else is being written, a caller writes itself, sparing two
 * thread hand-offs.
 *
 * @param <T> what is written
 */
public final class GroupCommit<T> implements AutoCloseable {
  private static final int MAX_BATCH = 256;

  /**
   * Writer threads of an engine's group commits (progress, new runs): several batches in flight
   * keep the database busy while each writer waits for its commit to be flushed; too many split
   * the waiting writes into batches too small to share a flush.
   */
  static final int WRITERS = 4;

  private record Pending<T>(T write, CompletableFuture<Boolean> written) {}

  private final Function<List<T>, boolean[]> writeBatch;
  private final BlockingQueue<Pending<T>> queue = new LinkedBlockingQueue<>();
  private final AtomicInteger writing = new AtomicInteger();
  private final List<Thread> writers = new ArrayList<>();
  /**
   * Queued once per writer by {@link #close()}: wakes a writer waiting for work to see that it is
   * closed. Writers wait without a timeout, so an idle engine's writers use no CPU.
   */
  private final Pending<T> wakeUp = new Pending<>(null, null);
  private volatile boolean closed;

  /**
   * @param writeBatch writes a batch in one commit and says, for each write, whether it was made
   * @param name names the writer threads
   */
  public GroupCommit(Function<List<T>, boolean[]> writeBatch, String name, int writerThreads) {
    this.writeBatch = writeBatch;
    for (int i = 1; i <= writerThreads; i++) {
      Thread writer = new Thread(this::loop, name + "-" + i);
      writer.setDaemon(true);
      writers.add(writer);
      writer.start();
    }
  }

  /**
   * Writes {@code write} durably, together with whatever else is being written now.
   *
   * @return whether it was made (false: refused, e.g. fenced out or a duplicate)
   * @throws StoreException if the store failed; the write may or may not have been made
   */
  public boolean write(T write) {
    if (closed) {
      throw new StoreException("the engine is closed; nothing more can be stored", null);
    }
    if (queue.isEmpty() && writing.compareAndSet(0, 1)) {
      try {
        return writeBatch.apply(List.of(write))[0];
      } finally {
        writing.decrementAndGet();
      }
    }
    Pending<T> pending = new Pending<>(write, new CompletableFuture<>());
    queue.add(pending);
    try {
      return pending.written().get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof StoreException store
          ? store
          : new StoreException("storing failed: " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while storing", e);
    }
  }

  private void loop() {
    try {
      drainUntilClosed();
    } finally {
      queue.add(wakeUp); // passed on: another writer's may have been taken by a writer with work
    }
  }

  private void drainUntilClosed() {
    List<Pending<T>> batch = new ArrayList<>();
    while (!closed || queue.stream().anyMatch(pending -> pending != wakeUp)) {
      try {
        Pending<T> first = queue.take();
        if (first == wakeUp) {
          continue;
        }
        batch.add(first);
        queue.drainTo(batch, MAX_BATCH - 1);
        int drained = batch.size();
        batch.removeIf(pending -> pending == wakeUp);
        for (int i = batch.size(); i < drained; i++) {
          queue.add(wakeUp); // drained with the writes, it was meant for another writer
        }
        writeAll(batch);
      } catch (InterruptedException e) {
        if (closed) {
          return;
        }
      } finally {
        batch.clear();
      }
    }
  }

  private void writeAll(List<Pending<T>> batch) {
    writing.incrementAndGet();
    try {
      boolean[] written = writeBatch.apply(batch.stream().map(Pending::write).toList());
      for (int i = 0; i < batch.size(); i++) {
        batch.get(i).written().complete(written[i]);
      }
    } catch (StoreException e) {
      if (e.isPermanent() && batch.size() > 1) {
        writeOneByOne(batch);
      } else {
        batch.forEach(pending -> pending.written().completeExceptionally(e));
      }
    } catch (RuntimeException e) {
      batch.forEach(pending -> pending.written().completeExceptionally(e));
    } finally {
      writing.decrementAndGet();
    }
  }

  /**
   * Writes a refused batch's writes one at a time, so that the write the database refuses fails
   * alone and the others are made. A refusal rolled the whole batch back, so nothing is written
   * twice; after an outage the batch may or may not have been made, so it is not retried here.
   */
  private void writeOneByOne(List<Pending<T>> batch) {
    for (Pending<T> pending : batch) {
      try {
        pending.written().complete(writeBatch.apply(List.of(pending.write()))[0]);
      } catch (RuntimeException e) {
        pending.written().completeExceptionally(e);
      }
    }
  }

  /** How many writes wait for a writer thread now. */
  int queued() {
    return queue.size();
  }

  /** Writes what is queued, then stops the writers. */
  @Override
  public void close() {
    closed = true;
    writers.forEach(writer -> queue.add(wakeUp));
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
