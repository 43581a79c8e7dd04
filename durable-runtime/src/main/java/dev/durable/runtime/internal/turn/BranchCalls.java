package dev.durable.runtime.internal.turn;

import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.SignalBody;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What {@code Parallel}'s fans and groups do (its {@code Runner}, through {@code Factories}): each
 * branch is run once against a turn that records its step call instead of making it, and the calls
 * recorded go to the current turn's {@link Turn#parallel}, which runs them as branches at
 * consecutive positions ({@link Fans}). Outside a run the branches simply run one after the other.
 */
public final class BranchCalls {
  private BranchCalls() {}

  @SuppressWarnings("unchecked")
  public static <R> List<R> run(List<? extends Supplier<? extends R>> branches) {
    Turn turn = CurrentTurn.get();
    List<R> results = new ArrayList<>();
    if (turn == null) {
      for (Supplier<? extends R> branch : branches) {
        results.add(branch.get());
      }
      return results;
    }
    List<StepCall> calls = new ArrayList<>();
    for (Supplier<? extends R> branch : branches) {
      calls.add(record(branch));
    }
    for (Object value : turn.parallel(calls)) {
      results.add((R) value);
    }
    return results;
  }

  /** The step call a branch makes, recorded instead of made. */
  private static StepCall record(Supplier<?> branch) {
    try {
      CurrentTurn.with(Recorder.INSTANCE, branch::get);
    } catch (Recorded recorded) {
      return recorded.call;
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    throw new IllegalStateException(
        "a branch of a fan or group must call exactly one step, but this one returned without"
            + " calling any");
  }

  /** Records a branch's step call and stops the branch there. */
  private enum Recorder implements Turn {
    INSTANCE;

    @Override
    public <T> T step(StepType<T> step, Object[] args, StepBody<T> body) {
      throw new Recorded(new StepCall(step, args, body));
    }

    @Override
    public <T> T dispatch(StepType<T> step, Object[] args) {
      if (step.timeoutMs() > 0) {
        throw new IllegalArgumentException(
            step + " has a liveness window (timeoutMs) and cannot be a branch of a fan or group,"
                + " which accept dispatched steps on the durable path only; call it on its own,"
                + " or call the contract's durable() view, which does not offer it");
      }
      throw new Recorded(new StepCall(step, args, null));
    }

    @Override
    public List<Object> parallel(List<StepCall> calls) {
      throw new IllegalStateException(
          "a branch of a fan or group must call one step, not start another fan or group");
    }

    @Override
    public <T> T signal(SignalType<T> signal, Duration wait, SignalBody<T> onTimeout) {
      throw new IllegalStateException(
          "a branch of a fan or group must call one step, not wait for " + signal
              + "; wait for it before or after the fan");
    }
  }

  /** Thrown by the recorder to stop a branch at its step call. */
  private static final class Recorded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient StepCall call;

    Recorded(StepCall call) {
      super(null, null, false, false);
      this.call = call;
    }
  }
}
