package dev.durable.runtime;

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
  public static <V extends DurableView, I, R> List<R> fan(
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
    public <V extends DurableView, R> Branch<R> add(V steps, Function<? super V, ? extends R> branch) {
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

  private static <R> List<R> run(List<? extends Supplier<? extends R>> branches) {
    return Loaded.RUNNER.run(branches);
  }

  /**
   * Runs the branches of fans and groups: the runtime's implementation, found in {@code
   * META-INF/services} as the engine is, which reaches the run executing on the calling thread.
   * Not for users: call {@link Parallel#fan} and {@link Parallel#group}.
   */
  public interface Runner {
    /**
     * Runs {@code branches}, each calling one step, at once in the run executing on the calling
     * thread; outside a run, one after the other.
     *
     * @return the results, in the branches' order, once every branch has ended
     * @throws StepFailedException the first failed branch's error (in that order), once every
     *     branch has ended
     */
    <R> List<R> run(List<? extends Supplier<? extends R>> branches);
  }

  /** The runner, found when a fan or group first runs. */
  private static final class Loaded {
    static final Runner RUNNER = Providers.load(Runner.class);
  }
}
