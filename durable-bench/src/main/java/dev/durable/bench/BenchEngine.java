package dev.durable.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.spi.DurableWorkflow;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A started engine over a counting, pre-filled HikariCP pool of its own. Closing it closes both
 * and, on PostgreSQL, reads how many transactions the server counted over the engine's life, to
 * check the proxy's count against.
 */
final class BenchEngine implements AutoCloseable {
  /** The engine's {@code maxConcurrentRuns}: above the 16 client threads, so slots never limit. */
  static final int MAX_CONCURRENT_RUNS = 32;
  /** As the engine sizes its own pool: turns in flight plus poller, timers, leases and callers. */
  static final int POOL_SIZE = MAX_CONCURRENT_RUNS + 4;

  private static final AtomicInteger ENGINES = new AtomicInteger();

  /**
   * Commits over the engine's life, built, warmed up, measured and closed.
   *
   * @param proxy as counted by the {@link CountingDataSource}
   * @param server as counted by PostgreSQL ({@code pg_stat_database.xact_commit}), database-wide;
   *     empty on H2
   */
  record LifetimeCommits(long proxy, OptionalLong server) {}

  private final Database database;
  private final String name;
  private final OptionalLong serverCommitsBefore;
  private final HikariDataSource pool;
  private final CountingDataSource counting;
  private final DurableEngine engine;
  private LifetimeCommits lifetime;

  /** An engine whose statements are counted and whose runs are seen by {@code hooks}. */
  BenchEngine(Database database, DurableHooks hooks, DurableWorkflow<?>... workflows)
      throws Exception {
    this(database, hooks, true, builder -> {}, workflows);
  }

  /**
   * An engine as an application runs it: no hooks, no counting proxy between it and its pool, so
   * that its throughput and CPU are not the instruments'. {@link #counts()} stays empty.
   */
  static BenchEngine plain(Database database, DurableWorkflow<?>... workflows) throws Exception {
    return new BenchEngine(database, null, false, builder -> {}, workflows);
  }

  /**
   * A plain engine ({@link #plain}) with more set on its builder by {@code configure}: a meter
   * registry or OpenTelemetry, say.
   */
  static BenchEngine configured(
      Database database, Consumer<DurableEngine.Builder> configure,
      DurableWorkflow<?>... workflows) throws Exception {
    return new BenchEngine(database, null, false, configure, workflows);
  }

  private BenchEngine(
      Database database, DurableHooks hooks, boolean counted,
      Consumer<DurableEngine.Builder> configure, DurableWorkflow<?>... workflows)
      throws Exception {
    this.database = database;
    // the process id too: the sessions of a pool are looked up by name across the whole server
    this.name =
        "durable-bench-" + ProcessHandle.current().pid() + "-" + ENGINES.incrementAndGet();
    this.serverCommitsBefore = database.committedTransactions();
    this.pool = database.pool(name, POOL_SIZE);
    this.counting = new CountingDataSource(pool);
    DurableEngine.Builder builder =
        DurableEngine.builder()
            .dataSource(counted ? counting.dataSource() : pool)
            .discover(false)
            .maxConcurrentRuns(MAX_CONCURRENT_RUNS);
    if (hooks != null) {
      builder.hooks(hooks);
    }
    for (DurableWorkflow<?> workflow : workflows) {
      builder.register(workflow);
    }
    configure.accept(builder);
    this.engine = builder.build();
    engine.start();
  }

  DurableEngine engine() {
    return engine;
  }

  /** Its pool's name, which is also its sessions' application name on PostgreSQL. */
  String name() {
    return name;
  }

  JdbcCounts counts() {
    return counting.snapshot();
  }

  /** Available once closed. */
  LifetimeCommits lifetimeCommits() {
    return lifetime;
  }

  @Override
  public void close() throws Exception {
    engine.close();
    pool.close();
    long proxy = counting.snapshot().commits();
    OptionalLong server = OptionalLong.empty();
    if (serverCommitsBefore.isPresent()) {
      database.awaitDisconnected(name);
      server = OptionalLong.of(
          database.committedTransactions().getAsLong() - serverCommitsBefore.getAsLong());
    }
    lifetime = new LifetimeCommits(proxy, server);
  }
}
