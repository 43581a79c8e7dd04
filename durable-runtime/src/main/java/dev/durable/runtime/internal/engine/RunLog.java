package dev.durable.runtime.internal.engine;

import dev.durable.runtime.RunError;
import java.time.Duration;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lines an operator watches runs by, all on the logger {@value #NAME} so that they can be
 * routed, counted or alerted on apart from the engine's other lines: a run's start and its
 * completion at INFO, each retry of a step at WARN (it heals itself, but a rising rate is worth a
 * look), a run's failure at ERROR (nothing retries it: someone must requeue or cancel it). Each is
 * written with the run's {@link RunMdc} keys set.
 *
 * <p>No line carries a payload: only ids, names, codes and error messages. The messages the
 * engine itself makes from payload values (constraint violations name the invalid value, a
 * payload that cannot be decoded is quoted by the decoder) are left out of the line; the run's
 * stored error has them. A value of a type Jackson cannot write at all ("No serializer found")
 * fails with a message that names only the step, the type and Jackson's reason: it is logged.
 */
final class RunLog {
  static final String NAME = "dev.durable.runtime.runs";
  private static final Logger LOG = LoggerFactory.getLogger(NAME);
  /** The codes of errors whose messages the engine makes from payload values. */
  private static final Set<String> QUOTING_PAYLOADS =
      Set.of(Errors.INVALID_INPUT, Errors.INVALID_OUTPUT, Errors.PAYLOAD_UNDECODABLE);
  /** The exceptions of those codes whose messages quote no value. */
  private static final Set<String> QUOTING_NO_VALUE =
      Set.of(Errors.UnstorableInput.class.getName(), Errors.UnstorableResult.class.getName());

  private RunLog() {}

  /** The first turn of a run: no step of it has been recorded yet. */
  static void started(String runId, Object workflow) {
    LOG.info("run {} of {} started", runId, workflow);
  }

  /** A later turn: after a backoff, a sleep, a signal, a restart or a requeue. */
  static void resumed(String runId, Object workflow) {
    LOG.debug("run {} of {} resumed", runId, workflow);
  }

  static void completed(String runId, Object workflow) {
    LOG.info("run {} of {} completed", runId, workflow);
  }

  static void failed(String runId, Object workflow, RunError error) {
    LOG.error("run {} of {} failed [{}]: {}", runId, workflow, error.code(), message(error));
  }

  static void retrying(String runId, String step, int attempt, RunError error, Duration delay) {
    try (RunMdc.Scope scope = RunMdc.step(step)) {
      LOG.warn("run {}: step '{}' attempt {} failed [{}]: {}; retrying in {} ms", runId, step,
          attempt, error.code(), message(error), delay.toMillis());
    }
  }

  /**
   * Attempt {@code attempt} of {@code step} may have run on the engine {@code lostOwner}, whose
   * lease ended unrenewed; the next is made here. WARN: a step with side effects may repeat one.
   */
  static void interrupted(String runId, String step, int attempt, String lostOwner) {
    try (RunMdc.Scope scope = RunMdc.step(step)) {
      LOG.warn("run {}: step '{}' attempt {} may have run on {}, whose lease ended unrenewed;"
          + " attempt {} runs here", runId, step, attempt, lostOwner, attempt + 1);
    }
  }

  private static String message(RunError error) {
    return QUOTING_PAYLOADS.contains(error.code()) && !QUOTING_NO_VALUE.contains(error.type())
        ? "(the message quotes payload values, so it is not logged: read it from the run's status)"
        : error.message();
  }
}
