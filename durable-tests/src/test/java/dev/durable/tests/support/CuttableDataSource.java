package dev.durable.tests.support;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source whose database the test can cut off and restore, as if the network between one
 * engine and the database failed, or whose next statement of a kind the database refuses, as when
 * it aborts a transaction (a deadlock, say): the statement is refused before it runs, so nothing of
 * it is written; or that records the statements prepared through it, for a test to see what an
 * engine asked of the database. Opens a fresh connection per call (no pool).
 */
public final class CuttableDataSource implements DataSource {
  private final String url;
  private final List<String> refusedThreads = new CopyOnWriteArrayList<>();
  private volatile boolean cut;
  private final AtomicReference<String[]> armed = new AtomicReference<>();
  private final Queue<String> statements = new ConcurrentLinkedQueue<>();
  private volatile boolean recording;

  public CuttableDataSource(String url) {
    this.url = url;
  }

  public void cut() {
    cut = true;
  }

  public void restore() {
    cut = false;
  }

  /** Fails the next statement whose SQL contains {@code fragment} with {@code sqlState}. */
  public void failNext(String fragment, String sqlState) {
    armed.set(new String[] {fragment, sqlState});
  }

  /** Whether the failure {@link #failNext} armed has happened. */
  public boolean failed() {
    return armed.get() == null;
  }

  /** Records the text of every statement prepared from now on; see {@link #statements}. */
  public void recordStatements() {
    recording = true;
  }

  /** The statements prepared since {@link #recordStatements}, in order. */
  public List<String> statements() {
    return List.copyOf(statements);
  }

  /** How many connections were refused to threads whose name starts with {@code prefix}. */
  public long refusalsTo(String prefix) {
    return refusedThreads.stream().filter(name -> name.startsWith(prefix)).count();
  }

  @Override
  public Connection getConnection() throws SQLException {
    if (cut) {
      refusedThreads.add(Thread.currentThread().getName());
      throw new SQLException("connection refused: cut off by the test", "08001");
    }
    Connection connection = DriverManager.getConnection(url);
    return (Connection) Proxy.newProxyInstance(
        Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
        (proxy, method, args) -> {
          if (method.getName().equals("prepareStatement") && args != null
              && args[0] instanceof String sql) {
            if (recording) {
              statements.add(sql);
            }
            String[] failure = armed.get();
            if (failure != null && sql.contains(failure[0]) && armed.compareAndSet(failure, null)) {
              throw new SQLException("refused by the test", failure[1]);
            }
          }
          try {
            return method.invoke(connection, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return false;
  }
}
