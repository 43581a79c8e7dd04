package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Recorder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Waits for {@code count} signals, each followed by a step that records it: {@code decision} with a
 * limit of {@code waitMs} (its body answers "timed out"), or {@code approval} without limit when
 * {@code waitMs} is 0.
 */
@Workflow(name = "signals")
public class SignalWorkflow {
  private final Recorder recorder;

  public SignalWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Signal
  protected String decision(Duration wait) {
    recorder.record("timed out after " + wait);
    return "timed out";
  }

  @Signal(name = "approve")
  protected String approval() {
    return "never: the wait has no limit";
  }

  @Step
  protected String seen(int index, String value) {
    recorder.record(index + ":" + value);
    return value;
  }

  @Run
  public String run(int count, long waitMs) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String value = waitMs > 0 ? decision(Duration.ofMillis(waitMs)) : approval();
      values.add(seen(i, value));
    }
    return String.join(",", values);
  }
}
