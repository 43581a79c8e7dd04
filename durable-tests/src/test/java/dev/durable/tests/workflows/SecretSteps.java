package dev.durable.tests.workflows;

import dev.durable.annotations.Step;

/** A step contract served by a worker, whose argument and result carry a secret. */
public interface SecretSteps {
  @Step(name = "secret.note")
  String note(String secret);
}
