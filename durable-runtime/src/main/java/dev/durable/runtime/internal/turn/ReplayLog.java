package dev.durable.runtime.internal.turn;

import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.spi.StepType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's checkpoints as its turn knows them: those recorded when the turn began, then those it
 * has written since. A step call, a timer or a recorded value is matched to the checkpoint at its
 * position: a checkpoint of another kind or name there, or a step's recorded arguments other than
 * those it is called with, means the workflow's code changed under a running version, and is a
 * {@link NonDeterminismException}. Pure: it reads and writes nothing.
 *
 * <p>Its own lock guards the list: the turn's thread reads it while branches on step threads make
 * their checkpoints from it, and commits update it.
 */
public final class ReplayLog {
  /** The prefix of a patch's marker: {@code patched:<patch id>}. */
  static final String PATCHED = "patched:";

  private final String runId;
  private final WorkflowKey workflow;
  private final Payloads payloads;
  private final List<CheckpointRecord> checkpoints;
  private final boolean decodesArgs;

  /**
   * @param checkpoints the run's checkpoints, in order of position
   * @param payloads encodes the arguments of a step call to compare them with those recorded
   * @param decodesArgs whether a matched step's recorded arguments must also decode into its
   * parameters' types, as a replay test checks ({@link Replays}); an engine's turn only compares
   * them with the call's, which a compatible change of type passes
   */
  ReplayLog(
      String runId, WorkflowKey workflow, List<CheckpointRecord> checkpoints, Payloads payloads,
      boolean decodesArgs) {
    this.runId = runId;
    this.workflow = workflow;
    this.payloads = payloads;
    this.checkpoints = new ArrayList<>(checkpoints);
    this.decodesArgs = decodesArgs;
  }

  /** How many positions have checkpoints: a call below it replays. */
  synchronized int size() {
    return checkpoints.size();
  }

  /** The checkpoint at {@code seq}, or null if none was written there yet. */
  synchronized CheckpointRecord at(int seq) {
    return seq < checkpoints.size() ? checkpoints.get(seq) : null;
  }

  /** Takes in a checkpoint once it is written: a new one at the end, else one replaced. */
  synchronized void written(Commit.CheckpointWrite write) {
    if (write.insert()) {
      checkpoints.add(write.record());
    } else {
      checkpoints.set(write.record().seq(), write.record());
    }
  }

  /** A checkpoint at {@code seq} of the kind of the one it replaces, else of a step. */
  public synchronized CheckpointBuilder checkpoint(int seq, String name) {
    CheckpointRecord replaced = at(seq);
    return checkpoint(seq, replaced != null ? replaced.kind() : CheckpointKind.STEP, name);
  }

  /** A checkpoint at {@code seq}, in the group of the one it replaces, if any. */
  public synchronized CheckpointBuilder checkpoint(int seq, CheckpointKind kind, String name) {
    CheckpointRecord replaced = at(seq);
    return CheckpointBuilder.at(runId, seq, kind, name)
        .group(replaced != null ? replaced.groupSeq() : null);
  }

  /**
   * The timer recorded at {@code seq}, or null if none was recorded there.
   *
   * @throws NonDeterminismException if something else was recorded there
   */
  CheckpointRecord matchSleep(int seq) {
    CheckpointRecord recorded = at(seq);
    if (recorded != null && recorded.kind() != CheckpointKind.SLEEP) {
      throw mismatch(seq, recorded, "a sleep");
    }
    return recorded;
  }

  /**
   * The value recorded at {@code seq} by the context's helper {@code name} ({@code now}, {@code
   * randomUUID}, {@code random}), or null if none was recorded there.
   *
   * @throws NonDeterminismException if something else was recorded there
   */
  public CheckpointRecord matchValue(int seq, String name) {
    return match(seq, CheckpointKind.VALUE, name, "ctx." + name + "()");
  }

  /**
   * The signal wait recorded at {@code seq} for signal {@code name}, or null if none was recorded
   * there.
   *
   * @throws NonDeterminismException if something else was recorded there
   */
  public CheckpointRecord matchSignal(int seq, String name) {
    return match(seq, CheckpointKind.SIGNAL, name, "a wait for signal '" + name + "'");
  }

  /**
   * The checkpoint recorded at {@code seq} for a call of {@code step} with {@code args}, local
   * ({@link CheckpointKind#STEP}) or dispatched ({@link CheckpointKind#REMOTE}); null if none was
   * recorded there.
   *
   * @throws NonDeterminismException if another step, or a timer, was recorded there, or the step
   *     with other arguments
   */
  CheckpointRecord matchStep(int seq, CheckpointKind kind, StepType<?> step, Object[] args) {
    CheckpointRecord recorded = at(seq);
    if (recorded == null) {
      return null;
    }
    String called = kind == CheckpointKind.REMOTE ? "dispatched step" : "step";
    if (recorded.kind() != kind || !recorded.name().equals(step.name())) {
      throw mismatch(seq, recorded, called + " '" + step.name() + "'");
    }
    requireRecordedArgs(seq, called, step, args, recorded);
    return recorded;
  }

  /**
   * The checkpoint of {@code kind} named {@code name} recorded at {@code seq}, or null if none was
   * recorded there.
   *
   * @param called what the code calls there, for the error: "a start of workflow 'payment'"
   * @throws NonDeterminismException if something else was recorded there
   */
  public CheckpointRecord match(int seq, CheckpointKind kind, String name, String called) {
    CheckpointRecord recorded = at(seq);
    if (recorded != null && (recorded.kind() != kind || !recorded.name().equals(name))) {
      throw mismatch(seq, recorded, called);
    }
    return recorded;
  }

  private NonDeterminismException mismatch(int seq, CheckpointRecord recorded, String now) {
    return new NonDeterminismException(
        "run " + runId + " of " + workflow + " called " + now + " at position " + seq
            + ", where it had recorded " + describe(recorded) + ": the workflow's code changed"
            + " under a running version; deploy the old code for this version, or give the changed"
            + " workflow a new version");
  }

  /** What the code called to record {@code recorded}: "step 'charge'", "a sleep"... */
  public static String describe(CheckpointRecord recorded) {
    return switch (recorded.kind()) {
      case SLEEP -> "a sleep";
      case CHILD -> "a start of workflow '" + recorded.name() + "'";
      case AWAIT -> "an await of a run of workflow '" + recorded.name() + "'";
      case VALUE -> recorded.name().startsWith(PATCHED)
          ? "ctx.patched(\"" + recorded.name().substring(PATCHED.length()) + "\")"
          : recorded.input() != null // an event's or a stream's key (RunValueWrites)
              ? "ctx." + recorded.name() + "(\"" + recorded.input() + "\")"
              : "ctx." + recorded.name() + "()";
      case STEP, REMOTE -> "step '" + recorded.name() + "'";
      case SIGNAL -> "a wait for signal '" + recorded.name() + "'";
    };
  }

  /**
   * Fails the run if a step matched to its checkpoint is called with arguments other than those
   * recorded there: replaying its recorded outcome would answer another question. Compared as
   * encoded, which costs an encoding per replayed step and no read.
   */
  private void requireRecordedArgs(
      int seq, String called, StepType<?> step, Object[] args, CheckpointRecord recorded) {
    if (recorded.input() == null) {
      return; // its arguments could not be stored, and it failed for that
    }
    String where = "the recorded arguments of " + called + " '" + step.name() + "' at position "
        + seq;
    if (decodesArgs) {
      try {
        payloads.decodeArgs(step.params(), recorded.input());
      } catch (PayloadCodecException e) {
        throw new RecordedUndecodable(where, e); // not this code's doing: the run is set aside
      } catch (PayloadException e) {
        throw new NonDeterminismException(
            "run " + runId + " of " + workflow + " recorded at position " + seq + " arguments of "
                + called + " '" + step.name() + "' that no longer decode into its parameters' types"
                + " (" + e.getMessage() + "): a parameter's type changed incompatibly under a"
                + " running version; keep the old type, or give the changed workflow a new"
                + " version");
      }
    }
    Optional<String> difference;
    try {
      difference = payloads.argsDiffer(step.params(), args, recorded.input());
    } catch (PayloadCodecException e) {
      throw new RecordedUndecodable(where, e);
    }
    if (difference.isPresent()) {
      throw new NonDeterminismException(
          "run " + runId + " of " + workflow + " called " + called + " '" + step.name()
              + "' at position " + seq + " with arguments other than those it recorded there ("
              + difference.get() + "): the workflow's code changed under a running version, or"
              + " passes the step a value that is not deterministic (the time, a random number);"
              + " deploy the old code for this version, or give the changed workflow a new"
              + " version");
    }
  }
}
