package dev.durable.runtime;

import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.SignalBody;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Turn;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Per-call overrides of a step's declared retry policy, from a workflow's {@code @Run} method:
 *
 * <pre>{@code
 * Quote quote = Retry.with(RetryPolicy.of(8, Backoff.FIXED, 250, 0, false),
 *     () -> pricing.quote(order));
 * }</pre>
 *
 * <p>Every step the call makes (local or dispatched, a fan's branches included) retries by the
 * given policy; the rest of the step's declaration (its name, timeouts, non-retryable errors)
 * stands. The override is code, so each replay applies it again; the attempts already made count
 * against it. Outside a run the call is simply made.
 */
public final class Retry {
  private Retry() {}

  /** Makes {@code call}, whose steps retry by {@code policy}, and returns its result. */
  public static <R> R with(RetryPolicy policy, Supplier<R> call) {
    Objects.requireNonNull(policy, "policy");
    Turn turn = CurrentTurn.get();
    if (turn == null) {
      return call.get();
    }
    try {
      return CurrentTurn.with(new Overriding(turn, policy), call::get);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@link #with(RetryPolicy, Supplier)} for a call without a result. */
  public static void with(RetryPolicy policy, Runnable call) {
    with(policy, () -> {
      call.run();
      return null;
    });
  }

  /** The current turn, with each step's retry policy replaced. */
  private record Overriding(Turn turn, RetryPolicy policy) implements Turn {
    @Override
    public <T> T step(StepType<T> step, Object[] args, StepBody<T> body) {
      return turn.step(step.withRetry(policy), args, body);
    }

    @Override
    public <T> T dispatch(StepType<T> step, Object[] args) {
      return turn.dispatch(step.withRetry(policy), args);
    }

    @Override
    public List<Object> parallel(List<StepCall> calls) {
      return turn.parallel(calls.stream()
          .map(call -> new StepCall(call.step().withRetry(policy), call.args(), call.body()))
          .toList());
    }

    @Override
    public <T> T signal(SignalType<T> signal, Duration wait, SignalBody<T> onTimeout) {
      return turn.signal(signal, wait, onTimeout);
    }
  }
}
