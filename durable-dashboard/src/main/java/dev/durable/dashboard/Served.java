package dev.durable.dashboard;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The JDK's HTTP server bound to one address, on a small pool of daemon threads: what the dashboard
 * ({@link DurableDashboard}) and the signal tokens ({@link SignalCallbacks}) are each served on.
 */
final class Served {
  private final HttpServer server;
  private final ExecutorService executor;
  private final URI url;

  private Served(HttpServer server, ExecutorService executor, URI url) {
    this.server = server;
    this.executor = executor;
    this.url = url;
  }

  /**
   * Binds {@code host:port} and serves every path with the handler {@code handler} makes (told
   * whether the address is this machine's loopback), on {@code threads} threads named after
   * {@code what}.
   *
   * @throws IllegalArgumentException if {@code host} is not an address of this machine
   * @throws UncheckedIOException if the port cannot be bound
   */
  static Served start(String what, String host, int port, int threads,
      Function<Boolean, HttpHandler> handler) {
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("the " + what + "'s host '" + host
          + "' is not an address of this machine: " + e.getMessage(), e);
    }
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(address, port), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("the " + what + " cannot listen on " + host + ":" + port
          + " (" + e.getMessage() + "); is another process using the port? port(0) picks a"
          + " free one", e);
    }
    server.createContext("/", handler.apply(address.isLoopbackAddress()));
    AtomicInteger count = new AtomicInteger();
    String prefix = "durable-" + what.replace(' ', '-') + "-";
    ExecutorService executor = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    server.setExecutor(executor);
    server.start();
    String shownHost = address.getHostAddress().contains(":")
        ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
    return new Served(server, executor,
        URI.create("http://" + shownHost + ":" + server.getAddress().getPort() + "/"));
  }

  /** Where it listens: {@code http://127.0.0.1:8080/}. */
  URI url() {
    return url;
  }

  /** The port it listens on (the one chosen, for port 0). */
  int port() {
    return server.getAddress().getPort();
  }

  /** Stops serving: requests in flight get a second to finish. */
  void stop() {
    server.stop(1);
    executor.shutdown();
    try {
      executor.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    executor.shutdownNow();
  }
}
