package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A web dashboard over an engine, served from the user's process by the JDK's HTTP server: the
 * runs with filters and live refresh, a run's steps, attempts, events, tasks, children and
 * signals, the queues of runs, the workers and their queues, the lost tasks, the schedules; and, for a browser logged
 * in with the dashboard's token, the actions requeue, cancel, redispatch and send signal.
 *
 * <pre>{@code
 * try (DurableDashboard dashboard = DurableDashboard.builder()
 *     .engine(engine)
 *     .port(8080)
 *     .token(System.getenv("DURABLE_DASHBOARD_TOKEN"))   // leave out: read-only
 *     .start()) {
 *   System.out.println("dashboard at " + dashboard.url());
 *   ...
 * }
 * }</pre>
 *
 * <p>It binds to 127.0.0.1 unless {@link Builder#host(String)} says otherwise. Without a {@link
 * Builder#token(String) token} it is read-only: no action buttons, and every POST is refused.
 * With one, a browser logs in once at {@code /login} (a form, or {@code /login?token=...}); it
 * then holds an HttpOnly, SameSite=Strict session cookie, and each action form carries the
 * session's CSRF value. The token never appears in a page, a cookie or the log.
 *
 * <p>The engine need not be {@linkplain DurableEngine#start() started} or have any workflow
 * registered: the dashboard reads and acts through the operator API alone, on runs of every
 * workflow in the store (only the actions need an engine somewhere that runs the workflow).
 */
public final class DurableDashboard implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DurableDashboard.class);

  /** The port used when none is set. */
  public static final int DEFAULT_PORT = 8080;
  /** The address bound when none is set: this machine only. */
  public static final String DEFAULT_HOST = "127.0.0.1";
  /** The shortest token accepted. */
  public static final int MIN_TOKEN_LENGTH = 16;
  /** Requests served at once: a handful of operators, each page a few queries. */
  private static final int THREADS = 4;

  private final Served served;

  private DurableDashboard(Served served) {
    this.served = served;
  }

  /** A builder; {@link Builder#engine} is the one setting required. */
  public static Builder builder() {
    return new Builder();
  }

  /** A random token fit for {@link Builder#token(String)}: 256 bits, URL-safe. */
  public static String newToken() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The port the dashboard listens on (the one chosen, when {@code port(0)} asked for any). */
  public int port() {
    return served.port();
  }

  /** The dashboard's address, {@code http://127.0.0.1:8080/}. */
  public URI url() {
    return served.url();
  }

  /** Stops serving: requests in flight get a second to finish. */
  @Override
  public void close() {
    served.stop();
  }

  /** Configures and starts a {@link DurableDashboard}. */
  public static final class Builder {
    private DurableEngine engine;
    private int port = DEFAULT_PORT;
    private String host = DEFAULT_HOST;
    private String token;
    private Duration refreshInterval = Duration.ofSeconds(2);
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /** The engine whose runs the dashboard shows and acts on (required). */
    public Builder engine(DurableEngine engine) {
      this.engine = Objects.requireNonNull(engine, "engine");
      return this;
    }

    /** The port to listen on, {@value DurableDashboard#DEFAULT_PORT} by default; 0: any free port. */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be 0 to 65535, but was " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * The address to bind, {@value DurableDashboard#DEFAULT_HOST} by default (this machine only).
     * {@code "0.0.0.0"} serves every network the machine is on: the pages and the session cookie
     * then travel unencrypted unless a TLS proxy stands in front.
     */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /**
     * The token that unlocks the actions (requeue, cancel, redispatch, send signal), at least
     * {@value DurableDashboard#MIN_TOKEN_LENGTH} characters ({@link DurableDashboard#newToken()}
     * makes one). Without one the dashboard is read-only.
     */
    public Builder token(String token) {
      Objects.requireNonNull(token, "token (leave token(...) out for a read-only dashboard)");
      if (token.length() < MIN_TOKEN_LENGTH || token.isBlank()) {
        throw new IllegalArgumentException("the dashboard's token must be at least "
            + MIN_TOKEN_LENGTH + " characters, but was " + token.length()
            + "; DurableDashboard.newToken() makes a random one");
      }
      this.token = token;
      return this;
    }

    /** How often the pages' live refresh fetches their data again; 2 seconds by default. */
    public Builder refreshInterval(Duration interval) {
      Objects.requireNonNull(interval, "interval");
      if (interval.toMillis() < 100) {
        throw new IllegalArgumentException(
            "refreshInterval must be at least 100 ms, but was " + interval);
      }
      this.refreshInterval = interval;
      return this;
    }

    /** The clock for "how long ago" on the pages; the system's, in UTC, by default. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Binds the port and starts serving; returns at once. */
    public DurableDashboard start() {
      if (engine == null) {
        throw new IllegalStateException(
            "the dashboard needs an engine: DurableDashboard.builder().engine(engine)");
      }
      Sessions sessions = new Sessions(token, clock);
      Router router = new Router(engine, sessions, clock, refreshInterval);
      Served served = Served.start("dashboard", host, port, THREADS,
          loopback -> new HttpAdapter(router, loopback));
      URI url = served.url();
      log.info("Durable dashboard at {} ({})", url,
          token == null ? "read-only: no token" : "actions after a login with the token");
      return new DurableDashboard(served);
    }
  }
}
