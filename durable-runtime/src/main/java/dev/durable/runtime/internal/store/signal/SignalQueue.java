package dev.durable.runtime.internal.store.signal;

import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.SignalRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * The store's side of typed signals: sending one to a run, and reading the next one a wait of the
 * run may take. Taking a signal is part of a turn's fenced commit ({@link
 * Commit.CheckpointWrite#takesSignal}), not of this class. The SQL is in {@link SignalsTable} and
 * {@link RunsTable}.
 */
public final class SignalQueue {
  private final Transactions transactions;
  private final Dialect dialect;
  private final RunsTable runs;
  private final SignalsTable signals;
  private final EventsTable events;
  private final WorkflowSignalsTable declared;
  private final SignalTokensTable tokens;

  public SignalQueue(Transactions transactions, Dialect dialect, RunsTable runs,
      SignalsTable signals, EventsTable events, WorkflowSignalsTable declared,
      SignalTokensTable tokens) {
    this.tokens = tokens;
    this.transactions = transactions;
    this.dialect = dialect;
    this.runs = runs;
    this.signals = signals;
    this.events = events;
    this.declared = declared;
  }

  /**
   * What a send found.
   *
   * @param workflow the run's workflow
   * @param status the run's state when the signal was sent
   * @param stored whether the signal was stored: the run is of {@code expected}'s workflow, in any
   *     version, and has not ended
   */
  public record Sent(WorkflowKey workflow, RunState status, boolean stored) {}

  /**
   * Stores a signal for run {@code runId}, if it is a run of {@code expected}'s workflow (in any
   * version: a client of one version signals runs of every version) that has not ended, and wakes
   * the run, in one commit: a sleeping run comes due, and an executing one is marked woken, so that
   * a turn that read no signal before this commit and is about to suspend makes the run due instead
   * ({@code woken_at}). The run's row is locked first, so that it cannot end between the check and
   * the commit. On PostgreSQL the other engines are notified at the commit.
   *
   * @return empty if no run has that id
   */
  public Optional<Sent> send(
      String runId, WorkflowKey expected, String name, String payload, Instant now) {
    return transactions.inTransaction("send signal '" + name + "' to run " + runId,
        connection -> send(connection, runId, expected, name, payload, now));
  }

  private Optional<Sent> send(Connection connection, String runId, WorkflowKey expected,
      String name, String payload, Instant now) throws SQLException {
    Optional<RunsTable.Locked> run = runs.lock(connection, runId);
    if (run.isEmpty()) {
      return Optional.empty();
    }
    RunsTable.Locked found = run.get();
    boolean stored =
        found.workflow().name().equals(expected.name()) && !found.status().isTerminal();
    if (stored) {
      signals.insert(connection, runId, name, payload, now);
      events.append(
          connection, runId, List.of(EventType.SIGNAL_SENT.step(name, 0, null, now)));
      runs.wake(connection, runId, now);
      dialect.announcements().runsDue(connection);
    }
    return Optional.of(new Sent(found.workflow(), found.status(), stored));
  }

  /** What a send with a token did. */
  public enum TokenSend {
    /** The signal was stored, and the token used. */
    SENT,
    /** The token had been used: nothing was stored. */
    USED,
    /** The run has ended, or is gone: nothing was stored, the token not used. */
    ENDED
  }

  /**
   * Stores a signal for run {@code runId} as {@link #send} does, and marks token {@code tokenId}
   * used, in one commit: of two sends with one token, one stores its signal.
   */
  public TokenSend sendOnce(String tokenId, String runId, WorkflowKey expected, String name,
      String payload, Instant now) {
    try {
      return transactions.inTransaction("send signal '" + name + "' to run " + runId
          + " with a token", connection -> {
            if (!tokens.use(connection, tokenId, runId, now)) {
              return TokenSend.USED;
            }
            Optional<Sent> sent = send(connection, runId, expected, name, payload, now);
            if (sent.isEmpty() || !sent.get().stored()) {
              connection.rollback(); // the token stays unused
              return TokenSend.ENDED;
            }
            return TokenSend.SENT;
          });
    } catch (StoreException e) {
      if (e.getCause() instanceof SQLException sql && SqlErrors.isUniqueViolation(sql)) {
        return TokenSend.USED; // another send used it in the same moment
      }
      throw e;
    }
  }

  /** Whether token {@code tokenId} was used. */
  public boolean tokenUsed(String tokenId) {
    return transactions.autocommit("read whether a signal token was used",
        connection -> tokens.used(connection, tokenId));
  }

  /**
   * The secret signal tokens are signed with: the stored one, or, if none is, {@code proposed},
   * stored now (of engines that propose one at once, the first to store it wins, and each reads
   * that one).
   */
  public String tokenSecret(String proposed, Instant now) {
    return transactions.inTransaction("read the signal tokens' secret", connection -> {
      Optional<String> stored = tokens.secret(connection);
      if (stored.isPresent()) {
        return stored.get();
      }
      tokens.offerSecret(connection, proposed, now);
      return tokens.secret(connection).orElseThrow();
    });
  }

  /**
   * Sets aside signal {@code id} of run {@code runId}, whose value its wait cannot read: it stays
   * stored, marked rejected, and the run's history says why ({@code signal.rejected}).
   */
  public void reject(String runId, String name, long id, String why, Instant now) {
    transactions.inTransaction("reject signal " + id + " of run " + runId, connection -> {
      if (signals.reject(connection, runId, id)) {
        events.append(
            connection, runId, List.of(EventType.SIGNAL_REJECTED.step(name, 0, why, now)));
      }
      return null;
    });
  }

  /** The oldest signal named {@code name} sent to the run and not taken yet. */
  public Optional<SignalRecord> next(String runId, String name) {
    return transactions.autocommit("read the next signal '" + name + "' of run " + runId,
        connection -> signals.next(connection, runId, name));
  }

  /**
   * Stores the names of the signals {@code workflow} declares, for a sender that knows only a
   * signal's name ({@link #declared}); an engine does it for each workflow it registers.
   */
  public void declare(WorkflowKey workflow, Collection<String> names, Instant now) {
    Values values = WorkflowSignalsTable.declared(workflow, names, now);
    transactions.autocommit("declare the signals of " + workflow,
        connection -> dialect.upsert(connection, dialect.signalNamesUpsert(), values));
  }

  /** The signal names stored for {@code workflow}; empty if no engine stored them. */
  public Optional<SortedSet<String>> declared(WorkflowKey workflow) {
    return transactions.autocommit("read the signals of " + workflow,
        connection -> declared.declared(connection, workflow));
  }
}
