package dev.durable.runtime.internal.store.values;

import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.store.sql.Transactions;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The runs' searchable attributes ({@link AttributesTable}): read for the status API and the run
 * search, written with a run's start ({@code NewRun#attributes}) and with the commit that records
 * a {@code ctx.attribute} call.
 *
 * <p>A recorded call is a {@link CheckpointKind#VALUE} checkpoint named {@value #CHECKPOINT},
 * whose output is {@code key=value} (a key holds no {@code '='}); the commit that inserts it
 * writes the attribute too ({@code ProgressWriter}), so a replay, which finds the checkpoint,
 * writes nothing again.
 */
public final class StoredAttributes {
  /** The name of the checkpoint of a {@code ctx.attribute} call. */
  public static final String CHECKPOINT = "attribute";

  private final Transactions transactions;
  private final AttributesTable attributes;

  public StoredAttributes(Transactions transactions, AttributesTable attributes) {
    this.transactions = transactions;
    this.attributes = attributes;
  }

  /** The output of the checkpoint that records attribute {@code key} = {@code value}. */
  public static String encode(String key, String value) {
    return key + "=" + value;
  }

  /** The key and value a recorded call's checkpoint output holds; empty if it is none. */
  public static Optional<Map.Entry<String, String>> decode(String output) {
    int at = output == null ? -1 : output.indexOf('=');
    return at <= 0 ? Optional.empty()
        : Optional.of(Map.entry(output.substring(0, at), output.substring(at + 1)));
  }

  /** The attribute a checkpoint write records, if it records one and is new. */
  public static Optional<Map.Entry<String, String>> recorded(Commit.CheckpointWrite write) {
    CheckpointRecord record = write.record();
    if (!write.insert() || record.kind() != CheckpointKind.VALUE
        || !record.name().equals(CHECKPOINT)) {
      return Optional.empty();
    }
    return decode(record.output());
  }

  /** The run's attributes, sorted by key. */
  public Map<String, String> of(String runId) {
    return transactions.autocommit("read the attributes of run " + runId,
        connection -> attributes.of(connection, runId));
  }

  /** The attributes of {@code runIds}, each run's sorted by key; a run without any is absent. */
  public Map<String, Map<String, String>> ofRuns(Collection<String> runIds) {
    return transactions.autocommit("read the attributes of " + runIds.size() + " run(s)",
        connection -> attributes.ofRuns(connection, runIds));
  }
}
