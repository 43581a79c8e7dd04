package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.RunLog;
import dev.durable.runtime.spi.DurableWorkflow;
import java.util.List;

/**
 * A turn's call of the workflow's code: its {@code @Run} method, and, when that fails for good,
 * the failure handling the workflow declares, in the same turn and at the positions that follow
 * the failure: the {@code @OnError} route for the failure's code; else, or when the route itself
 * fails, the compensations of the completed steps that have one, the last completed first, then
 * the {@code @OnFailure} clean-up; the run keeps the original failure's code, with the route's
 * failure in its message.
 * Every turn calls it the same way, so a replay meets the recorded failure again and replays the
 * handling's checkpoints after it. {@code RunExecutor} records how it ended.
 */
public final class WorkflowBody {
  private WorkflowBody() {}

  /**
   * How the workflow's code ended without throwing: the {@code @Run} method's result, or that of
   * the {@code @OnError} route its failure took ({@code routed}: the failure; null if none), or,
   * after its compensations and {@code @OnFailure} clean-up, the failure to record ({@code
   * failed}).
   */
  public record Ended<R>(R result, RunError routed, RunError failed) {}

  /**
   * Calls the {@code @Run} method and, when it fails for good, the failure handling: on every
   * turn, so that a replay meets the same recorded failure and replays the handling's steps after
   * it, at the positions that follow.
   */
  public static <R> Ended<R> run(DurableWorkflow<R> workflow, TurnImpl turn, Object[] input)
      throws Exception {
    try {
      return new Ended<>(workflow.execute(turn, input), null, null);
    } catch (TurnStop | VirtualMachineError stop) {
      throw stop;
    } catch (Throwable error) {
      if (turn.stopped().isPresent()) {
        throw error;
      }
      RunError failure = Errors.ofWorkflow(error);
      if (workflow.errorRoutes().contains(failure.code())) {
        try {
          return new Ended<>(workflow.onError(turn, input, failure), failure, null);
        } catch (TurnStop | VirtualMachineError stop) {
          throw stop;
        } catch (Throwable routeError) {
          if (turn.stopped().isPresent()) {
            throw routeError;
          }
          // the route could not complete the run: it fails as it would have without one
          RunLog.routeFailed(turn.runId(), failure, Errors.messageOf(routeError));
          failure = new RunError(failure.message() + "; the @OnError route failed too: "
              + Errors.messageOf(routeError), failure.code(), failure.type(), failure.step());
        }
      }
      List<Compensations.Due> due = turn.compensationsDue();
      if (due.isEmpty() && !workflow.cleansUpOnFailure()) {
        return new Ended<>(null, null, failure);
      }
      turn.beginFailureHandling(failure, due);
      for (Compensations.Due compensation : due) {
        RunError failed = compensate(workflow, turn, compensation, failure);
        if (failed != null) {
          return new Ended<>(null, null, failed); // no clean-up until the compensations are done
        }
      }
      if (!workflow.cleansUpOnFailure()) {
        return new Ended<>(null, null, failure);
      }
      return new Ended<>(null, null, cleanUp(workflow, turn, input, failure));
    }
  }

  /**
   * Calls one compensation; returns null when it undid its step, else the error to record: the
   * run failed with {@code compensation_failed}.
   */
  private static RunError compensate(
      DurableWorkflow<?> workflow, TurnImpl turn, Compensations.Due due, RunError failure)
      throws Exception {
    try {
      workflow.compensate(turn, due.step().name(), due.args(), due.result());
      return null;
    } catch (TurnStop | VirtualMachineError stop) {
      throw stop;
    } catch (Throwable error) {
      if (turn.stopped().isPresent()) {
        throw error;
      }
      RunError failed = Errors.compensationFailed(failure, due.step(), due.seq(), error);
      RunLog.compensationFailed(turn.runId(), failed);
      return failed;
    }
  }

  /**
   * Calls the {@code @OnFailure} method after the run failed for good with {@code failure}; returns
   * the error to record: {@code failure}, with what the clean-up's own failure said, if it failed.
   */
  private static RunError cleanUp(
      DurableWorkflow<?> workflow, TurnImpl turn, Object[] input, RunError failure)
      throws Exception {
    try {
      workflow.onFailure(turn, input, failure);
      return failure;
    } catch (TurnStop | VirtualMachineError stop) {
      throw stop;
    } catch (Throwable cleanupError) {
      if (turn.stopped().isPresent()) {
        throw cleanupError;
      }
      RunLog.cleanupFailed(turn.runId(), failure, Errors.messageOf(cleanupError));
      return new RunError(
          failure.message() + "; the @OnFailure clean-up failed too: "
              + Errors.messageOf(cleanupError),
          failure.code(), failure.type(), failure.step());
    }
  }

}
