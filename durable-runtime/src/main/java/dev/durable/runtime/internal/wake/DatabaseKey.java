package dev.durable.runtime.internal.wake;

import javax.sql.DataSource;

/**
 * Which database an engine or a worker of this process opened, as far as this process can tell:
 * the {@code DataSource} it was given, or the URL and user it opened one with. Equal keys lead to
 * the same database; unequal ones may too (two pools on one URL spelled differently), and are
 * taken for different ones. A {@code DataSource}'s key is the object itself.
 *
 * @param dataSource the supplied data source, or null
 * @param url the JDBC URL opened, or null with a data source
 * @param user the user it was opened as, or null
 * @param schema the schema of the Durable tables, or null for the connection's: installations in
 *     two schemas of one database are two stores
 */
public record DatabaseKey(DataSource dataSource, String url, String user, String schema) {

  public static DatabaseKey of(DataSource supplied, String url, String user, String schema) {
    return supplied != null
        ? new DatabaseKey(supplied, null, null, schema) : new DatabaseKey(null, url, user, schema);
  }
}
