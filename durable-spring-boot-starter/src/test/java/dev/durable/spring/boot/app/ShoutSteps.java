package dev.durable.spring.boot.app;

import dev.durable.annotations.Step;

/** A step contract: its steps run on workers. */
public interface ShoutSteps {
  @Step(name = "shout")
  String shout(String text);
}
