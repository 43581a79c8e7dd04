package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StepTimeoutError;
import dev.durable.runtime.internal.common.InjectedFaults;
import dev.durable.runtime.internal.common.RunMdc;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepType;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Makes one attempt of a step. Without a timeout the body runs on the turn's thread, outside the
 * turn (so that a step calling another step method simply calls it). With one it runs on a step
 * thread, and past its deadline the attempt is cancelled, its thread interrupted, and it fails with
 * {@link StepTimeoutError}. Timeouts are measured in real time, whatever the engine's clock. Either
 * way, cancelling the attempt's context (the run was cancelled) interrupts the thread running the
 * body. The attempt's thread has its run's {@link RunMdc} keys and the step's name.
 */
public final class AttemptRunner implements AutoCloseable {

  /** How an attempt ended: a value, or an error. */
  record Outcome<T>(T value, Throwable error) {}

  private final ExecutorService threads;
  private final Observer observer;
  private final InjectedFaults faults;

  /**
   * @param observer hands the current span on to the step threads
   * @param faults errors a test injects in place of attempts (none outside tests)
   * @param virtual whether step threads are virtual threads, a new one per attempt or branch;
   *     else platform threads, made as needed and kept a minute
   */
  public AttemptRunner(Observer observer, InjectedFaults faults, boolean virtual) {
    this.threads = virtual
        ? Threads.perTask("durable-step")
        : Executors.newCachedThreadPool(Threads.numbered("durable-step"));
    this.observer = observer;
    this.faults = faults;
  }

  <T> Outcome<T> run(StepType<T> step, StepBody<T> body, AttemptContext context) {
    Optional<Exception> injected = faults.takeNext(step.name());
    if (injected.isPresent()) {
      return new Outcome<>(null, injected.get());
    }
    if (step.timeoutMs() == 0) {
      try (RunMdc.Scope mdc = RunMdc.step(step.name())) {
        return new Outcome<>(
            CurrentTurn.with(null, () -> context.run(() -> body.run(context))), null);
      } catch (Throwable error) {
        return new Outcome<>(null, error);
      }
    }
    Future<T> attempt;
    try (RunMdc.Scope mdc = RunMdc.step(step.name())) {
      attempt = threads.submit(observer.withCurrentContext(
          RunMdc.carried(() -> context.run(() -> body.run(context)))));
    }
    try {
      return new Outcome<>(attempt.get(step.timeoutMs(), TimeUnit.MILLISECONDS), null);
    } catch (ExecutionException e) {
      return new Outcome<>(null, e.getCause());
    } catch (TimeoutException e) {
      context.cancel();
      attempt.cancel(true);
      return new Outcome<>(
          null, new StepTimeoutError(step.name(), context.attempt(), step.timeoutMs()));
    } catch (InterruptedException e) {
      context.cancel();
      attempt.cancel(true);
      Thread.currentThread().interrupt();
      return new Outcome<>(null, e);
    }
  }

  /** Runs {@code task} on a step thread, with this thread's MDC and span: a branch of a fan or group. */
  <T> Future<T> fork(Callable<T> task) {
    return threads.submit(observer.withCurrentContext(RunMdc.carried(task)));
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }
}
