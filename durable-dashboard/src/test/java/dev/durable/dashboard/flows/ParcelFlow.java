package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Sends a parcel whose label cannot be stored: the step's arguments fail to encode, so the run
 * fails with an error the engine makes itself (code {@code invalid_input}).
 */
@Workflow(name = "parcel")
public class ParcelFlow {
  /** A value Jackson cannot write: reading its label throws. */
  public record Parcel(String label) {
    @Override
    public String label() {
      throw new IllegalStateException("the label is smudged");
    }
  }

  @Step
  protected String send(Parcel parcel) {
    return "sent";
  }

  @Run
  public String run(String label) {
    return send(new Parcel(label));
  }
}
