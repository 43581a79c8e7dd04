package dev.durable.cli;

import dev.durable.dashboard.SignalCallbacks;
import dev.durable.runtime.DurableEngine;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code callbacks}: serves signal tokens over HTTP until stopped. */
@Command(
    name = "callbacks",
    description = {
      "Serves signal tokens over HTTP until stopped (Ctrl-C).",
      "POST /durable/signals/{token} with the signal's value as its JSON body sends the signal a"
          + " token names (ctx.signalToken in a run): 202 sent, 400 a value that is not JSON or"
          + " not of the signal's type, 404 an unknown or altered token, 409 used already, 410"
          + " expired or its run ended. For applications without Spring; it binds to 127.0.0.1"
          + " unless --host says otherwise: put it behind the proxy that terminates TLS.",
    })
final class CallbacksCommand extends StoreCommand {
  @Option(
      names = "--port",
      paramLabel = "<port>",
      defaultValue = "" + SignalCallbacks.DEFAULT_PORT,
      description = "The port to listen on (default: ${DEFAULT-VALUE}; 0: any free port)")
  int port;

  @Option(
      names = "--host",
      paramLabel = "<address>",
      defaultValue = "127.0.0.1",
      description = "The address to bind (default: ${DEFAULT-VALUE}, this machine only)")
  String host;

  /** Counted down when the command is to stop: by an interrupt of its thread, or never. */
  private final CountDownLatch stopped = new CountDownLatch(1);

  @Override
  void check() {
    if (port < 0 || port > 65535) {
      throw usage("--port must be 0 to 65535, but was " + port);
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    SignalCallbacks callbacks;
    try {
      callbacks = SignalCallbacks.builder().engine(engine).port(port).host(host).start();
    } catch (RuntimeException e) {
      throw new Refused("cannot serve the callbacks on " + host + ":" + port + ": "
          + e.getMessage());
    }
    try (callbacks) {
      out.line("signal tokens at " + callbacks.url().resolve(SignalCallbacks.PATH) + "{token}");
      out.flush();
      stopped.await();
    } catch (InterruptedException e) {
      // the interrupt is the request to stop (from within the JVM, as the tests do): the server
      // and the engine close, and the command exits 0
    }
  }
}
