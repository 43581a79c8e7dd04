package dev.durable.cli;

import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.UnknownRunException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code durable-cli}: lists, shows and operates the runs of a Durable store.
 *
 * <pre>
 * java -jar durable-cli.jar --jdbc-url jdbc:postgresql://db:5432/app?user=durable list --status FAILED
 * </pre>
 *
 * <p>Each command opens the store through an engine that registers no workflow and is never
 * started ({@code DurableEngine.builder().jdbcUrl(url).discover(false).build()}), calls the
 * engine's operator API, prints text or {@code --json}, closes the engine, and exits with one of
 * the {@link ExitCodes}.
 */
@Command(
    name = "durable-cli",
    mixinStandardHelpOptions = true,
    versionProvider = DurableCli.Version.class,
    description = "Lists, shows and operates the runs of a Durable store.",
    footer = ExitCodes.HELP
        + "%nThe database comes from --jdbc-url, --user and --password (before or after%n"
        + "the command), or from $" + ConnectionOptions.URL_VARIABLE + ", $"
        + ConnectionOptions.USER_VARIABLE + " and $" + ConnectionOptions.PASSWORD_VARIABLE + ".%n",
    subcommands = {
      ListCommand.class,
      ShowCommand.class,
      HistoryCommand.class,
      RequeueCommand.class,
      CancelCommand.class,
      PauseCommand.class,
      ResumeCommand.class,
      RedispatchCommand.class,
      SignalCommand.class,
      WorkersCommand.class,
      QueuesCommand.class,
      OverviewCommand.class,
      SchedulesCommand.class,
      PurgeCommand.class,
      ExportCommand.class,
      DashboardCommand.class,
      CallbacksCommand.class,
      ForkCommand.class,
      ReencodeCommand.class,
      MigrateCommand.class,
    })
public final class DurableCli implements Runnable {
  @Mixin ConnectionOptions connection;

  @Spec CommandSpec spec;

  private final Map<String, String> environment;

  DurableCli(Map<String, String> environment) {
    this.environment = environment;
  }

  /** Runs durable-cli with {@code args} and exits the JVM with its {@linkplain ExitCodes exit code}. */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    System.exit(run(out, err, System.getenv(), args));
  }

  /**
   * Runs durable-cli in this JVM, as {@link #main} does, printing to {@code out} and {@code err}
   * and reading its environment variables from {@code environment}.
   *
   * @return the {@linkplain ExitCodes exit code}
   */
  public static int run(
      PrintWriter out, PrintWriter err, Map<String, String> environment, String... args) {
    DurableCli cli = new DurableCli(Map.copyOf(environment));
    CommandLine commandLine = new CommandLine(cli)
        .setOut(out)
        .setErr(err)
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setParameterExceptionHandler(DurableCli::usageError)
        .setExecutionExceptionHandler(cli::failed);
    int code = commandLine.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /** Without a command: the usage help, as a usage error. */
  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "name a command: "
        + String.join(", ", spec.subcommands().keySet()));
  }

  /** The value an option was given after the command, else before it, else the variable's. */
  String setting(String afterCommand, String beforeCommand, String variable) {
    if (afterCommand != null) {
      return afterCommand;
    }
    if (beforeCommand != null) {
      return beforeCommand;
    }
    String value = environment.get(variable);
    return value == null || value.isEmpty() ? null : value;
  }

  /** The environment variables durable-cli reads. */
  Map<String, String> environment() {
    return environment;
  }

  /** The database password, wherever it was given; to mask it in what is printed. */
  String password(ConnectionOptions command) {
    return setting(command.password, connection.password, ConnectionOptions.PASSWORD_VARIABLE);
  }

  private static int usageError(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println("durable-cli: " + Secrets.mask(Secrets.maskArguments(e.getMessage(), args), null));
    String name = command.getCommandSpec().qualifiedName();
    err.println("Try '" + name + " --help' for how to use it.");
    return ExitCodes.USAGE;
  }

  private int failed(Exception e, CommandLine command, ParseResult parsed) {
    PrintWriter err = command.getErr();
    String password = passwordGiven(command);
    int code = exitCode(e);
    String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    err.println("durable-cli: " + Secrets.mask(message, password));
    if (code == ExitCodes.BUG) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      err.print(Secrets.mask(trace.toString(), password));
    }
    return code;
  }

  private String passwordGiven(CommandLine command) {
    Object user = command.getCommandSpec().userObject();
    ConnectionOptions options = user instanceof StoreCommand c ? c.connection : connection;
    return password(options);
  }

  static int exitCode(Exception e) {
    if (e instanceof StoreException && deniedToTheRole(e)) {
      return ExitCodes.REFUSED;
    }
    if (e instanceof Refused
        || e instanceof UnknownRunException
        || e instanceof RunEndedException
        || e instanceof InvalidInputException
        || e instanceof IllegalStateException) {
      return ExitCodes.REFUSED;
    }
    if (e instanceof CannotConnect || e instanceof StoreException) {
      return ExitCodes.DATABASE;
    }
    return ExitCodes.BUG;
  }

  /**
   * Whether the database refused {@code e}'s statement for the role's want of rights (SQLState
   * 42501; H2: 90096): a viewer's role asked to change a run. The store's message says so.
   */
  private static boolean deniedToTheRole(Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.sql.SQLException sql
          && ("42501".equals(sql.getSQLState()) || "90096".equals(sql.getSQLState()))) {
        return true;
      }
    }
    return false;
  }

  /** The version: the jar's, as Maven built it. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = DurableCli.class.getPackage().getImplementationVersion();
      return new String[] {"durable-cli " + (version == null ? "(development build)" : version)};
    }
  }
}
