package dev.durable.runtime.internal.store.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.durable.build.OnPostgres;
import dev.durable.runtime.internal.store.sql.Notifications;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * What a listener calls back for: the wake-ups and run ids of other processes, not the echoes of
 * this process's own wake-ups, which woke its engines and workers in process already. And how it
 * closes: never leaving a connection of the pool in use behind it.
 */
class PostgresListenerTest {
  private static final String OWN = Notifications.wakeOrigin(UUID.randomUUID());
  private static final String OTHER = Notifications.wakeOrigin(UUID.randomUUID());

  @Test
  void echoesOfThisProcessAloneCallNobodyBack() {
    assertEquals(Optional.empty(), PostgresListener.runIdsNamed(List.of(OWN), OWN));
    assertEquals(Optional.empty(), PostgresListener.runIdsNamed(List.of(OWN, OWN), OWN));
  }

  @Test
  void aWakeUpFromAnotherProcessOrWithoutOriginCallsBackWithNoRunId() {
    assertEquals(Optional.of(List.of()), PostgresListener.runIdsNamed(List.of(OTHER), OWN));
    assertEquals(Optional.of(List.of()), PostgresListener.runIdsNamed(List.of(""), OWN));
    assertEquals(Optional.of(List.of()), PostgresListener.runIdsNamed(List.of(OWN, ""), OWN));
  }

  @Test
  void runIdsAreNamedWhateverElseCame() {
    assertEquals(Optional.of(List.of("order-1", "wake:not-an-origin")),
        PostgresListener.runIdsNamed(List.of(OWN, "order-1", OTHER, "wake:not-an-origin"), OWN));
  }

  /**
   * An engine closes its listener, then its pool. A listener closed while it still takes its
   * connection and sends its first statements through the pool is waited for, so that the pool
   * has no connection in use to cut when it closes next (Hikari would log it "marked as broken",
   * with a trace). The listener here is held just after it took its connection, until its close
   * has begun and either waits for it or has returned: it gives the connection back only then.
   */
  @OnPostgres
  @Test
  void onPostgresAListenerClosedWhileItSetsUpGivesItsConnectionBackBeforeCloseReturns()
      throws Exception {
    String url = System.getenv("DURABLE_PG_URL");
    assumeTrue(url != null && !url.isBlank(), "DURABLE_PG_URL is not set");
    Thread closer = Thread.currentThread();
    CountDownLatch taken = new CountDownLatch(1);
    AtomicBoolean closeReturned = new AtomicBoolean();
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setMaximumPoolSize(1);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      DataSource holding = (DataSource) Proxy.newProxyInstance(
          PostgresListenerTest.class.getClassLoader(), new Class<?>[] {DataSource.class},
          (self, method, args) -> {
            Object result;
            try {
              result = method.invoke(pool, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
            if (result instanceof Connection) {
              taken.countDown();
              holdUntilClosing(closer, closeReturned);
            }
            return result;
          });
      PostgresListener listener = new PostgresListener(
          holding, Map.of("'durable_listener_close'", ids -> {}), OWN, listening -> {},
          "durable-listener-close-test");
      assertTrue(taken.await(20, TimeUnit.SECONDS), "the listener never took a connection");

      listener.close();
      int inUse = pool.getHikariPoolMXBean().getActiveConnections();
      closeReturned.set(true);

      assertEquals(0, inUse, "connections of the pool in use when the listener's close returned");
    }
  }

  /**
   * Holds the listener's thread until its close has begun (it interrupts the thread) and then
   * either waits for the thread (the closer waits, timed, in a join) or has returned.
   */
  private static void holdUntilClosing(Thread closer, AtomicBoolean closeReturned) {
    try {
      new CountDownLatch(1).await(20, TimeUnit.SECONDS);
    } catch (InterruptedException closing) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (closer.getState() != Thread.State.TIMED_WAITING && !closeReturned.get()
          && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
    }
  }
}
