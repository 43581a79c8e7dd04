package dev.durable.trigger.testing;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source whose database the test can cut off and restore, as if the network between the
 * engine and the database failed: while it is cut, no connection opens. A fresh connection per call
 * (no pool), so that nothing opened before the cut hides it.
 */
public final class CuttableDataSource implements DataSource {
  private final String url;
  private volatile boolean cut;

  public CuttableDataSource(String url) {
    this.url = url;
  }

  public void cut() {
    cut = true;
  }

  public void restore() {
    cut = false;
  }

  @Override
  public Connection getConnection() throws SQLException {
    if (cut) {
      throw new SQLException("connection refused: the test cut the database off", "08001");
    }
    return DriverManager.getConnection(url);
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
  public <T> T unwrap(Class<T> type) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return false;
  }
}
