package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.Parallel;
import java.util.List;
import java.util.stream.IntStream;

/** One dispatched step, or a fan of {@code fan} of them over 0..fan-1 summed. */
@Workflow(name = "bench-dispatch")
public class DispatchBenchWorkflow {
  private final BenchSteps steps;

  public DispatchBenchWorkflow(BenchSteps steps) {
    this.steps = steps;
  }

  @Run
  public int run(DispatchJob job) {
    if (job.fan() == 0) {
      return steps.echo(job.x());
    }
    List<Integer> inputs = IntStream.range(0, job.fan()).boxed().toList();
    return Parallel.fan(inputs, BenchStepsDispatch.durable(), BenchStepsDispatch.Durable::echo)
        .stream().mapToInt(Integer::intValue).sum();
  }
}
