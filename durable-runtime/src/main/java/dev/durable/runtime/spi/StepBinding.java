package dev.durable.runtime.spi;

import dev.durable.runtime.StepService;
import java.util.List;

/**
 * A typed implementation of a step contract, as a worker serves it: generated as {@code
 * <Name>Worker.of(implementation)} and given to {@code DurableWorker.Builder.serve}, which takes it
 * as the API's {@link StepService}. The worker decodes each task's arguments with the step's stored
 * types, calls {@link #invoke}, and encodes the result.
 */
public interface StepBinding extends StepService {

  /** The contract's steps, as its generated {@code Dispatch} class declares them. */
  List<StepType<?>> steps();

  /**
   * Calls the implementation's method of step {@code step}.
   *
   * @param args the decoded arguments, in order
   * @return the result; null for a {@code void} step
   */
  Object invoke(String step, Object[] args) throws Exception;
}
