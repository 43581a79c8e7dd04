package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * A dashboard page answered by its router over a real engine, without HTTP (the JDK's server and
 * client add their own delays, which are not the page's): what phase (n) times for the overview
 * and a run's page. In the dashboard's package, to reach its router.
 */
public final class RoutedPage {
  private RoutedPage() {}

  /** Answers {@code path} as a read-only dashboard over {@code engine} would; returns its size. */
  public static Callable<Integer> of(DurableEngine engine, String path) {
    Clock clock = Clock.systemUTC();
    Router router = new Router(engine, new Sessions(null, clock), clock, Duration.ofSeconds(2));
    Request request = Request.get(path);
    return () -> {
      Response response = router.respond(request);
      if (response.status() != 200) {
        throw new IllegalStateException(path + " answered " + response.status() + ": "
            + response.text());
      }
      return response.body().length;
    };
  }
}
