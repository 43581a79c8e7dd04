package dev.durable.samples.boot;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;

/**
 * Sends mails; here, keeps them, so that one can see what was sent. It implements the step
 * contract {@link MailSteps}, so the starter's worker serves the contract's steps with it.
 */
@Component
public class Mailer implements MailSteps {
  private final List<String> sent = new CopyOnWriteArrayList<>();

  @Override
  public void confirm(String to, String text) {
    sent.add(to + ": " + text);
  }

  public List<String> sent() {
    return List.copyOf(sent);
  }
}
