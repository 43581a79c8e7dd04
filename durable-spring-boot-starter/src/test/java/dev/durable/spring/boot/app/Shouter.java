package dev.durable.spring.boot.app;

import java.util.Locale;

/** The implementation a worker serves {@link ShoutSteps} with. */
public class Shouter implements ShoutSteps {
  @Override
  public String shout(String text) {
    return text.toUpperCase(Locale.ROOT) + "!";
  }
}
