package dev.durable.runtime.trigger;

import dev.durable.runtime.DuplicateRunException;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StoreException;
import java.util.Objects;
import java.util.Optional;

/**
 * What became of one message's start, sorted the same way by every trigger, so that a message is
 * acknowledged, dead-lettered or delivered again by one rule whatever the broker.
 *
 * @param kind what to do with the message
 * @param reason why, for every kind but {@link Kind#STARTED} and {@link Kind#DUPLICATE}: what a
 *     dead letter's headers and the logs carry
 * @param error the exception the start threw, if it threw
 */
public record StartOutcome(Kind kind, Optional<String> reason, Optional<RuntimeException> error) {

  /** What to do with the message. */
  public enum Kind {
    /** Its run was stored by this start: acknowledge it. */
    STARTED,
    /**
     * Its run was stored already (an earlier delivery stored it, and its acknowledgement was
     * lost), or another unfinished run holds its deduplication id: acknowledge it, start nothing.
     */
    DUPLICATE,
    /**
     * It can never start a run (its input is invalid, or its run id or options are refused):
     * dead-letter it, or set it aside, with the reason.
     */
    REJECTED,
    /** The store could not be reached: deliver it again after a delay, however often. */
    UNAVAILABLE,
    /**
     * The start failed otherwise (the user's starter threw): deliver it again after a delay, and
     * dead-letter it once it has failed as often as the trigger allows.
     */
    FAILED
  }

  public StartOutcome {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(error, "error");
  }

  /** An outcome with a reason and no exception: a message that could not be decoded, say. */
  public static StartOutcome rejected(String reason) {
    return new StartOutcome(Kind.REJECTED, Optional.of(reason), Optional.empty());
  }

  /**
   * Calls {@code starter} for {@code input} and sorts what happened: a handle whose start stored
   * the run is {@link Kind#STARTED}, one that found it {@link Kind#DUPLICATE}, as is {@link
   * DuplicateRunException}; {@link InvalidInputException} and {@link IllegalArgumentException} are
   * {@link Kind#REJECTED}, {@link StoreException} {@link Kind#UNAVAILABLE}, any other exception
   * (and a starter that returned null) {@link Kind#FAILED}. Errors are not caught.
   */
  public static <T> StartOutcome attempt(RunStarter<T> starter, RunStart start, T input) {
    RunHandle<?> handle;
    try {
      handle = starter.start(start, input);
    } catch (DuplicateRunException e) {
      return of(Kind.DUPLICATE, e);
    } catch (InvalidInputException | IllegalArgumentException e) {
      return of(Kind.REJECTED, e);
    } catch (StoreException e) {
      return of(Kind.UNAVAILABLE, e);
    } catch (RuntimeException e) {
      return of(Kind.FAILED, e);
    }
    if (handle == null) {
      return new StartOutcome(Kind.FAILED, Optional.of("the trigger's starter returned null for"
          + " run " + start.runId() + "; return the handle the generated client's start returns"),
          Optional.empty());
    }
    return new StartOutcome(handle.created() ? Kind.STARTED : Kind.DUPLICATE, Optional.empty(),
        Optional.empty());
  }

  private static StartOutcome of(Kind kind, RuntimeException e) {
    String reason = e.getClass().getSimpleName()
        + (e.getMessage() == null ? "" : ": " + e.getMessage());
    return new StartOutcome(kind, Optional.of(reason), Optional.of(e));
  }
}
