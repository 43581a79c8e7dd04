package dev.durable.runtime.internal.store.signal;

import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * The catalogue of {@code durable_secrets} and {@code durable_signal_tokens}: the secret signal
 * tokens are signed with, made once, and the tokens used, each at most once (V29).
 */
public final class SignalTokensTable {
  static final String SECRETS = "durable_secrets";
  static final String TOKENS = "durable_signal_tokens";
  /** The name of the signal tokens' secret among the secrets. */
  static final String TOKEN_SECRET = "signal-tokens";

  private final Sql selectSecret;
  /** Stores a secret unless one of its name is stored: the first engine's stays. */
  private final Sql insertSecret;
  private final Sql selectUsed;
  /** Marks a token used unless it was: the one that inserts the row has used it. */
  private final Sql use;
  /** A deleted run's used tokens ({@code FinishedRuns}). */
  public final Sql deleteOfRun;

  public SignalTokensTable(Schema schema) {
    String secrets = schema.table(SECRETS);
    String tokens = schema.table(TOKENS);
    selectSecret = Sql.of("SELECT secret FROM " + secrets + " WHERE name = :name");
    insertSecret = Sql.of("INSERT INTO " + secrets + " (name, secret, created_at)"
        + " SELECT :name, :secret, :now FROM " + secrets + " WHERE name = :name"
        + " HAVING COUNT(*) = 0");
    selectUsed = Sql.of("SELECT 1 FROM " + tokens + " WHERE token_id = :tokenId");
    use = Sql.of("INSERT INTO " + tokens + " (token_id, run_id, used_at)"
        + " SELECT :tokenId, :runId, :now FROM " + tokens + " WHERE token_id = :tokenId"
        + " HAVING COUNT(*) = 0");
    deleteOfRun = Sql.of("DELETE FROM " + tokens + " WHERE run_id = :runId");
  }

  /** The signal tokens' secret, if one is stored. */
  Optional<String> secret(Connection connection) throws SQLException {
    return selectSecret.first(connection, new Values().string("name", TOKEN_SECRET),
        rows -> rows.getString(1));
  }

  /** Stores {@code secret} as the signal tokens' secret unless one is stored already. */
  void offerSecret(Connection connection, String secret, Instant now) throws SQLException {
    insertSecret.update(connection, new Values().string("name", TOKEN_SECRET)
        .string("secret", secret).instant("now", now));
  }

  /** Whether token {@code tokenId} was used. */
  boolean used(Connection connection, String tokenId) throws SQLException {
    return selectUsed.first(connection, new Values().string("tokenId", tokenId), rows -> true)
        .isPresent();
  }

  /** Marks token {@code tokenId} of run {@code runId} used; false if it was already. */
  boolean use(Connection connection, String tokenId, String runId, Instant now)
      throws SQLException {
    return use.update(connection, new Values().string("tokenId", tokenId).string("runId", runId)
        .instant("now", now)) == 1;
  }
}
