package dev.durable.runtime.observe;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.annotations.Backoff;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import dev.durable.runtime.spi.WorkflowType;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Workflows written as the processor would generate them (this module cannot run the processor):
 * each is its own {@link DurableWorkflow}, its steps called through {@link Steps}.
 */
final class Workflows {
  static final JavaType STRING = TypeFactory.defaultInstance().constructType(String.class);

  private Workflows() {}

  /** Workflow {@code flaky}: step {@code charge} fails its first attempt, then succeeds. */
  static final class Flaky implements DurableWorkflow<String> {
    static final WorkflowType<String> TYPE =
        WorkflowType.<String>builder("flaky", "1").result(STRING).build();
    static final StepType<String> CHARGE = StepType.<String>builder("charge")
        .retry(RetryPolicy.of(3, Backoff.FIXED, 0, 0, false))
        .result(STRING)
        .build();

    final AtomicInteger attempts = new AtomicInteger();

    @Override
    public WorkflowType<String> workflowType() {
      return TYPE;
    }

    @Override
    public String execute(WorkflowContext context, Object[] input) {
      return Steps.call(CHARGE, new Object[] {}, step -> {
        if (attempts.incrementAndGet() == 1) {
          throw new IllegalStateException("the payment service is down");
        }
        return "charged";
      });
    }
  }

  /** Workflow {@code doomed}: step {@code explode} fails, and with it the run. */
  static final class Doomed implements DurableWorkflow<String> {
    static final WorkflowType<String> TYPE =
        WorkflowType.<String>builder("doomed", "1").result(STRING).build();
    static final StepType<String> EXPLODE =
        StepType.<String>builder("explode").result(STRING).build();

    @Override
    public WorkflowType<String> workflowType() {
      return TYPE;
    }

    @Override
    public String execute(WorkflowContext context, Object[] input) {
      return Steps.call(EXPLODE, new Object[] {}, step -> {
        throw new IllegalStateException("boom");
      });
    }
  }

  /** Workflow {@code queued}: step {@code work}, in queue {@code slow}, waits to be released. */
  static final class Queued implements DurableWorkflow<String> {
    static final WorkflowType<String> TYPE =
        WorkflowType.<String>builder("queued", "1").result(STRING).build();
    static final StepType<String> WORK =
        StepType.<String>builder("work").queue("slow").result(STRING).build();

    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public WorkflowType<String> workflowType() {
      return TYPE;
    }

    @Override
    public String execute(WorkflowContext context, Object[] input) {
      return Steps.call(WORK, new Object[] {}, step -> {
        if (!release.await(1, TimeUnit.MINUTES)) {
          throw new IllegalStateException("the test never released the step");
        }
        return "worked";
      });
    }
  }

  /** Workflow {@code remote}: dispatches step {@code pricing.quote} to a worker. */
  static final class Remote implements DurableWorkflow<String> {
    static final WorkflowType<String> TYPE =
        WorkflowType.<String>builder("remote", "1").result(STRING).build();
    static final StepType<String> QUOTE =
        StepType.<String>builder("pricing.quote").result(STRING).build();

    @Override
    public WorkflowType<String> workflowType() {
      return TYPE;
    }

    @Override
    public String execute(WorkflowContext context, Object[] input) {
      return Steps.dispatch(QUOTE, new Object[] {});
    }
  }
}
