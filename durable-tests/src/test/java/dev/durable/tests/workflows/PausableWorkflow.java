package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * Two steps, and between them, as {@code mode} says, nothing, a durable sleep of a minute
 * ({@code sleep}) or a wait for the signal {@code go} ({@code signal}). The first step waits at the
 * gate named by {@code key}; each step records that it ran.
 */
@Workflow(name = "pausable")
public class PausableWorkflow {
  private final Gate gate;
  private final Recorder recorder;

  public PausableWorkflow(Gate gate, Recorder recorder) {
    this.gate = gate;
    this.recorder = recorder;
  }

  @Signal
  protected String go() {
    return "never: the wait has no limit";
  }

  @Step
  protected String first(String key) throws InterruptedException {
    recorder.record("first " + key);
    gate.pass(key);
    return "first";
  }

  @Step
  protected String second(String key) {
    recorder.record("second " + key);
    return "second";
  }

  @Run
  public String run(WorkflowContext ctx, String key, String mode) throws InterruptedException {
    String first = first(key);
    String between = switch (mode) {
      case "sleep" -> {
        ctx.sleep(Duration.ofMinutes(1));
        yield "slept";
      }
      case "signal" -> go();
      default -> "-";
    };
    return String.join(",", first, between, second(key));
  }
}
