package dev.durable.runtime.internal.store;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.store.dialect.Dialects;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.internal.store.flow.QueueSlots;
import dev.durable.runtime.internal.store.lineage.RunLineages;
import dev.durable.runtime.internal.store.ops.FinishedRuns;
import dev.durable.runtime.internal.store.ops.RunSearch;
import dev.durable.runtime.internal.store.ops.StoredOverview;
import dev.durable.runtime.internal.store.ops.StoredPayloads;
import dev.durable.runtime.internal.store.ops.StoredShapes;
import dev.durable.runtime.internal.store.run.Claims;
import dev.durable.runtime.internal.store.run.RunInserts;
import dev.durable.runtime.internal.store.schedule.ScheduleFires;
import dev.durable.runtime.internal.store.schedule.StoredSchedules;
import dev.durable.runtime.internal.store.signal.SignalQueue;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.tables.Tables;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.store.turn.ProgressWriter;
import dev.durable.runtime.internal.store.turn.Resumptions;
import dev.durable.runtime.internal.store.turn.RunControl;
import dev.durable.runtime.internal.store.values.StoredAttributes;
import dev.durable.runtime.internal.store.values.StoredValues;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Durable's storage, composed: opens the database once (its dialect chosen by the product name,
 * every table's catalogue built with the store's schema) and builds one store per concern over
 * them, each handed by the composition roots ({@code Engines}, {@code Workers}) to the classes
 * that use it; nothing else holds a {@code Stores}. Also the schema's upkeep: migrating, checking
 * it is current, the durability of commits.
 */
public final class Stores {
  private final DataSource dataSource;
  private final StoreOptions options;
  private final Dialect dialect;
  private final RunStore runs;
  private final SignalQueue signals;
  private final TaskQueue tasks;
  private final QueueAdmissions queues;
  private final QueueSlots queueSlots;
  private final StoredSchedules schedules;
  private final StoredAttributes attributes;
  private final RunLineages lineages;
  private final StoredValues values;
  private final StoredShapes shapes;
  private final StoredOverview overview;
  private final StoredPayloads payloads;

  /** The stores on {@code dataSource}; connects once to learn which database it is. */
  public Stores(DataSource dataSource) {
    this(dataSource, Notifications.wakeOrigin(UUID.randomUUID()), StoreOptions.DEFAULT);
  }

  /**
   * The stores on {@code dataSource}, opened as {@code options} say (in its schema: {@link
   * Schema}), whose {@code NOTIFY}s, where this process wakes its own engines and workers at once
   * besides, carry {@code origin} ({@link Notifications#wakeOrigin}): the listeners given the same
   * origin leave those to the in-process wake-up instead of polling again.
   */
  public Stores(DataSource dataSource, String origin, StoreOptions options) {
    this.dataSource = dataSource;
    this.options = options;
    Transactions transactions = new Transactions(dataSource);
    Tables tables = Tables.in(Schema.of(options.schema()), options.form());
    try (Connection connection = dataSource.getConnection()) {
      this.dialect = Dialects.of(connection, transactions, tables, origin, options.pollOnly());
    } catch (SQLException e) {
      throw new StoreException(
          "cannot connect to the database: " + e.getMessage()
              + "; check the JDBC URL, the credentials and that the database is running",
          e);
    }
    Announcements announcements = dialect.announcements();
    Claims claims = new Claims(dialect);
    RunInserts inserts = new RunInserts(dialect);
    this.runs = new RunStore(transactions, dialect, tables.runs(), tables.leases(),
        tables.steps(), tables.events(), claims, inserts,
        new Resumptions(dialect, tables.steps(), tables.tasks()),
        new ProgressWriter(transactions, dialect, tables.runs(), tables.steps(), tables.events(),
            tables.tasks(), tables.signals(), tables.attributes(), tables.values()),
        new RunControl(tables.runs(), tables.steps(), tables.tasks(), tables.events(),
            announcements),
        new RunSearch(tables.schema(), tables.runs(), tables.attributes(), dialect),
        new FinishedRuns(transactions, tables.runs(), tables.steps(), tables.events(),
            tables.tasks(), tables.signals(), tables.signalTokens(), tables.schedules(),
            tables.attributes(), tables.values()));
    this.signals = new SignalQueue(transactions, dialect, tables.runs(), tables.signals(),
        tables.events(), tables.workflowSignals(), tables.signalTokens());
    this.queues = new QueueAdmissions(transactions, dialect, tables.schema(), tables.queues(),
        tables.runs(), tables.events());
    this.queueSlots = new QueueSlots(transactions, tables.slots(), dialect);
    this.schedules = new StoredSchedules(transactions, tables.schedules(),
        new ScheduleFires(tables.schedules(), tables.events(), inserts, announcements));
    this.attributes = new StoredAttributes(transactions, tables.attributes());
    this.values = new StoredValues(transactions, dialect, tables.values());
    this.tasks = new TaskQueue(transactions, dialect, claims, tables.tasks(), tables.events());
    this.lineages = new RunLineages(transactions, inserts, tables.lineage(), tables.steps(),
        tables.tasks(), tables.events(), tables.values(), tables.attributes());
    this.shapes = new StoredShapes(transactions, dialect, tables.shapes());
    this.overview = new StoredOverview(transactions, tables.overview(), dialect);
    List<PayloadColumn> payloadColumns = new ArrayList<>();
    payloadColumns.addAll(tables.runs().payloadColumns);
    payloadColumns.addAll(tables.steps().payloadColumns);
    payloadColumns.addAll(tables.tasks().payloadColumns);
    payloadColumns.addAll(tables.signals().payloadColumns);
    payloadColumns.addAll(tables.values().payloadColumns);
    payloadColumns.addAll(tables.events().payloadColumns);
    this.payloads = new StoredPayloads(transactions, payloadColumns);
  }

  /** The payloads as stored: their forms, and their re-encoding. */
  public StoredPayloads payloads() {
    return payloads;
  }

  /** The runs: starts, claims, leases, a turn's progress, cancel and requeue, history. */
  public RunStore runs() {
    return runs;
  }

  /** The signals sent to runs. */
  public SignalQueue signals() {
    return signals;
  }

  /** The queues of runs: their declarations and admissions. */
  public QueueAdmissions queues() {
    return queues;
  }

  /** The slots and rate permits of step attempts' queues across engines. */
  public QueueSlots queueSlots() {
    return queueSlots;
  }

  /** The schedules kept in the database and their fires. */
  public StoredSchedules schedules() {
    return schedules;
  }

  /** The runs' searchable attributes. */
  public StoredAttributes attributes() {
    return attributes;
  }

  /** Runs that start over ({@code continueAsNew}) and forks. */
  public RunLineages lineages() {
    return lineages;
  }

  /** The shapes of workflow versions, which engines store and operator tools draw. */
  public StoredShapes shapes() {
    return shapes;
  }

  /** The events runs set and the values of their streams. */
  public StoredValues values() {
    return values;
  }

  /** The operators' overview: runs started and ended per period, runs waiting past their time. */
  public StoredOverview overview() {
    return overview;
  }

  /** The queue of dispatched steps' tasks, which workers serve. */
  public TaskQueue tasks() {
    return tasks;
  }

  /** Creates or upgrades Durable's tables ({@link Migrations#migrate}); says what it did. */
  public String migrate() {
    return migrate(dataSource, options.schema());
  }

  /** {@link #migrate()} on {@code dataSource}, in {@code schema}: {@code durable-cli migrate}. */
  public static String migrate(DataSource dataSource, Optional<String> schema) {
    return Migrations.migrate(dataSource, schema.orElse(null));
  }

  /** Migrates where the options allow it; else checks the tables are current, or throws. */
  public void openSchema() {
    if (options.migrate()) {
      migrate();
    } else {
      Migrations.requireCurrent(dataSource, options.schema().orElse(null));
    }
  }

  /** Makes every commit durable before it returns ({@link Dialect#requireDurableCommits}). */
  public void requireDurableCommits() {
    dialect.requireDurableCommits();
  }

  /** See {@link Dialect#upkeepWarning}. */
  public Optional<String> upkeepWarning() {
    return dialect.upkeepWarning();
  }
}
