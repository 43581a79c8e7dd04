package dev.durable.runtime.internal.store;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The store's connections for an installation in a schema of its own:
 * each statement's text is rewritten as it is prepared or executed ({@link StatementTexts}).
 * Nothing is set on the connection, so it holds through a pooler in transaction mode.
 */
final class RewritingDataSource implements DataSource {
  private final DataSource target;
  private final StatementTexts texts;

  RewritingDataSource(DataSource target, StatementTexts texts) {
    this.target = target;
    this.texts = texts;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return wrap(target.getConnection());
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return wrap(target.getConnection(user, password));
  }

  private Connection wrap(Connection connection) {
    return (Connection) Proxy.newProxyInstance(RewritingDataSource.class.getClassLoader(),
        new Class<?>[] {Connection.class}, new Rewriting(connection));
  }

  /**
   * Rewrites the SQL text argument of {@code prepareStatement}, {@code prepareCall}, {@code
   * execute*} and {@code addBatch}, and wraps the statements a connection creates.
   */
  private final class Rewriting implements InvocationHandler {
    private final Object target;

    Rewriting(Object target) {
      this.target = target;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      String name = method.getName();
      if (args != null && args.length > 0 && args[0] instanceof String sql
          && (name.startsWith("prepare") || name.startsWith("execute") || name.equals("addBatch")
              || name.equals("nativeSQL"))) {
        args[0] = texts.rewrite(sql);
      }
      Object result;
      try {
        result = method.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
      if (name.equals("createStatement") && result instanceof Statement statement
          && !(result instanceof PreparedStatement)) {
        return Proxy.newProxyInstance(RewritingDataSource.class.getClassLoader(),
            new Class<?>[] {Statement.class}, new Rewriting(statement));
      }
      return result; // a prepared statement's text was rewritten as it was prepared
    }
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return target.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    target.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    target.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return target.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return target.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return type.isInstance(this) ? type.cast(this) : target.unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return type.isInstance(this) || target.isWrapperFor(type);
  }
}
