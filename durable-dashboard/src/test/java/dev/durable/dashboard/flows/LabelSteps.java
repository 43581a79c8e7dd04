package dev.durable.dashboard.flows;

import dev.durable.annotations.Step;

/** A step contract served by workers: printing a parcel's label. */
public interface LabelSteps {
  String PRINT = "label.print";

  @Step(name = PRINT)
  String print(String parcel);
}
