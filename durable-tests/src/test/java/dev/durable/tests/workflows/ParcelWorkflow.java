package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * A step whose argument is a bean that the default mapper writes through its getter, and that a
 * mapper hiding getters cannot write at all ("No serializer found"): the run fails at that step,
 * after the step before it ran.
 */
@Workflow(name = "parcels")
public class ParcelWorkflow {

  /** A label, written through its getter. */
  public static class Parcel {
    private String label;

    public String getLabel() {
      return label;
    }

    public void setLabel(String label) {
      this.label = label;
    }
  }

  @Step
  protected String weigh(String label) {
    return label + " (2 kg)";
  }

  @Step
  protected String ship(Parcel parcel) {
    return "shipped " + parcel.getLabel();
  }

  @Run
  public String run(String label) {
    Parcel parcel = new Parcel();
    parcel.setLabel(weigh(label));
    return ship(parcel);
  }
}
