package dev.durable.runtime.engine;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.StepHandler;
import dev.durable.runtime.store.Store;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;

/** Builds workers; what {@link DurableWorker.Builder#build()} calls. */
public final class Workers {
  private Workers() {}

  /**
   * A worker's configuration.
   *
   * @param jdbcUrl the store's URL, or null with a data source
   * @param steps the served step names, in registration order
   */
  public record Config(
      String jdbcUrl,
      String user,
      String password,
      DataSource dataSource,
      Map<String, StepHandler> handlers,
      List<String> steps,
      String workerId,
      int concurrency,
      Duration pollInterval,
      Duration shutdownTimeout) {}

  public static DurableWorker create(Config config) {
    HikariDataSource pool = null;
    DataSource dataSource = config.dataSource();
    if (dataSource == null) {
      // the poller, the handlers' outcomes, one spare
      pool = DataSources.pool(config.jdbcUrl(), config.user(), config.password(),
          config.concurrency() + 2, "durable-worker-" + config.workerId());
      dataSource = pool;
    }
    try {
      Store store = new Store(dataSource);
      store.migrate();
      store.requireDurableCommits();
      return new DefaultWorker(config, store, pool);
    } catch (RuntimeException e) {
      if (pool != null) {
        pool.close();
      }
      throw e;
    }
  }

  public static String defaultWorkerId() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      host = "localhost";
    }
    return "worker-" + host + "-" + ProcessHandle.current().pid() + "-"
        + UUID.randomUUID().toString().substring(0, 8);
  }
}
