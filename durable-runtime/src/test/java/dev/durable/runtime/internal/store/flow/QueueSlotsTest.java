package dev.durable.runtime.internal.store.flow;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.store.Stores;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * Two takes of a queue's slots or rate permits at once, as two engines' attempts make them: the
 * first takes one and has not committed yet when the second takes; each locks only the row it
 * takes, so that the second takes another that is free. On H2 an ordered {@code FOR UPDATE SKIP
 * LOCKED} locked every row that qualified, so that the second found none and its run waited for
 * the next poll or its park's end: a period of a rate limit saw fewer attempts than it allows.
 */
class QueueSlotsTest {
  private static final Instant NOW = Instant.parse("2026-01-05T09:00:00Z");

  @Test
  void aTakeWhileAnotherIsUncommittedTakesTheOtherFreePermit() throws Exception {
    SlotTake[] takes = takeTwiceAtOnce(
        Queue.named("carrier").rateLimit(2, Duration.ofMinutes(1)));
    assertTrue(takes[0].taken(), "the first take");
    assertTrue(takes[1].taken(), "the second take, while the first held a permit uncommitted");
  }

  @Test
  void aTakeWhileAnotherIsUncommittedTakesTheOtherFreeSlot() throws Exception {
    SlotTake[] takes = takeTwiceAtOnce(Queue.named("carrier").concurrency(2));
    assertTrue(takes[0].taken(), "the first take");
    assertTrue(takes[1].taken(), "the second take, while the first held a slot uncommitted");
    assertNotEquals(takes[0].slot(), takes[1].slot());
  }

  /**
   * A take on another thread, held before its commit while a take on this thread runs; then both,
   * the held one's first.
   */
  private static SlotTake[] takeTwiceAtOnce(Queue queue) throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:queue-slots-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    Stores setUp = new Stores(h2);
    setUp.migrate();
    setUp.queues().declare(queue, "engine-a", NOW);
    setUp.queueSlots().declare(queue);

    CountDownLatch committing = new CountDownLatch(1);
    CountDownLatch commit = new CountDownLatch(1);
    AtomicReference<Thread> held = new AtomicReference<>();
    Stores store = new Stores(commitsHeldOn(h2, held, committing, commit));
    AtomicReference<SlotTake> first = new AtomicReference<>();
    Thread engineA = new Thread(() -> first.set(store.queueSlots()
        .take(queue, "engine-a", "attempt-a", NOW, NOW.plusSeconds(30))), "engine-a-take");
    held.set(engineA);
    engineA.start();
    try {
      assertTrue(committing.await(10, TimeUnit.SECONDS), "the first take never came to commit");
      SlotTake second =
          store.queueSlots().take(queue, "engine-b", "attempt-b", NOW, NOW.plusSeconds(30));
      commit.countDown();
      engineA.join(10_000);
      return new SlotTake[] {first.get(), second};
    } finally {
      commit.countDown();
    }
  }

  /**
   * {@code dataSource}, whose connections on thread {@code held} say when they are about to commit
   * and wait for {@code commit} first.
   */
  private static DataSource commitsHeldOn(DataSource dataSource, AtomicReference<Thread> held,
      CountDownLatch committing, CountDownLatch commit) {
    return (DataSource) Proxy.newProxyInstance(QueueSlotsTest.class.getClassLoader(),
        new Class<?>[] {DataSource.class}, (self, method, args) -> {
          Object result = invoke(method, dataSource, args);
          if (!(result instanceof Connection connection)) {
            return result;
          }
          return Proxy.newProxyInstance(QueueSlotsTest.class.getClassLoader(),
              new Class<?>[] {Connection.class}, (proxy, call, callArgs) -> {
                if (call.getName().equals("commit") && Thread.currentThread() == held.get()) {
                  committing.countDown();
                  assertTrue(commit.await(10, TimeUnit.SECONDS), "never let commit");
                }
                return invoke(call, connection, callArgs);
              });
        });
  }

  private static Object invoke(Method method, Object target, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
