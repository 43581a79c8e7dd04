package dev.durable.runtime.internal.common;

import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunError;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.StepTimeoutError;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.store.sql.UnreadableRowException;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/** Turns exceptions into stored {@link RunError}s, and holds the engine's own error codes. */
public final class Errors {
  public static final String STEP_FAILED = "step_failed";
  static final String STEP_TIMEOUT = "step_timeout";
  static final String WORKFLOW_ERROR = "workflow_error";
  public static final String NON_DETERMINISM = "non_determinism";
  public static final String PAYLOAD_UNDECODABLE = "payload_undecodable";
  /**
   * The payload codec could not decode a stored payload of the run (a key this engine lacks,
   * altered bytes): the run is set aside, not failed, for an engine that can read it.
   */
  public static final String PAYLOAD_CODEC = RunChange.SET_ASIDE_CODE;
  static final String INVALID_INPUT = "invalid_input";
  public static final String INVALID_OUTPUT = "invalid_output";
  public static final String REMOTE_STEP_LOST = "remote_step_lost";
  public static final String REMOTE_STEP_TIMEOUT = "remote_step_timeout";
  /** The database refused a write of the run, and would refuse it again. */
  public static final String STORAGE_REFUSED = "storage_refused";
  /** A row of the run holds a value this version cannot understand. */
  static final String STORAGE_UNREADABLE = "storage_unreadable";
  /** The run did not end within its run timeout ({@code @Run(timeoutMs)}). */
  public static final String RUN_TIMEOUT = "run_timeout";
  /** A compensation of a failed run failed for good; the run's own failure is in the message. */
  public static final String COMPENSATION_FAILED = "compensation_failed";
  /** The run started on a step graph that the registered class does not hold. */
  static final String FINGERPRINT_MISMATCH = "fingerprint_mismatch";
  /**
   * A local step's attempt may have run on an engine whose lease ended unrenewed before the
   * attempt's outcome was stored ({@link Interruptions}): the error of that attempt.
   */
  public static final String ATTEMPT_INTERRUPTED = "attempt_interrupted";

  private Errors() {}

  /** A step's result failed validation or could not be stored: never retried. */
  public static class InvalidResult extends RuntimeException
      implements dev.durable.runtime.NonRetryable {
    private static final long serialVersionUID = 1L;

    InvalidResult(String message, Throwable cause) {
      super(message, cause);
    }

    public static InvalidResult violations(String step, List<String> violations) {
      return new InvalidResult(
          "step '" + step + "' returned an invalid result: " + String.join("; ", violations),
          null);
    }

    /** The result of step {@code step} could not be encoded, for {@code cause}. */
    public static InvalidResult unstorable(String step, PayloadException cause) {
      String message = "step '" + step + "' returned a result that cannot be stored: "
          + cause.getMessage();
      return cause.quotesValues()
          ? new InvalidResult(message, cause)
          : new UnstorableResult(message, cause);
    }
  }

  /** A step's result of a type Jackson cannot write: the message quotes no value. */
  public static final class UnstorableResult extends InvalidResult {
    private static final long serialVersionUID = 1L;

    UnstorableResult(String message, PayloadException cause) {
      super(message, cause);
    }
  }

  /** A step's arguments could not be stored: never retried. */
  public static class InvalidStepInput extends RuntimeException
      implements dev.durable.runtime.NonRetryable {
    private static final long serialVersionUID = 1L;

    private InvalidStepInput(String step, PayloadException cause) {
      super("step '" + step + "' " + cause.getMessage(), cause);
    }

    /** The arguments of step {@code step} could not be encoded, for {@code cause}. */
    public static InvalidStepInput of(String step, PayloadException cause) {
      return cause.quotesValues()
          ? new InvalidStepInput(step, cause)
          : new UnstorableInput(step, cause);
    }
  }

  /** A step's argument of a type Jackson cannot write: the message quotes no value. */
  static final class UnstorableInput extends InvalidStepInput {
    private static final long serialVersionUID = 1L;

    private UnstorableInput(String step, PayloadException cause) {
      super(step, cause);
    }
  }

  /** The error of a failed step attempt. */
  public static RunError ofStep(String step, Throwable error) {
    String code;
    if (error instanceof FatalError fatal) {
      code = fatal.code();
    } else if (error instanceof StepTimeoutError) {
      code = STEP_TIMEOUT;
    } else if (error instanceof InvalidResult) {
      code = INVALID_OUTPUT;
    } else if (error instanceof InvalidStepInput) {
      code = INVALID_INPUT;
    } else {
      code = STEP_FAILED;
    }
    return new RunError(messageOf(error), code, error.getClass().getName(), Optional.of(step));
  }

  /** The error of a run whose {@code @Run} method threw {@code error}. */
  public static RunError ofWorkflow(Throwable error) {
    if (error instanceof StepFailedException failed) {
      return failed.error();
    }
    String code = error instanceof FatalError fatal ? fatal.code() : WORKFLOW_ERROR;
    return new RunError(messageOf(error), code, error.getClass().getName(), Optional.empty());
  }

  /**
   * The error of a run whose progress or row the store cannot write or read, and never will:
   * retrying would run steps again for ever, so the run fails with what the database said.
   */
  public static RunError storage(String runId, StoreException e) {
    if (e instanceof UnreadableRowException) {
      return engine("run " + runId + " cannot be continued: " + e.getMessage(), STORAGE_UNREADABLE,
          e.getClass());
    }
    return engine(
        "the database refused to store the progress of run " + runId + ", and would refuse it"
            + " again: " + e.getMessage() + "; the run failed instead of running its steps again;"
            + " correct what the database refuses (a value too long for its column, a constraint"
            + " of your own on Durable's tables) and requeue the run, or cancel it",
        STORAGE_REFUSED, e.getClass());
  }

  /**
   * The answer to a call naming run {@code runId}, which is not stored (never started, mistyped,
   * or purged by retention).
   */
  public static UnknownRunException unknownRun(String runId) {
    return new UnknownRunException(
        "no run with id '" + StoredText.echo(runId) + "' is stored in this engine's database");
  }

  /**
   * The error of a run whose compensation of {@code step} at position {@code seq} failed for good
   * with {@code error}, after the run had failed with {@code failure}: both are told, the
   * compensation's first.
   */
  public static RunError compensationFailed(
      RunError failure, StepType<?> step, int seq, Throwable error) {
    RunError cause = ofWorkflow(error);
    String compensation = step.compensation().orElseThrow();
    return new RunError(
        "compensation '" + compensation + "' of step '" + step.name() + "' (position "
            + seq + ") failed [" + cause.code() + "]: " + cause.message() + "; the run had"
            + " failed before [" + failure.code() + "]: " + failure.message() + "; the"
            + " compensations that ran are not undone: fix what fails and requeue the run to go"
            + " on with its compensations where they stopped",
        COMPENSATION_FAILED, cause.type(), Optional.of(compensation));
  }

  /** The error of a run stopped at the end of its run timeout, {@code deadline}. */
  public static RunError runTimeout(String runId, Instant deadline) {
    return engine("run " + runId + " did not end within its run timeout (@Run timeoutMs), which"
            + " ended at " + deadline + ", and was stopped; raise timeoutMs if runs need longer,"
            + " or requeue the run to give it a fresh run timeout",
        RUN_TIMEOUT, TimeoutException.class);
  }

  /**
   * The error of a run refused before its replay: it started on a step graph, {@code
   * runFingerprint}, that the class registered here, {@code type}, does not hold (a step, signal
   * or route removed, or its stored types changed, at the same version).
   */
  public static RunError fingerprintMismatch(String runId, WorkflowType<?> type,
      String runFingerprint) {
    return engine("run " + runId + " started on a different step graph of " + type
            + " (fingerprint '" + runFingerprint + "') than the class registered here has"
            + " (fingerprint '" + type.fingerprint().orElse("") + "'): a step, signal or route it"
            + " depends on was removed or its stored types changed without a new version, so it"
            + " was not replayed and its checkpoints are kept; deploy the class it started with and"
            + " requeue the run, or cancel it (next time, bump @Workflow(version) or guard the"
            + " change with ctx.patched(...); -Adurable.lockfile catches this at build time)",
        FINGERPRINT_MISMATCH, IllegalStateException.class);
  }

  /** An error raised by the engine itself. */
  /**
   * Why run {@code runId} is set aside: {@code what} (a stored payload, and where) could not be
   * decoded here, and how it goes on.
   */
  public static RunError setAside(String runId, String what, PayloadCodecException e) {
    return engine("run " + runId + ": " + what + " cannot be decoded by this engine's payload"
        + " codec: " + e.getMessage() + ". The run is set aside, not failed: an engine whose codec"
        + " has the key takes it up (it is tried again every " + SET_ASIDE_FOR.toMinutes()
        + " minute(s), or at once by a requeue)", PAYLOAD_CODEC, PayloadCodecException.class);
  }

  /** How long a run set aside for its payloads waits before an engine tries it again. */
  public static final java.time.Duration SET_ASIDE_FOR = java.time.Duration.ofMinutes(1);

  /** The codec's refusal among {@code error}'s causes, if the codec refused. */
  public static Optional<PayloadCodecException> codecRefusal(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof PayloadCodecException codec) {
        return Optional.of(codec);
      }
    }
    return Optional.empty();
  }

  public static RunError engine(String message, String code, Class<?> type) {
    return new RunError(message, code, type.getName(), Optional.empty());
  }

  public static String messageOf(Throwable error) {
    String message = error.getMessage();
    return message == null || message.isBlank() ? error.getClass().getName() : message;
  }
}
