package dev.durable.dashboard;

import com.sun.net.httpserver.HttpExchange;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.SignalTokenExpiredException;
import dev.durable.runtime.SignalTokenUsedException;
import dev.durable.runtime.codec.PayloadException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves signal tokens over HTTP, from the user's process with the JDK's HTTP server: {@code POST
 * /durable/signals/{token}} with the signal's value as its JSON body sends it ({@link
 * DurableEngine#signalWithToken}), for a webhook or an "approve" link. The answers: 202 sent; 400
 * the body is not JSON or not of the signal's type (the reason in the body; the token is not used
 * up); 404 an unknown or altered token (also for a run that is gone: no answer tells whether a run
 * exists); 409 used already; 410 expired, or its run has ended; 405 a method other than POST; 413
 * a body over the engine's payload limit's order. Every answer is plain text, and none quotes the
 * token or carries a stack trace.
 *
 * <pre>{@code
 * try (SignalCallbacks callbacks = SignalCallbacks.builder().engine(engine).port(8082).start()) {
 *   ...   // https://example.com/durable/signals/<token>, proxied to it
 * }
 * }</pre>
 *
 * <p>It binds to 127.0.0.1 unless {@link Builder#host} says otherwise: put it behind the proxy that
 * terminates TLS for the outside world. The token is the only credential, so it must travel over
 * TLS, and never into a log: this server logs no path.
 */
public final class SignalCallbacks implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SignalCallbacks.class);

  /** The path every token is served under. */
  public static final String PATH = "/durable/signals/";
  /** The port used when none is set. */
  public static final int DEFAULT_PORT = 8082;
  /** The longest body read: larger ones are refused (413) before they reach the engine. */
  static final int MAX_BODY_BYTES = 1 << 20;
  private static final int THREADS = 4;

  private final Served served;

  private SignalCallbacks(Served served) {
    this.served = served;
  }

  /** A builder; {@link Builder#engine} is the one setting required. */
  public static Builder builder() {
    return new Builder();
  }

  /** Where it listens: {@code http://127.0.0.1:8082/}. */
  public URI url() {
    return served.url();
  }

  /** The port it listens on (the one chosen, for port 0). */
  public int port() {
    return served.port();
  }

  @Override
  public void close() {
    served.stop();
  }

  /** Answers one request; see the class's answers. */
  static void handle(DurableEngine engine, HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getRawPath();
      if (!path.startsWith(PATH) || path.length() == PATH.length()
          || path.indexOf('/', PATH.length()) >= 0) {
        answer(exchange, 404, "not found: POST " + PATH + "{token}");
        return;
      }
      if (!exchange.getRequestMethod().equals("POST")) {
        exchange.getResponseHeaders().set("Allow", "POST");
        answer(exchange, 405, "a signal is sent with POST, its value as the JSON body");
        return;
      }
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readNBytes(MAX_BODY_BYTES + 1);
      }
      if (body.length > MAX_BODY_BYTES) {
        answer(exchange, 413, "the body is over " + MAX_BODY_BYTES + " bytes");
        return;
      }
      String token = path.substring(PATH.length());
      answer(exchange, send(engine, token, new String(body, StandardCharsets.UTF_8)));
    }
  }

  /** An answer's status and text. */
  record Answer(int status, String text) {}

  /** Sends the signal a token names, and says how it went. */
  static Answer send(DurableEngine engine, String token, String json) {
    try {
      engine.signalWithToken(token, json);
      return new Answer(202, "sent");
    } catch (PayloadException e) {
      return new Answer(400, e.getMessage());
    } catch (IllegalArgumentException e) {
      return new Answer(404, "unknown or altered token");
    } catch (SignalTokenUsedException e) {
      return new Answer(409, e.getMessage());
    } catch (SignalTokenExpiredException e) {
      return new Answer(410, e.getMessage());
    } catch (RuntimeException e) {
      // an outage of the store: the sender may try again; the token was not used
      LOG.warn("a signal sent with a token could not be stored: {}", e.getMessage());
      return new Answer(503, "the signal could not be stored now; try again");
    }
  }

  private static void answer(HttpExchange exchange, Answer answer) throws IOException {
    answer(exchange, answer.status(), answer.text());
  }

  private static void answer(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** How the callbacks are served. */
  public static final class Builder {
    private DurableEngine engine;
    private int port = DEFAULT_PORT;
    private String host = DurableDashboard.DEFAULT_HOST;

    private Builder() {}

    /** The engine the signals are sent through; it need not be started. */
    public Builder engine(DurableEngine engine) {
      this.engine = Objects.requireNonNull(engine, "engine");
      return this;
    }

    /** The port to listen on; 0 for any free port; {@value #DEFAULT_PORT} by default. */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be 0 to 65535, but was " + port);
      }
      this.port = port;
      return this;
    }

    /** The address to bind; 127.0.0.1 (this machine only) by default. */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /**
     * Starts serving.
     *
     * @throws IllegalStateException if no engine was given
     * @throws IllegalArgumentException if {@code host} is not an address of this machine
     * @throws java.io.UncheckedIOException if the address cannot be bound
     */
    public SignalCallbacks start() {
      if (engine == null) {
        throw new IllegalStateException("give the engine the signals are sent through:"
            + " SignalCallbacks.builder().engine(engine)");
      }
      DurableEngine through = engine;
      return new SignalCallbacks(Served.start("callbacks", host, port, THREADS,
          loopback -> exchange -> handle(through, exchange)));
    }
  }
}
