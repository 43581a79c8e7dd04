package dev.durable.spring.boot.app;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Where the approval workflow "mails" its links: the tokens it hands out. */
public class Mailbox {
  private final List<String> tokens = new CopyOnWriteArrayList<>();

  public void mail(String token) {
    tokens.add(token);
  }

  public List<String> tokens() {
    return tokens;
  }
}
