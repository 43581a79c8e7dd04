package dev.durable.dashboard;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the dashboard answers: a status, a body and its type, and extra headers. */
record Response(int status, String contentType, byte[] body, Map<String, String> headers) {

  static Response html(int status, String page) {
    return new Response(status, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8),
        new LinkedHashMap<>());
  }

  /** A redirect to {@code location} after a POST, so that reloading the page repeats nothing. */
  static Response seeOther(String location) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Location", location);
    return new Response(303, "text/plain; charset=utf-8", new byte[0], headers);
  }

  Response withHeader(String name, String value) {
    headers.put(name, value);
    return this;
  }

  /** The body as text (for tests). */
  String text() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
