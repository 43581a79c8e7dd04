package dev.durable.bench;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that counts what goes through it: statement round trips (a batch is one),
 * commits (and which of them wrote), rollbacks, and round trips per statement and per kind of
 * thread. A benchmark tool: plain {@link Proxy}s over the JDBC interfaces, well under a
 * microsecond per call. What the pool does beneath it (HikariCP's aliveness checks) is not seen.
 */
final class CountingDataSource {
  private final DataSource target;
  private final DataSource proxy;
  private final LongAdder roundTrips = new LongAdder();
  private final LongAdder commits = new LongAdder();
  private final LongAdder writeCommits = new LongAdder();
  private final LongAdder rollbacks = new LongAdder();
  private final Map<String, LongAdder> byStatement = new ConcurrentHashMap<>();
  private final Map<String, Map<String, LongAdder>> byThread = new ConcurrentHashMap<>();
  private final Map<String, String> threadKinds = new ConcurrentHashMap<>();
  private final Map<String, String> labels = new ConcurrentHashMap<>();
  private volatile Executed lastExecuted;
  private volatile Executed firstExecuted;
  /** What the first statement recorded must contain; empty: any. */
  private volatile String firstContaining = "";

  /** A statement as executed: its SQL text and the parameters bound to it, in order. */
  record Executed(String sql, List<Object> params) {}

  CountingDataSource(DataSource target) {
    this.target = target;
    this.proxy = proxy(DataSource.class, (self, method, args) -> {
      Object result = invoke(target, method, args);
      return result instanceof Connection connection ? countingConnection(connection) : result;
    });
  }

  /** The counting data source, to hand to the engine. */
  DataSource dataSource() {
    return proxy;
  }

  /** The prepared statement executed last, with its parameters. */
  Executed lastExecuted() {
    return lastExecuted;
  }

  /** Forgets the first prepared statement executed, so that the next one is recorded. */
  void markFirst() {
    markFirst("");
  }

  /**
   * Forgets the first prepared statement executed, so that the next one whose text contains
   * {@code text} is recorded (a search's, not the statements around it).
   */
  void markFirst(String text) {
    firstContaining = text;
    firstExecuted = null;
  }

  /** The first prepared statement executed since {@link #markFirst()}, with its parameters. */
  Executed firstExecuted() {
    return firstExecuted;
  }

  JdbcCounts snapshot() {
    Map<String, Long> threads = new TreeMap<>();
    byThread.forEach((label, counts) ->
        counts.forEach((thread, count) -> threads.put(label + " @ " + thread, count.sum())));
    return new JdbcCounts(
        roundTrips.sum(), commits.sum(), writeCommits.sum(), rollbacks.sum(), sums(byStatement),
        threads);
  }

  private static Map<String, Long> sums(Map<String, LongAdder> adders) {
    Map<String, Long> sums = new TreeMap<>();
    adders.forEach((key, count) -> sums.put(key, count.sum()));
    return sums;
  }

  @Override
  public String toString() {
    return "counting " + target;
  }

  private Connection countingConnection(Connection connection) throws Exception {
    Transaction transaction = new Transaction(connection.getAutoCommit());
    return proxy(Connection.class, (self, method, args) -> {
      Object result = invoke(connection, method, args);
      switch (method.getName()) {
        case "commit" -> transaction.committed();
        case "rollback" -> {
          if (args == null) {
            transaction.rolledBack();
          }
        }
        case "setAutoCommit" -> transaction.autoCommit = (Boolean) args[0];
        default -> {}
      }
      if (result instanceof Statement statement) {
        String sql = args != null && args.length > 0 && args[0] instanceof String s ? s : null;
        return countingStatement(statement, sql, transaction);
      }
      return result;
    });
  }

  private Statement countingStatement(Statement statement, String preparedSql, Transaction tx) {
    Class<? extends Statement> type =
        statement instanceof CallableStatement ? CallableStatement.class
            : statement instanceof PreparedStatement ? PreparedStatement.class
            : Statement.class;
    Map<Integer, Object> params = new TreeMap<>();
    return proxy(type, (self, method, args) -> {
      String name = method.getName();
      if (name.startsWith("set") && args != null && args.length >= 2
          && args[0] instanceof Integer index) {
        params.put(index, name.equals("setNull") ? null : args[1]);
      } else if (name.startsWith("execute")) {
        String sql = preparedSql != null ? preparedSql
            : args != null && args.length > 0 && args[0] instanceof String s ? s : "batch";
        roundTrips.increment();
        String label = label(sql);
        byStatement.computeIfAbsent(label, l -> new LongAdder()).increment();
        String thread = threadKinds.computeIfAbsent(
            Thread.currentThread().getName(), n -> n.replaceAll("\\d+", "#"));
        byThread.computeIfAbsent(label, l -> new ConcurrentHashMap<>())
            .computeIfAbsent(thread, t -> new LongAdder()).increment();
        tx.executed(!name.equals("executeQuery") && !isQuery(sql));
        if (preparedSql != null) {
          lastExecuted = new Executed(preparedSql, new ArrayList<>(params.values()));
          if (firstExecuted == null && preparedSql.contains(firstContaining)) {
            firstExecuted = lastExecuted;
          }
        }
      }
      return invoke(statement, method, args);
    });
  }

  private String label(String sql) {
    return labels.computeIfAbsent(sql, StatementLabel::of);
  }

  private static boolean isQuery(String sql) {
    return sql.regionMatches(true, 0, "SELECT", 0, 6);
  }

  /** The transaction state of one connection: auto-commit, and whether it has written. */
  private final class Transaction {
    volatile boolean autoCommit;
    private boolean wrote;

    Transaction(boolean autoCommit) {
      this.autoCommit = autoCommit;
    }

    synchronized void executed(boolean write) {
      if (autoCommit) {
        commits.increment();
        if (write) {
          writeCommits.increment();
        }
      } else {
        wrote |= write;
      }
    }

    synchronized void committed() {
      commits.increment();
      if (wrote) {
        writeCommits.increment();
      }
      wrote = false;
    }

    synchronized void rolledBack() {
      rollbacks.increment();
      wrote = false;
    }
  }

  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    return type.cast(
        Proxy.newProxyInstance(CountingDataSource.class.getClassLoader(), new Class<?>[] {type},
            handler));
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
