package dev.durable.samples.expense;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The managers' e-mail, as far as the sample needs one: the approval links sent to them. */
public final class Inbox {
  private final List<String> links = new CopyOnWriteArrayList<>();

  void send(String link) {
    links.add(link);
  }

  /** The links sent so far, oldest first. */
  public List<String> links() {
    return List.copyOf(links);
  }
}
