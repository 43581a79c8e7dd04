package dev.durable.tests.support;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Connections to a JDBC URL that fail the next statement whose SQL contains a given fragment with
 * a given SQL state, as the database does when it aborts a transaction (a deadlock, say): the
 * statement is refused before it runs, so nothing of it is written.
 */
public final class FlakyDataSource implements DataSource {
  private final String url;
  private final AtomicReference<String[]> armed = new AtomicReference<>();

  public FlakyDataSource(String url) {
    this.url = url;
  }

  /** Fails the next statement whose SQL contains {@code fragment} with {@code sqlState}. */
  public void failNext(String fragment, String sqlState) {
    armed.set(new String[] {fragment, sqlState});
  }

  /** Whether the armed failure has happened. */
  public boolean failed() {
    return armed.get() == null;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection connection = DriverManager.getConnection(url);
    return (Connection) Proxy.newProxyInstance(
        Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
        (proxy, method, args) -> {
          if (method.getName().equals("prepareStatement") && args != null
              && args[0] instanceof String sql) {
            String[] failure = armed.get();
            if (failure != null && sql.contains(failure[0]) && armed.compareAndSet(failure, null)) {
              throw new SQLException("deadlock detected (injected by the test)", failure[1]);
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
  public Connection getConnection(String user, String password) throws SQLException {
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
  public <T> T unwrap(Class<T> type) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return false;
  }
}
