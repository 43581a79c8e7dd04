package dev.durable.runtime.internal.common;

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
 *
 * <p>Every line here that carries text from users' code or callers (an error's message and code,
 * a run id, a signal's name) is written through this class, which {@linkplain #shown escapes}
 * the control characters and line separators in that text: an error message with
 * <code>&#92;u001b[31m</code> or a line break would otherwise colour the operator's terminal or
 * forge a line of its own in the log.
 */
public final class RunLog {
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
  public static void started(String runId, Object workflow) {
    LOG.info("run {} of {} started", shown(runId), workflow);
  }

  /** A later turn: after a backoff, a sleep, a signal, a restart or a requeue. */
  public static void resumed(String runId, Object workflow) {
    if (LOG.isDebugEnabled()) {
      LOG.debug("run {} of {} resumed", shown(runId), workflow);
    }
  }

  public static void completed(String runId, Object workflow) {
    LOG.info("run {} of {} completed", shown(runId), workflow);
  }

  public static void failed(String runId, Object workflow, RunError error) {
    LOG.error("run {} of {} failed [{}]: {}", shown(runId), workflow, shown(error.code()),
        message(error));
  }

  public static void retrying(String runId, String step, int attempt, RunError error, Duration delay) {
    try (RunMdc.Scope scope = RunMdc.step(step)) {
      LOG.warn("run {}: step '{}' attempt {} failed [{}]: {}; retrying in {} ms", shown(runId),
          step, attempt, shown(error.code()), message(error), delay.toMillis());
    }
  }

  /** The {@code @OnError} route for the run's failure failed too: the run fails as without it. */
  public static void routeFailed(String runId, RunError failure, String routeError) {
    LOG.warn("run {}: its @OnError route for code '{}' failed: {}", shown(runId),
        shown(failure.code()), shown(routeError));
  }

  /** A compensation failed: {@code failed} is the run's error, code compensation_failed. */
  public static void compensationFailed(String runId, RunError failed) {
    LOG.warn("run {}: {}", shown(runId), shown(failed.message()));
  }

  /** The {@code @OnFailure} method failed after the run failed with {@code failure}. */
  public static void cleanupFailed(String runId, RunError failure, String cleanupError) {
    LOG.warn("run {}: its @OnFailure method failed after the run failed [{}]: {}", shown(runId),
        shown(failure.code()), shown(cleanupError));
  }

  /** A signal whose value the wait cannot read was set aside, for {@code problem}. */
  public static void signalSetAside(String runId, String signal, long signalId, String problem) {
    LOG.warn("run {}: signal '{}' ({}) set aside: {}", shown(runId), shown(signal), signalId,
        shown(problem));
  }

  /**
   * Attempt {@code attempt} of {@code step} may have run on the engine {@code lostOwner}, whose
   * lease ended unrenewed; the next is made here. WARN: a step with side effects may repeat one.
   */
  public static void interrupted(String runId, String step, int attempt, String lostOwner) {
    try (RunMdc.Scope scope = RunMdc.step(step)) {
      LOG.warn("run {}: step '{}' attempt {} may have run on {}, whose lease ended unrenewed;"
          + " attempt {} runs here", shown(runId), step, attempt, shown(lostOwner), attempt + 1);
    }
  }

  private static String message(RunError error) {
    return QUOTING_PAYLOADS.contains(error.code()) && !QUOTING_NO_VALUE.contains(error.type())
        ? "(the message quotes payload values, so it is not logged: read it from the run's status)"
        : shown(error.message());
  }

  /**
   * {@code text} as a log line shows it: each control character (C0, DEL and C1, so also ESC,
   * which starts a terminal's colour codes, and line breaks) and each line or paragraph separator
   * (U+2028, U+2029) written as an escape, {@code \n}, {@code \r}, {@code \t} or
   * <code>&#92;u001b</code>, so that the line stays one line of plain text; null as {@code null}.
   */
  static String shown(String text) {
    if (text == null) {
      return "null";
    }
    int first = 0;
    while (first < text.length() && !escaped(text.charAt(first))) {
      first++;
    }
    if (first == text.length()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (escaped(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static boolean escaped(char c) {
    return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
  }
}
