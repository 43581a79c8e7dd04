package dev.durable.dashboard;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An HTTP request as the dashboard reads it: method, raw path, query and form parameters (the
 * first value of each), the {@code Cookie} header.
 *
 * @param liveRefresh whether the page's script fetches it again for live refresh (header {@code
 *     X-Durable-Refresh}): such a fetch leaves the last action's message for the page it is meant
 *     for, since one in flight may arrive between an action and the page it redirects to
 * @param client the address the request came from, as the audit log and the login's back-off
 *     name it
 */
record Request(
    String method, String rawPath, Map<String, String> query, Map<String, String> form,
    String cookie, boolean liveRefresh, String client) {

  /** A client whose address is not known (a request made in a test, not over HTTP). */
  static final String UNKNOWN_CLIENT = "unknown";

  Request {
    query = Collections.unmodifiableMap(query);
    form = Collections.unmodifiableMap(form);
  }

  /** A request from a client whose address is not known. */
  Request(String method, String rawPath, Map<String, String> query, Map<String, String> form,
      String cookie, boolean liveRefresh) {
    this(method, rawPath, query, form, cookie, liveRefresh, UNKNOWN_CLIENT);
  }

  /** A GET of {@code pathAndQuery} (for tests). */
  static Request get(String pathAndQuery) {
    int q = pathAndQuery.indexOf('?');
    return new Request("GET", q < 0 ? pathAndQuery : pathAndQuery.substring(0, q),
        q < 0 ? Map.of() : parameters(pathAndQuery.substring(q + 1)), Map.of(), null, false);
  }

  /** The parameters of a query string or an {@code application/x-www-form-urlencoded} body. */
  static Map<String, String> parameters(String encoded) {
    Map<String, String> parameters = new LinkedHashMap<>();
    if (encoded == null || encoded.isEmpty()) {
      return parameters;
    }
    for (String pair : encoded.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      parameters.putIfAbsent(name, value);
    }
    return parameters;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return text; // a stray %: taken literally
    }
  }

  /** One segment of a path, percent-decoded ({@code +} stays a plus sign). */
  static String pathSegment(String raw) {
    return decode(raw.replace("+", "%2B"));
  }
}
