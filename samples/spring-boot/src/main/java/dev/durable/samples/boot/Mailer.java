package dev.durable.samples.boot;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;

/** Sends mails; here, keeps them, so that one can see what was sent. */
@Component
public class Mailer {
  private final List<String> sent = new CopyOnWriteArrayList<>();

  public void send(String to, String text) {
    sent.add(to + ": " + text);
  }

  public List<String> sent() {
    return List.copyOf(sent);
  }
}
