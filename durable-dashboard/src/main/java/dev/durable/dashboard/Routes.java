package dev.durable.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The dashboard's route table: one line per page or action, each a set of methods, a path pattern
 * and a handler. A pattern is literal segments and named ones in braces, {@code /runs/{id}/{action}};
 * a named segment matches one whole segment and reaches the handler percent-decoded. Whether a path
 * is unknown (404) or known under other methods (405) is read from the same table. {@code HEAD} is
 * answered as {@code GET}.
 *
 * @param <V> what a handler is given besides the path's segments (the router's visit)
 */
final class Routes<V> {
  /** Answers a request that matched a route, given its named segments. */
  @FunctionalInterface
  interface Handler<V> {
    Response handle(V visit, Map<String, String> segments);
  }

  /**
   * One line of the table. {@code open}: a POST that needs no login and no CSRF value (the login
   * itself); every other POST is checked before its handler runs.
   */
  record Route<V>(Set<String> methods, String pattern, boolean open, Handler<V> handler) {
    private List<String> parts() {
      return List.of(pattern.substring(1).split("/", -1));
    }

    /** The named segments if {@code path} matches this pattern. */
    Optional<Map<String, String>> match(String path) {
      if (pattern.equals("/") || path.equals("/")) {
        return pattern.equals(path) ? Optional.of(Map.of()) : Optional.empty();
      }
      List<String> parts = parts();
      String[] segments = path.substring(1).split("/", -1);
      if (segments.length != parts.size()) {
        return Optional.empty();
      }
      Map<String, String> named = new LinkedHashMap<>();
      for (int i = 0; i < segments.length; i++) {
        String part = parts.get(i);
        if (part.startsWith("{") && part.endsWith("}")) {
          named.put(part.substring(1, part.length() - 1), Request.pathSegment(segments[i]));
        } else if (!part.equals(segments[i])) {
          return Optional.empty();
        }
      }
      return Optional.of(named);
    }
  }

  /** What the table says of a request: a route and its segments, or why there is none. */
  sealed interface Match<V> {}

  record Found<V>(Route<V> route, Map<String, String> segments) implements Match<V> {}

  /** No route has this path. */
  record NotFound<V>() implements Match<V> {}

  /** Some route has this path, none with this method. */
  record NotAllowed<V>() implements Match<V> {}

  private final List<Route<V>> routes = new ArrayList<>();

  /** Adds a page answered to GET (and HEAD). */
  Routes<V> get(String pattern, Handler<V> handler) {
    return add(new Route<>(Set.of("GET"), pattern, false, handler));
  }

  /** Adds an action: a POST that needs a login and the session's CSRF value. */
  Routes<V> post(String pattern, Handler<V> handler) {
    return add(new Route<>(Set.of("POST"), pattern, false, handler));
  }

  /** Adds a form answered to GET and to a POST that needs no login (the login form). */
  Routes<V> getAndOpenPost(String pattern, Handler<V> handler) {
    return add(new Route<>(Set.of("GET", "POST"), pattern, true, handler));
  }

  private Routes<V> add(Route<V> route) {
    if (!route.pattern().startsWith("/")) {
      throw new IllegalArgumentException("a route's pattern starts with '/': " + route.pattern());
    }
    routes.add(route);
    return this;
  }

  /** The route for {@code method} on {@code path}, in the table's order, or why there is none. */
  Match<V> match(String method, String path) {
    String asked = method.equals("HEAD") ? "GET" : method;
    boolean known = false;
    for (Route<V> route : routes) {
      Optional<Map<String, String>> segments = route.match(path);
      if (segments.isPresent()) {
        if (route.methods().contains(asked)) {
          return new Found<>(route, segments.get());
        }
        known = true;
      }
    }
    return known ? new NotAllowed<>() : new NotFound<>();
  }

  /** Whether a POST to {@code path} needs no login (a route marked open takes it). */
  boolean openPost(String path) {
    return match("POST", path) instanceof Found<V> found && found.route().open();
  }
}
