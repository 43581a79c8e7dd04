package dev.durable.runtime;

import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.DurableSteps;
import dev.durable.runtime.spi.SignalBody;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs steps of a workflow at once, from its {@code @Run} method: a <b>fan</b> calls one step over
 * many inputs, a <b>group</b> calls different steps. Each branch calls exactly one step and has a
 * checkpoint of its own, so a replay returns the branches that completed and runs the rest.
 *
 * <pre>{@code
 * // local steps of the workflow run on the engine's threads, each retrying on its own
 * List<Receipt> receipts = Parallel.fan(orders, order -> charge(order));
 *
 * // dispatched steps are queued together; the run suspends until the workers have answered
 * List<Quote> quotes =
 *     Parallel.fan(carriers, PricingStepsDispatch.durable(), (pricing, c) -> pricing.quote(c));
 *
 * Parallel.Group group = Parallel.group();
 * Parallel.Branch<Quote> quote = group.add(PricingStepsDispatch.durable(), p -> p.quote("ups"));
 * Parallel.Branch<Slot> slot = group.add(() -> reserve(order));
 * group.run();
 * ship(quote.get(), slot.get());
 * }</pre>
 *
 * <p>Dispatched steps join through their contract's generated {@code durable()} view, which holds
 * only the steps on the durable path: a step with a liveness window ({@code timeoutMs}) is not on
 * it, so a fan of one does not compile. A branch of a local step waits out its backoff in process,
 * as the other branches go on.
 *
 * <p>The call returns once every branch has ended: with the results in the branches' order, or by
 * throwing the first failed branch's {@link StepFailedException} (in that order). Outside a run (in
 * a unit test of the workflow) the branches simply run one after the other.
 */
public final class Parallel {
  private Parallel() {}

  /**
   * Calls the one local step that {@code branch} calls, for each input at once.
   *
   * @return the results, in the inputs' order
   */
  public static <I, R> List<R> fan(
      Collection<? extends I> inputs, Function<? super I, ? extends R> branch) {
    List<Supplier<? extends R>> branches = new ArrayList<>();
    for (I input : inputs) {
      branches.add(() -> branch.apply(input));
    }
    return run(branches);
  }

  /**
   * Calls the one dispatched step that {@code branch} calls on a contract's durable view ({@code
   * <Name>Dispatch.durable()}), for each input at once.
   *
   * @return the results, in the inputs' order
   */
  public static <V extends DurableSteps, I, R> List<R> fan(
      Collection<? extends I> inputs, V steps,
      BiFunction<? super V, ? super I, ? extends R> branch) {
    Objects.requireNonNull(steps, "steps");
    List<Supplier<? extends R>> branches = new ArrayList<>();
    for (I input : inputs) {
      branches.add(() -> branch.apply(steps, input));
    }
    return run(branches);
  }

  /** Starts a group of branches that call different steps. */
  public static Group group() {
    return new Group();
  }

  /** Branches added one by one, then run together by {@link #run()}. */
  public static final class Group {
    private final List<Supplier<?>> branches = new ArrayList<>();
    private final List<Branch<?>> results = new ArrayList<>();
    private boolean ran;

    private Group() {}

    /** Adds a branch that calls one local step of the workflow. */
    public <R> Branch<R> add(Supplier<? extends R> branch) {
      if (ran) {
        throw new IllegalStateException("the group has run; start another with Parallel.group()");
      }
      branches.add(Objects.requireNonNull(branch, "branch"));
      Branch<R> result = new Branch<>();
      results.add(result);
      return result;
    }

    /** Adds a branch that calls one dispatched step on a contract's durable view. */
    public <V extends DurableSteps, R> Branch<R> add(V steps, Function<? super V, ? extends R> branch) {
      Objects.requireNonNull(steps, "steps");
      Objects.requireNonNull(branch, "branch");
      return add(() -> branch.apply(steps));
    }

    /**
     * Runs the branches at once and returns when all have ended; then each {@link Branch#get()}
     * holds its result.
     *
     * @throws StepFailedException the first failed branch's error, once all have ended
     */
    @SuppressWarnings("unchecked")
    public void run() {
      if (ran) {
        throw new IllegalStateException("the group has run already");
      }
      ran = true;
      List<Object> values = Parallel.run((List<Supplier<?>>) (List<?>) branches);
      for (int i = 0; i < values.size(); i++) {
        ((Branch<Object>) results.get(i)).set(values.get(i));
      }
    }
  }

  /** The result of one branch of a {@link Group}, there once the group has run. */
  public static final class Branch<R> {
    private R value;
    private boolean set;

    private Branch() {}

    private void set(R value) {
      this.value = value;
      this.set = true;
    }

    /** The branch's result. */
    public R get() {
      if (!set) {
        throw new IllegalStateException("the group has not run yet: call run() first");
      }
      return value;
    }
  }

  @SuppressWarnings("unchecked")
  private static <R> List<R> run(List<? extends Supplier<? extends R>> branches) {
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
