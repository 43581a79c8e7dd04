package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.SignalBody;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Turn;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * What {@code Retry.with} does (its {@code Runner}, through {@code Factories}): the call is made
 * with the current turn replaced by one that gives each step it makes the policy instead of its
 * declared one, and hands everything on to the current turn. Outside a run the call is simply
 * made.
 */
public final class RetryOverrides {
  private RetryOverrides() {}

  public static <R> R with(RetryPolicy policy, Supplier<R> call) {
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
