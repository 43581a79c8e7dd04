package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.Parallel;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Books each id through the "carrier" flow-control queue: one id in a lone step, several in a fan.
 * Counts how many bookings run at once; ids starting with "gated" wait at their gate.
 */
@Workflow(name = "queued")
public class QueueWorkflow {
  /**
   * Bookings running now, and the most that ever ran at once. The first {@code fill} bookings wait
   * (up to 5 s) until {@code fill} are running together, so that a queue that admits {@code fill}
   * at once is seen to, whatever the threads' timing.
   */
  public static final class Probe {
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger most = new AtomicInteger();
    private final AtomicInteger entered = new AtomicInteger();
    private final int fill;
    private final CountDownLatch full;

    public Probe(int fill) {
      this.fill = fill;
      this.full = new CountDownLatch(fill);
    }

    private void enter() throws InterruptedException {
      most.accumulateAndGet(running.incrementAndGet(), Math::max);
      if (entered.incrementAndGet() <= fill) {
        full.countDown();
        full.await(5, TimeUnit.SECONDS);
      }
    }

    public int most() {
      return most.get();
    }

    public int running() {
      return running.get();
    }
  }

  private final Script script;
  private final Gate gate;
  private final Probe probe;

  public QueueWorkflow(Script script, Gate gate, Probe probe) {
    this.script = script;
    this.gate = gate;
    this.probe = probe;
  }

  @Step(queue = "carrier", retries = 2, backoff = Backoff.FIXED, backoffMs = 1_000)
  protected String book(String id) {
    try {
      probe.enter();
      script.enter("book:" + id);
      if (id.startsWith("gated")) {
        gate.pass(id);
      } else {
        Thread.sleep(5);
      }
      return "booked " + id;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      probe.running.decrementAndGet();
    }
  }

  @Run
  public String run(List<String> ids) {
    if (ids.size() == 1) {
      return book(ids.get(0));
    }
    return String.join(",", Parallel.fan(ids, this::book));
  }
}
