package dev.durable.spring.boot;

import dev.durable.runtime.codec.PayloadCodecs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code durable.*} properties: how the auto-configured {@link
 * dev.durable.runtime.DurableEngine}, its step worker and its dashboard are set up. A property
 * left out keeps the engine's default.
 *
 * @param enabled whether to configure an engine at all; {@code true} by default
 * @param autoStart whether the engine starts with the application context; {@code false} leaves it
 *     to {@code engine.tick()} (tests, scripts)
 * @param engineId the id stored on the runs this engine leases; by default host, process and a
 *     random suffix
 * @param pollInterval how often the started engine looks for due runs it was not told about
 * @param leaseDuration how long a run stays leased to this engine without renewal
 * @param maxConcurrentRuns how many runs execute at once on this engine; by default 1,000 where
 *     runs execute on virtual threads (Java 21 and later), 128 on platform threads
 * @param virtualThreads whether runs, step attempts and the worker's tasks execute on virtual
 *     threads where the JVM has them (Java 21 and later); {@code true} by default
 * @param shutdownTimeout how long stopping the engine waits for the runs in flight
 * @param retention how long ended runs are kept; unset keeps them for ever
 * @param maxPayloadBytes the longest stored value, in UTF-8 bytes of its JSON
 * @param schema the schema Durable's tables live in (created by the migration if missing), named
 *     in every statement; unset: the data source's current schema
 * @param migrate whether the engine creates or upgrades its tables at start; {@code false} never
 *     changes the schema and fails at start, saying what to do, if they are missing or behind
 * @param pollOnly no {@code LISTEN}/{@code NOTIFY} and no session state, for PgBouncer in
 *     transaction mode (give the data source's URL {@code prepareThreshold=0} too); {@code false}
 *     by default
 * @param queues queues by name, for runs ({@code StartOptions.queue(name)}) and step attempts
 *     ({@code @Step(queue = name)})
 * @param worker the worker that serves the application's step-contract beans
 * @param dashboard the operator dashboard, when {@code durable-dashboard} is on the class path
 * @param callbacks the signal tokens served over HTTP ({@code POST /durable/signals/{token}}),
 *     when {@code durable-dashboard} is on the class path
 * @param payloadCodec the built-in payload codec (AES-GCM, keys from a PKCS12 key store), which
 *     the engine and the worker store every payload through; unset: payloads stored as JSON, or
 *     through the application's own {@code PayloadCodec} bean
 */
@ConfigurationProperties("durable")
public record DurableProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("true") boolean autoStart,
    String engineId,
    Duration pollInterval,
    Duration leaseDuration,
    Integer maxConcurrentRuns,
    @DefaultValue("true") boolean virtualThreads,
    Duration shutdownTimeout,
    Duration retention,
    Integer maxPayloadBytes,
    String schema,
    @DefaultValue("true") boolean migrate,
    @DefaultValue("false") boolean pollOnly,
    Map<String, Queue> queues,
    @DefaultValue Worker worker,
    @DefaultValue Dashboard dashboard,
    @DefaultValue Codec payloadCodec,
    @DefaultValue Callbacks callbacks) {

  public DurableProperties {
    queues = queues == null ? Map.of() : Map.copyOf(queues);
  }

  /**
   * A queue, declared on the engine as {@link dev.durable.runtime.Queue}: its limits hold for the
   * runs started through it and for the attempts of the steps that name it ({@code @Step(queue =
   * name)}). Declare it alike in every application whose engine serves it.
   *
   * @param concurrency how many at once across every engine sharing the database (per partition
   *     key for runs); unset or 0: no such limit
   * @param perEngine how many at once on this engine; unset: no such limit
   * @param rateLimit how many started per {@code ratePeriod} across every engine; set both or
   *     neither
   * @param ratePeriod the rate limit's period, e.g. {@code 1m}
   */
  public record Queue(
      Integer concurrency, Integer perEngine, Integer rateLimit, Duration ratePeriod) {

    /** The queue named {@code name} with these limits; throws if they are not valid. */
    public dev.durable.runtime.Queue declaration(String name) {
      dev.durable.runtime.Queue queue = dev.durable.runtime.Queue.named(name);
      if (concurrency != null) {
        queue = queue.concurrency(concurrency);
      }
      if (perEngine != null) {
        queue = queue.perEngine(perEngine);
      }
      if ((rateLimit == null) != (ratePeriod == null)) {
        throw new IllegalArgumentException("durable.queues." + name + " has "
            + (rateLimit == null ? "rate-period but no rate-limit" : "rate-limit but no rate-period")
            + ": set both (e.g. rate-limit=60 and rate-period=1m), or neither");
      }
      if (rateLimit != null) {
        queue = queue.rateLimit(rateLimit, ratePeriod);
      }
      return queue;
    }
  }

  /**
   * The worker that serves every bean implementing a step contract (through the contract's
   * generated {@code <Name>Worker}).
   *
   * @param enabled whether to serve them in this application; {@code true} by default
   * @param concurrency how many tasks are served at once; 4 by default
   * @param pollInterval how often the worker looks for tasks it was not told about
   */
  public record Worker(@DefaultValue("true") boolean enabled, Integer concurrency,
      Duration pollInterval) {}

  /**
   * The built-in payload codec: {@code PayloadCodecs.aesGcm} with every AES key of a PKCS12 key
   * store, new payloads under {@code currentKey}, after {@code PayloadCodecs.gzip} when {@code
   * gzipMinBytes} is set. Set the password from the environment ({@code
   * key-store-password=${DURABLE_KEY_STORE_PASSWORD}}), never in a file under version control.
   *
   * @param keyStore the key store's file; unset: no built-in codec
   * @param keyStorePassword its password (and its entries')
   * @param currentKey the alias of the key new payloads are encrypted under
   * @param gzipMinBytes payloads of this many bytes or more are compressed before they are
   *     encrypted; unset: none
   */
  public record Codec(String keyStore, String keyStorePassword, String currentKey,
      Integer gzipMinBytes) {

    /** Whether a key store is set: the built-in codec is then configured. */
    public boolean configured() {
      return keyStore != null && !keyStore.isBlank();
    }

    /** The codec the properties describe; throws, saying what is missing, if they are not whole. */
    public dev.durable.runtime.codec.PayloadCodec codec() {
      if (keyStorePassword == null || currentKey == null) {
        throw new IllegalArgumentException("durable.payload-codec.key-store is set, so set"
            + " durable.payload-codec.key-store-password (from the environment:"
            + " ${DURABLE_KEY_STORE_PASSWORD}) and durable.payload-codec.current-key too");
      }
      dev.durable.runtime.codec.PayloadCodec aes = PayloadCodecs.aesGcm(
          PayloadCodecs.keys(Path.of(keyStore), keyStorePassword.toCharArray()), currentKey);
      return gzipMinBytes == null ? aes
          : PayloadCodecs.chain(PayloadCodecs.gzip(gzipMinBytes), aes);
    }

    /** Without the password: a logged or printed configuration never shows it. */
    @Override
    public String toString() {
      return "Codec[keyStore=" + keyStore + ", keyStorePassword="
          + (keyStorePassword == null ? "null" : "********") + ", currentKey=" + currentKey
          + ", gzipMinBytes=" + gzipMinBytes + "]";
    }
  }

  /**
   * The signal tokens served over HTTP ({@code dev.durable.dashboard.SignalCallbacks}): {@code POST
   * /durable/signals/{token}} sends the signal a token names.
   *
   * @param enabled whether to serve them; {@code false} by default
   * @param port the port it listens on; 8082 by default
   * @param host the address it binds; {@code 127.0.0.1} (this machine only) by default: put it
   *     behind the proxy that terminates TLS
   */
  public record Callbacks(@DefaultValue("false") boolean enabled, @DefaultValue("8082") int port,
      @DefaultValue("127.0.0.1") String host) {}

  /**
   * The dashboard ({@code dev.durable.dashboard.DurableDashboard}).
   *
   * @param enabled whether to serve it; {@code false} by default
   * @param port the port it listens on; 8081 by default, beside an application on 8080
   * @param host the address it binds; {@code 127.0.0.1} (this machine only) by default
   * @param token the token that unlocks its actions, 16 characters at least; unset: read-only
   */
  public record Dashboard(@DefaultValue("false") boolean enabled, @DefaultValue("8081") int port,
      @DefaultValue("127.0.0.1") String host, String token) {

    /** The token, if one is set. */
    public Optional<String> tokenIfSet() {
      return Optional.ofNullable(token).filter(t -> !t.isEmpty());
    }
  }
}
