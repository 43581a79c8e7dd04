package dev.durable.runtime.trigger;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StartOptions;
import java.util.Objects;

/**
 * The start a trigger derived from one message, handed to the user's {@link RunStarter}: the engine
 * to start on, and the options to start with, which hold the run id derived from the message (so
 * that a redelivery finds the same run), and the queue and partition key the trigger was given.
 *
 * <pre>{@code
 * (start, order) -> CheckoutWorkflowClient.of(start.engine()).start(start.options(), order)
 * }</pre>
 *
 * @param engine the engine the trigger runs in
 * @param options the start's options; {@link StartOptions#runId()} is always present
 */
public record RunStart(DurableEngine engine, StartOptions options) {
  public RunStart {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(options, "options");
    if (options.runId().isEmpty()) {
      throw new IllegalArgumentException("a trigger's start needs the run id derived from its"
          + " message, so that a redelivery finds the same run; set StartOptions.runId");
    }
  }

  /** The run id derived from the message: pass it to {@code start(runId, input)}. */
  public String runId() {
    return options.runId().orElseThrow();
  }
}
