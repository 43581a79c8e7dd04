package dev.durable.build;

import java.io.PrintStream;

/**
 * Says once per test JVM why the NATS tests ({@link OnNats}) were skipped, when {@value #VARIABLE}
 * is not set. Registered in {@code
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class NatsSkipNotice extends EnvironmentSkipNotice {
  static final String VARIABLE = OnNats.VARIABLE;
  static final String NOTICE = "NATS tests skipped: " + VARIABLE + " is not set (start"
      + " nats-server -js and export " + VARIABLE + "=nats://127.0.0.1:4222 to run them)";

  public NatsSkipNotice() {
    this(System.out, System.getenv(VARIABLE));
  }

  NatsSkipNotice(PrintStream out, String natsUrl) {
    super(out, VARIABLE, natsUrl, NOTICE);
  }
}
