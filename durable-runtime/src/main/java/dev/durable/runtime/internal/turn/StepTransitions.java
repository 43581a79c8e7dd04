package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The step state machine, local and dispatched steps alike: from where a step stands and what
 * happened to it, the state it moves to (the status of the checkpoint to write, if any), the
 * events to log, in order, and the hook to call. Every change to a step's state goes through
 * {@link #next}; an event that cannot happen where the step stands is a bug, and throws. Pure.
 * The table is drawn in {@code docs/state-machine.md}.
 *
 * <p>Timers ({@code ctx.sleep}) are not steps and have no part in it. A value the context records
 * ({@code ctx.now()}, {@code ctx.randomUUID()}, {@code ctx.random()}) takes one move, {@link
 * Event#VALUE_RECORDED}, from {@link State#NEW} to {@link State#COMPLETED}, and no other. Signal
 * waits ({@code @Signal}) are steps: a wait that finds no signal is {@link State#PENDING} while
 * the run sleeps, and completes with the signal it takes or, once its limit passed, with the
 * method's body's value.
 */
public final class StepTransitions {
  private StepTransitions() {}

  /** Where a step stands: the status of its checkpoint, or {@link #NEW} while it has none. */
  public enum State {
    /** No checkpoint is written yet: a local step's first attempt runs before its first write. */
    NEW,
    /** Its attempt is being made, locally or by a worker (a dispatched step's task is open). */
    PENDING,
    /** An attempt failed, and the next is due at the checkpoint's wake-up time. */
    RETRYING,
    COMPLETED,
    FAILED;

    /** Where the step whose checkpoint is {@code recorded} stands; null: {@link #NEW}. */
    public static State of(CheckpointRecord recorded) {
      return recorded == null ? NEW : of(recorded.status());
    }

    /** The state of a step whose checkpoint has {@code status}. */
    public static State of(StepState status) {
      return switch (status) {
        case PENDING, RUNNING -> PENDING; // RUNNING: an attempt was being made when a turn ended
        case RETRYING -> RETRYING;
        case COMPLETED -> COMPLETED;
        case FAILED -> FAILED;
      };
    }

    /** The status its checkpoint is written with. */
    public StepState status() {
      return switch (this) {
        case NEW -> throw new IllegalStateException("a new step has no checkpoint to write");
        case PENDING -> StepState.PENDING;
        case RETRYING -> StepState.RETRYING;
        case COMPLETED -> StepState.COMPLETED;
        case FAILED -> StepState.FAILED;
      };
    }
  }

  /** What happened to a step. */
  public enum Event {
    /** A lone local step's first attempt was admitted and is about to run. */
    FIRST_ATTEMPT,
    /** A local branch of a fan or group gets its checkpoint before its attempts run. */
    BRANCH_STARTED,
    /**
     * An attempt of a dispatched step is queued for a worker: its first, the next once a backoff
     * has passed or a task timed out, or one again whose task was deleted by hand.
     */
    ATTEMPT_QUEUED,
    /** The step's arguments cannot be stored: it fails before any attempt. */
    INPUT_UNSTORABLE,
    /** A local step waits for a slot of its flow-control queue. */
    WAITING_FOR_SLOT,
    ATTEMPT_SUCCEEDED,
    /** An attempt failed, and another follows after a backoff. */
    ATTEMPT_FAILED_WILL_RETRY,
    /** An attempt failed, and none follows: not retryable, or the attempts ran out. */
    ATTEMPT_FAILED,
    /**
     * A local attempt may have run on an engine whose lease on the run ended unrenewed before its
     * outcome was stored: it counts as made, and the engine that took the run over makes the next
     * one at once, whatever the step's retries.
     */
    ATTEMPT_INTERRUPTED,
    /** A dispatched attempt's task timed out, and the next attempt is queued at once. */
    TIMED_OUT_WILL_RETRY,
    /** A dispatched attempt's task timed out, and the attempts ran out. */
    TIMED_OUT,
    /** A dispatched attempt's task went unanswered past its lease, and is delivered again. */
    LOST_REDELIVERED,
    /** A dispatched attempt's task went unanswered past its lease, and the deliveries ran out. */
    LOST,
    /**
     * A value the context records ({@code ctx.now()}, {@code ctx.randomUUID()}, {@code
     * ctx.random()}'s seed) was drawn: held like a completed step's checkpoint, with no event and
     * no hook (it is not a step).
     */
    VALUE_RECORDED,
    /** A signal wait found no signal: the run sleeps until one is sent or the wait's limit. */
    WAIT_STARTED,
    /** A signal wait took the oldest signal of its name sent to the run. */
    SIGNAL_RECEIVED,
    /** A signal wait's limit passed with no signal: the method's body gave its value. */
    WAIT_TIMED_OUT
  }

  /** The users' hook a transition calls. */
  enum Hook {
    NONE,
    /** {@code onStepStart}: once, before the step's first attempt. */
    STEP_START,
    /** {@code onStepRetry}: an attempt failed, and another follows. */
    STEP_RETRY,
    /** {@code onStepComplete}: once the completed checkpoint is written. */
    STEP_COMPLETE
  }

  /**
   * A step's move.
   *
   * @param from where it stood
   * @param to where it stands now
   * @param writes whether a checkpoint with {@code to}'s status is written
   * @param events the events to log, in order
   * @param hook the hook to call
   */
  public record Transition(State from, State to, boolean writes, List<EventType> events, Hook hook) {
    public Transition {
      events = List.copyOf(events);
    }

    /** The status of the checkpoint to write. */
    public StepState status() {
      return to.status();
    }

    /** The events to log, each made by {@code make} from its type. */
    public List<NewEvent> events(Function<EventType, NewEvent> make) {
      return events.stream().map(make).toList();
    }

    /** Whether the checkpoint written is the step's first, to be inserted rather than updated. */
    public boolean inserts() {
      return writes && from == State.NEW;
    }
  }

  /**
   * The transition of a step standing at {@code from} when {@code event} happens.
   *
   * @throws IllegalStateException if {@code event} cannot happen at {@code from}
   */
  public static Transition next(State from, Event event) {
    return switch (event) {
      case FIRST_ATTEMPT -> {
        require(from, event, State.NEW);
        yield new Transition(from, from, false, List.of(), Hook.STEP_START);
      }
      case BRANCH_STARTED -> {
        require(from, event, State.NEW);
        yield new Transition(
            from, State.PENDING, true, List.of(EventType.STEP_STARTED), Hook.STEP_START);
      }
      case ATTEMPT_QUEUED -> {
        require(from, event, State.NEW, State.PENDING, State.RETRYING);
        yield new Transition(from, State.PENDING, true, List.of(EventType.STEP_STARTED),
            from == State.NEW ? Hook.STEP_START : Hook.NONE);
      }
      case INPUT_UNSTORABLE -> {
        require(from, event, State.NEW);
        yield new Transition(from, State.FAILED, true,
            List.of(EventType.STEP_STARTED, EventType.STEP_FAILED), Hook.STEP_START);
      }
      case WAITING_FOR_SLOT -> {
        require(from, event, State.NEW, State.PENDING, State.RETRYING);
        yield new Transition(from, from, false, List.of(EventType.STEP_QUEUED), Hook.NONE);
      }
      case ATTEMPT_SUCCEEDED -> attemptEnded(
          from, event, State.COMPLETED, EventType.STEP_COMPLETED, Hook.STEP_COMPLETE);
      case ATTEMPT_FAILED_WILL_RETRY -> attemptEnded(
          from, event, State.RETRYING, EventType.STEP_RETRYING, Hook.STEP_RETRY);
      case ATTEMPT_FAILED -> attemptEnded(
          from, event, State.FAILED, EventType.STEP_FAILED, Hook.NONE);
      case ATTEMPT_INTERRUPTED -> {
        require(from, event, State.NEW, State.PENDING, State.RETRYING);
        List<EventType> events = new ArrayList<>();
        if (from == State.NEW) {
          events.add(EventType.STEP_STARTED);
        }
        events.add(EventType.STEP_INTERRUPTED);
        yield new Transition(from, State.PENDING, true, events,
            from == State.NEW ? Hook.STEP_START : Hook.NONE);
      }
      case TIMED_OUT_WILL_RETRY -> {
        require(from, event, State.PENDING);
        yield new Transition(
            from, State.PENDING, false, List.of(EventType.STEP_TIMED_OUT), Hook.STEP_RETRY);
      }
      case TIMED_OUT -> {
        require(from, event, State.PENDING);
        yield new Transition(from, State.FAILED, true,
            List.of(EventType.STEP_TIMED_OUT, EventType.STEP_FAILED), Hook.NONE);
      }
      case LOST_REDELIVERED -> {
        require(from, event, State.PENDING);
        yield new Transition(
            from, State.PENDING, false, List.of(EventType.STEP_LOST), Hook.NONE);
      }
      case LOST -> {
        require(from, event, State.PENDING);
        yield new Transition(from, State.FAILED, true,
            List.of(EventType.STEP_LOST, EventType.STEP_FAILED), Hook.NONE);
      }
      case VALUE_RECORDED -> {
        require(from, event, State.NEW);
        yield new Transition(from, State.COMPLETED, true, List.of(), Hook.NONE);
      }
      case WAIT_STARTED -> {
        require(from, event, State.NEW);
        yield new Transition(
            from, State.PENDING, true, List.of(EventType.SIGNAL_WAITING), Hook.NONE);
      }
      case SIGNAL_RECEIVED -> {
        require(from, event, State.NEW, State.PENDING);
        yield new Transition(
            from, State.COMPLETED, true, List.of(EventType.SIGNAL_RECEIVED), Hook.NONE);
      }
      case WAIT_TIMED_OUT -> {
        require(from, event, State.NEW, State.PENDING);
        yield new Transition(
            from, State.COMPLETED, true, List.of(EventType.SIGNAL_TIMED_OUT), Hook.NONE);
      }
    };
  }

  /**
   * An attempt ended: a step with no checkpoint yet (a lone local step's first attempt) logs its
   * {@code step.started} with it.
   */
  private static Transition attemptEnded(
      State from, Event event, State to, EventType ended, Hook hook) {
    require(from, event, State.NEW, State.PENDING, State.RETRYING);
    List<EventType> events = new ArrayList<>();
    if (from == State.NEW) {
      events.add(EventType.STEP_STARTED);
    }
    events.add(ended);
    return new Transition(from, to, true, events, hook);
  }

  private static void require(State from, Event event, State... allowed) {
    for (State state : allowed) {
      if (state == from) {
        return;
      }
    }
    throw new IllegalStateException(
        "a step that is " + from + " cannot take " + event + "; it can only from "
            + List.of(allowed) + ": an engine bug");
  }
}
