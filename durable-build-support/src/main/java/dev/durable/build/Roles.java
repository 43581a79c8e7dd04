package dev.durable.build;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The PostgreSQL roles of the guide's "Production PostgreSQL" for a test: made with login on the
 * test database, granted as the guide grants them (the engines' role DML, a viewer's role SELECT),
 * and dropped, with everything they own, when closed. Each name has a random suffix, so that tests
 * running at once on one server do not meet.
 *
 * <pre>{@code
 * try (Roles roles = new Roles(adminUrl)) {
 *   String viewer = roles.create("durable_viewer");
 *   roles.grantViewer(adminUrl, schema, viewer);
 *   ... DriverManager.getConnection(roles.url(viewer)) ...
 * }
 * }</pre>
 */
public final class Roles implements AutoCloseable {
  private final String adminUrl;
  private final List<String> made = new ArrayList<>();

  /**
   * Roles made through {@code adminUrl}, a URL whose user may create roles; the others log in by
   * name alone (the test server trusts local logins).
   */
  public Roles(String adminUrl) {
    this.adminUrl = adminUrl;
  }

  /** Creates a role that can log in, named {@code prefix} and a random suffix; returns its name. */
  public String create(String prefix) {
    String role = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute(adminUrl, "CREATE ROLE " + role + " LOGIN");
    made.add(role);
    return role;
  }

  /** The admin URL, logged in as {@code role} instead. */
  public String url(String role) {
    String url = adminUrl.replaceAll("([?&])user=[^&]*", "$1user=" + role);
    return url.equals(adminUrl) && !adminUrl.contains("user=" + role)
        ? url + (url.contains("?") ? "&" : "?") + "user=" + role : url;
  }

  /**
   * Grants the engines' role its rights on {@code schema}'s tables as they are (run after the
   * migration), through {@code grantorUrl} (the tables' owner, or the admin).
   */
  public void grantApp(String grantorUrl, String schema, String role) {
    execute(grantorUrl, "GRANT USAGE ON SCHEMA " + schema + " TO " + role,
        "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA " + schema + " TO " + role,
        "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA " + schema + " TO " + role);
  }

  /**
   * Grants a viewer's role SELECT on {@code schema}'s tables as they are, through {@code
   * grantorUrl}.
   */
  public void grantViewer(String grantorUrl, String schema, String role) {
    execute(grantorUrl, "GRANT USAGE ON SCHEMA " + schema + " TO " + role,
        "GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
  }

  /** Drops the roles made here, and whatever they own (a schema, its tables) or were granted. */
  @Override
  public void close() {
    if (made.isEmpty()) {
      return;
    }
    List<String> drops = new ArrayList<>();
    drops.add("DROP OWNED BY " + String.join(", ", made) + " CASCADE");
    made.forEach(role -> drops.add("DROP ROLE " + role));
    made.clear();
    execute(adminUrl, drops.toArray(String[]::new));
  }

  /** Runs {@code statements} in order on a connection of its own to {@code url}. */
  public static void execute(String url, String... statements) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
    }
  }
}
