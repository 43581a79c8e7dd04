package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.codec.PayloadCodec;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * A command that works on the store: checks its arguments, opens the store through an engine that
 * registers no workflow and is never started, does its work, and closes the engine.
 */
abstract class StoreCommand implements Callable<Integer> {
  @ParentCommand DurableCli cli;

  @Mixin ConnectionOptions connection;

  @Spec CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit")
  boolean help;

  @Override
  public final Integer call() {
    check();
    String url = cli.setting(
        connection.jdbcUrl, cli.connection.jdbcUrl, ConnectionOptions.URL_VARIABLE);
    if (url == null) {
      throw usage("no database named: give --jdbc-url <url> or set "
          + ConnectionOptions.URL_VARIABLE);
    }
    String user = cli.setting(connection.user, cli.connection.user, ConnectionOptions.USER_VARIABLE);
    String password = cli.password(connection);
    String schema = cli.setting(
        connection.schema, cli.connection.schema, ConnectionOptions.SCHEMA_VARIABLE);
    if (schema != null) {
      try {
        DurableEngine.builder().schema(schema); // checks the name as the engines do
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
    }
    Printer printer = new Printer(spec.commandLine().getOut(), connection.json || cli.connection.json);
    if (!opensEngine()) {
      migrate(url, user, password, schema, printer);
    } else {
      boolean pollOnly = connection.pollOnly || cli.connection.pollOnly;
      PayloadCodec codec;
      try {
        codec = PayloadCodecOptions.codec(cli, connection, cli.environment(), encodes())
            .orElse(null);
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
      try (DurableEngine engine = open(url, user, password, schema, pollOnly, codec)) {
        execute(engine, printer);
      }
    }
    printer.flush();
    return ExitCodes.OK;
  }

  /** Whether the command encodes payloads (reencode): the codec's current key must be named. */
  boolean encodes() {
    return false;
  }

  /** False for the one command that works on the schema, not through an engine: migrate. */
  boolean opensEngine() {
    return true;
  }

  /** The work of a command that opens no engine ({@link #opensEngine()}). */
  void migrate(String url, String user, String password, String schema, Printer out) {
    throw new UnsupportedOperationException("opens an engine");
  }

  /** Checks what can be checked before connecting; throws {@link #usage} if something is wrong. */
  void check() {}

  /** Does the command's work; throws {@link Refused} when the store refuses it. */
  abstract void execute(DurableEngine engine, Printer out);

  /** A usage error of this command: exit code {@link ExitCodes#USAGE}. */
  ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private static DurableEngine open(String url, String user, String password, String schema,
      boolean pollOnly, PayloadCodec codec) {
    StoreCheck.requireStore(url, user, password, schema);
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(url)
        .discover(false)
        // durable-cli never changes the schema (a viewer's role may not): 'migrate' does
        .migrate(false)
        .pollOnly(pollOnly)
        // the pool's size follows it: durable-cli makes one call at a time
        .maxConcurrentRuns(1);
    if (schema != null) {
      builder.schema(schema);
    }
    if (codec != null) {
      builder.payloadCodec(codec);
    }
    if (user != null) {
      builder.user(user);
    }
    if (password != null) {
      builder.password(password);
    }
    try {
      return builder.build();
    } catch (RuntimeException e) {
      // the engine's own message names the URL (its password masked) when connecting failed
      String message = e instanceof StoreException
          ? e.getMessage()
          : "cannot open the store at " + url + ": " + e.getMessage();
      throw new CannotConnect(message, e);
    }
  }
}
