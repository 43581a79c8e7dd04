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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source whose database the test can cut off and restore, as if the network between one
 * engine and the database failed, or whose next statement of a kind the database refuses, as when
 * it aborts a transaction (a deadlock, say): the statement is refused before it runs, so nothing of
 * it is written; or that records the statements prepared through it, for a test to see what an
 * engine asked of the database; or that holds the next statement of a kind before it runs until
 * the test lets it go ({@link #holdNext}), to stage a race. Opens a fresh connection per call (no
 * pool).
 */
public final class CuttableDataSource implements DataSource {
  private final String url;
  private final List<String> refusedThreads = new CopyOnWriteArrayList<>();
  private volatile boolean cut;
  private final AtomicReference<String[]> armed = new AtomicReference<>();
  private final Queue<String> statements = new ConcurrentLinkedQueue<>();
  private final Queue<String> preparers = new ConcurrentLinkedQueue<>();
  private volatile boolean recording;
  private final AtomicReference<Hold> hold = new AtomicReference<>();

  /** A statement held before it runs: see {@link #holdNext}. */
  public static final class Hold {
    private final String fragment;
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    private Hold(String fragment) {
      this.fragment = fragment;
    }

    /** Whether the statement is being held. */
    public boolean reached() {
      return reached.getCount() == 0;
    }

    /** Lets the statement run. */
    public void release() {
      released.countDown();
    }
  }

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

  /**
   * Holds the next statement whose SQL contains {@code fragment}, on the thread preparing it and
   * before it runs, until {@link Hold#release} (at most 30 s).
   */
  public Hold holdNext(String fragment) {
    Hold next = new Hold(fragment);
    hold.set(next);
    return next;
  }

  /** Records the text of every statement prepared from now on; see {@link #statements}. */
  public void recordStatements() {
    recording = true;
  }

  /** The statements prepared since {@link #recordStatements}, in order. */
  public List<String> statements() {
    return List.copyOf(statements);
  }

  /** Whether a thread named {@code name} prepared a statement since {@link #recordStatements}. */
  public boolean preparedOn(String name) {
    return preparers.contains(name);
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
              preparers.add(Thread.currentThread().getName());
            }
            String[] failure = armed.get();
            if (failure != null && sql.contains(failure[0]) && armed.compareAndSet(failure, null)) {
              throw new SQLException("refused by the test", failure[1]);
            }
            Hold held = hold.get();
            if (held != null && sql.contains(held.fragment) && hold.compareAndSet(held, null)) {
              held.reached.countDown();
              if (!held.released.await(30, TimeUnit.SECONDS)) {
                throw new SQLException("the test never released the held statement");
              }
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
