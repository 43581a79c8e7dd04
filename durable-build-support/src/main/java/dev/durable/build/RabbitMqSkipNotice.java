package dev.durable.build;

import java.io.PrintStream;

/**
 * Says once per test JVM why the RabbitMQ tests ({@link OnRabbitMq}) were skipped, when {@value
 * #VARIABLE} is not set. Registered in {@code
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class RabbitMqSkipNotice extends EnvironmentSkipNotice {
  static final String VARIABLE = OnRabbitMq.VARIABLE;
  static final String NOTICE = "RabbitMQ tests skipped: " + VARIABLE + " is not set (start"
      + " rabbitmq-server -detached and export " + VARIABLE
      + "=amqp://guest:guest@127.0.0.1:5672 to run them)";

  public RabbitMqSkipNotice() {
    this(System.out, System.getenv(VARIABLE));
  }

  RabbitMqSkipNotice(PrintStream out, String rabbitMqUrl) {
    super(out, VARIABLE, rabbitMqUrl, NOTICE);
  }
}
