package dev.durable.cli;

import dev.durable.dashboard.DurableDashboard;
import dev.durable.runtime.DurableEngine;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dashboard}: serves the web dashboard over the store until stopped. */
@Command(
    name = "dashboard",
    description = {
      "Serves the web dashboard until stopped (Ctrl-C).",
      "The runs with filters and live refresh, a run's steps, events, tasks and signals, workers"
          + " and queues, the lost tasks, the schedules. It binds to 127.0.0.1 unless --host says"
          + " otherwise; the actions (requeue, cancel, redispatch, send signal) need a browser"
          + " logged in with the token in $" + DashboardCommand.TOKEN_VARIABLE + " (at least 16"
          + " characters); without it the dashboard is read-only.",
    })
final class DashboardCommand extends StoreCommand {
  /** The environment variable holding the token that unlocks the actions. */
  static final String TOKEN_VARIABLE = "DURABLE_DASHBOARD_TOKEN";

  @Option(
      names = "--port",
      paramLabel = "<port>",
      defaultValue = "" + DurableDashboard.DEFAULT_PORT,
      description = "The port to listen on (default: ${DEFAULT-VALUE}; 0: any free port)")
  int port;

  @Option(
      names = "--host",
      paramLabel = "<address>",
      defaultValue = DurableDashboard.DEFAULT_HOST,
      description = "The address to bind (default: ${DEFAULT-VALUE}, this machine only)")
  String host;

  /** Counted down when the command is to stop: by an interrupt of its thread, or never. */
  private final CountDownLatch stopped = new CountDownLatch(1);

  private String token;

  @Override
  void check() {
    if (port < 0 || port > 65535) {
      throw usage("--port must be 0 to 65535, but was " + port);
    }
    token = cli.setting(null, null, TOKEN_VARIABLE);
    if (token != null && token.length() < DurableDashboard.MIN_TOKEN_LENGTH) {
      throw usage("$" + TOKEN_VARIABLE + " must be at least " + DurableDashboard.MIN_TOKEN_LENGTH
          + " characters, but has " + token.length());
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    DurableDashboard.Builder builder = DurableDashboard.builder().engine(engine).port(port)
        .host(host);
    if (token != null) {
      builder.token(token);
    }
    DurableDashboard dashboard;
    try {
      dashboard = builder.start();
    } catch (RuntimeException e) {
      throw new Refused("cannot serve the dashboard on " + host + ":" + port + ": "
          + e.getMessage());
    }
    try (dashboard) {
      out.line("dashboard at " + dashboard.url()
          + (token == null ? " (read-only: set " + TOKEN_VARIABLE + " for the actions)" : ""));
      out.flush();
      stopped.await();
    } catch (InterruptedException e) {
      // the interrupt is the request to stop (from within the JVM, as the tests do), handled
      // here: the dashboard and the engine close, and the command exits 0
    }
  }
}
