package dev.durable.runtime.internal.wake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.ExecutionSlots;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Where the wake-up component sends each kind of wake-up: a run due now to every engine of the
 * process, a run due later to this engine's own timer at its instant and never before, a run
 * sleeping on a timer to a timer at its due time when it cannot be claimed ahead, a run queued in a
 * flow-control queue to every engine of the process with the queue's name, tasks queued to
 * the workers of the process and not its engines, a freed slot to its own poll only. Each engine
 * and worker here polls once at its start and then only when woken (its interval is an hour).
 */
class WakeupsTest {
  private static final Duration SOON = Duration.ofMillis(300);

  private final Time time = new Time(Clock.systemUTC());
  private final ProcessWakeups process = new ProcessWakeups();
  private final Stores store = store();
  private final List<AutoCloseable> opened = new ArrayList<>();

  /** An engine's wake-ups on a poll that records when it polls. */
  private final class Engine {
    final PollLoop poll = loop("engine");
    final BlockingQueue<Instant> polls = new LinkedBlockingQueue<>();
    final BlockingQueue<String> queued = new LinkedBlockingQueue<>();
    final EngineWakeups wakeups =
        new EngineWakeups(store.runs(), time, poll, process,
            new DatabaseKey(null, "mem", null, null),
            "engine-" + UUID.randomUUID(), Duration.ofSeconds(30));

    Engine() throws InterruptedException {
      opened.add(wakeups.listen(queued::add, runIds -> {}, listening -> {}, "test-listener"));
      wakeups.start();
      start(poll, polls);
      opened.add(() -> {
        poll.stop();
        wakeups.stop();
      });
    }
  }

  /** A worker's wake-ups on a poll that records when it polls. */
  private final class Worker {
    final PollLoop poll = loop("worker");
    final BlockingQueue<Instant> polls = new LinkedBlockingQueue<>();
    final WorkerWakeups wakeups = new WorkerWakeups(store.tasks(), time, poll, process);

    Worker() throws InterruptedException {
      wakeups.listen("test-listener");
      start(poll, polls);
      opened.add(() -> {
        poll.stop();
        wakeups.close("test-worker");
      });
    }
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable closeable : opened) {
      closeable.close();
    }
  }

  @Test
  void aRunDueNowWakesEveryEngineOfTheProcessAndNoWorker() throws Exception {
    Engine one = new Engine();
    Engine other = new Engine();
    Worker worker = new Worker();

    one.wakeups.runDue(time.now());

    assertNotNull(one.polls.poll(10, TimeUnit.SECONDS), "the engine told did not poll");
    assertNotNull(other.polls.poll(10, TimeUnit.SECONDS), "another engine did not poll");
    assertNull(worker.polls.poll(SOON.toMillis(), TimeUnit.MILLISECONDS), "a worker polled");
  }

  @Test
  void aRunQueuedNowWakesEveryEngineOfTheProcessWithItsQueue() throws Exception {
    Engine one = new Engine();
    Engine other = new Engine();
    Worker worker = new Worker();

    one.wakeups.runQueued("orders", time.now());

    assertEquals("orders", other.queued.poll(10, TimeUnit.SECONDS), "another engine was not told");
    assertNotNull(other.polls.poll(10, TimeUnit.SECONDS), "another engine did not poll");
    assertEquals("orders", one.queued.poll(10, TimeUnit.SECONDS), "the engine was not told");
    assertNull(worker.polls.poll(SOON.toMillis(), TimeUnit.MILLISECONDS), "a worker polled");
  }

  @Test
  void aWorkersAnswerWakesTheEnginesOfTheProcess() throws Exception {
    Engine engine = new Engine();
    Worker worker = new Worker();

    worker.wakeups.runDue(time.now());

    assertNotNull(engine.polls.poll(10, TimeUnit.SECONDS), "the engine did not poll");
    assertNull(worker.polls.poll(SOON.toMillis(), TimeUnit.MILLISECONDS), "the worker polled");
  }

  @Test
  void aRunDueLaterWakesThisEngineAtItsInstantAndNoOther() throws Exception {
    Engine engine = new Engine();
    Engine other = new Engine();
    Instant due = time.now().plus(SOON);

    engine.wakeups.runDue(due);

    Instant polled = engine.polls.poll(10, TimeUnit.SECONDS);
    assertNotNull(polled, "the engine's timer did not wake its poll");
    assertFalse(polled.isBefore(due), "woken at " + polled + ", before " + due);
    assertNull(other.polls.poll(SOON.toMillis(), TimeUnit.MILLISECONDS), "another engine polled");
  }

  @Test
  void aSleepingRunThatCannotBeClaimedAheadGetsATimerAtItsDueTime() throws Exception {
    Engine engine = new Engine();
    engine.wakeups.bind(new ExecutionSlots() { // no slot free: the claim ahead gives up
      @Override
      public boolean tryReserve() {
        return false;
      }

      @Override
      public void release() {}

      @Override
      public void submit(ClaimedRun claim, Instant now) {
        throw new AssertionError("nothing was claimed");
      }
    });
    Instant due = time.now().plus(SOON);

    engine.wakeups.runSleeps("run-1", due);

    Instant polled = engine.polls.poll(10, TimeUnit.SECONDS);
    assertNotNull(polled, "the sleeping run was left to the poll's interval");
    assertFalse(polled.isBefore(due), "woken at " + polled + ", before " + due);
  }

  @Test
  void tasksQueuedWakeTheWorkersOfTheProcessAndNoEngine() throws Exception {
    Engine engine = new Engine();
    Worker worker = new Worker();
    Worker other = new Worker();

    engine.wakeups.tasksQueued();

    assertNotNull(worker.polls.poll(10, TimeUnit.SECONDS), "a worker did not poll");
    assertNotNull(other.polls.poll(10, TimeUnit.SECONDS), "a worker did not poll");
    assertNull(engine.polls.poll(SOON.toMillis(), TimeUnit.MILLISECONDS), "the engine polled");
  }

  @Test
  void aFreedSlotWakesItsOwnPollOnly() throws Exception {
    Engine engine = new Engine();
    Engine other = new Engine();

    engine.wakeups.slotFree();

    assertNotNull(engine.polls.poll(10, TimeUnit.SECONDS), "the engine did not poll");
    assertNull(other.polls.poll(SOON.toMillis(), TimeUnit.MILLISECONDS), "another engine polled");
  }

  private static PollLoop loop(String name) {
    return new PollLoop(
        name, Duration.ofHours(1), LoggerFactory.getLogger(WakeupsTest.class), "cannot poll");
  }

  /** Starts {@code poll} recording each poll's instant, and waits out its first poll. */
  private void start(PollLoop poll, BlockingQueue<Instant> polls) throws InterruptedException {
    poll.start(() -> {
      polls.add(time.now());
      return false;
    });
    assertNotNull(polls.poll(10, TimeUnit.SECONDS), "the first poll did not come");
  }

  /** An embedded H2 database: it has no notifications, so only the in-process routes wake. */
  private static Stores store() {
    JdbcDataSource dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:mem:wakeups-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    return new Stores(dataSource);
  }
}
