package dev.durable.samples.boot;

import dev.durable.annotations.Step;

/**
 * A step contract: its steps run on workers, here the one the starter builds for the {@link
 * Mailer} bean. The workflow calls them through the generated {@code MailStepsDispatch}.
 */
public interface MailSteps {
  @Step(name = "mail.confirm", retries = 5, backoffMs = 1_000)
  void confirm(String to, String text);
}
