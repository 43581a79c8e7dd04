package dev.durable.dashboard;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Hands the JDK server's exchanges to the {@link Router} and writes its answers, with the headers
 * every answer carries: a Content-Security-Policy that allows only the dashboard's own style sheet
 * and script (no inline script), no framing, no caching of pages, no referrer.
 *
 * <p>A dashboard bound to a loopback address answers only requests whose {@code Host} names a
 * loopback address or {@code localhost}: a page of another site that gets its own name resolved to
 * 127.0.0.1 (DNS rebinding) cannot read this one.
 */
final class HttpAdapter implements HttpHandler {
  /** The largest form accepted: a signal's JSON value and a little more. */
  static final int MAX_FORM_BYTES = 2 * 1024 * 1024;

  private static final String POLICY = "default-src 'none'; style-src 'self'; script-src 'self';"
      + " connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none';"
      + " base-uri 'none'";
  private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

  private final Router router;
  private final boolean loopbackOnly;

  HttpAdapter(Router router, boolean loopbackOnly) {
    this.router = router;
    this.loopbackOnly = loopbackOnly;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Response response = respond(exchange);
      var headers = exchange.getResponseHeaders();
      headers.set("Content-Type", response.contentType());
      headers.set("Content-Security-Policy", POLICY);
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("X-Frame-Options", "DENY");
      headers.set("Referrer-Policy", "no-referrer");
      headers.set("Cache-Control", "no-store");
      for (Map.Entry<String, String> header : response.headers().entrySet()) {
        headers.set(header.getKey(), header.getValue());
      }
      boolean head = exchange.getRequestMethod().equals("HEAD");
      byte[] body = response.body();
      exchange.sendResponseHeaders(response.status(), head || body.length == 0 ? -1 : body.length);
      if (!head && body.length > 0) {
        exchange.getResponseBody().write(body);
      }
    }
  }

  private Response respond(HttpExchange exchange) throws IOException {
    String host = exchange.getRequestHeaders().getFirst("Host");
    if (loopbackOnly && !loopbackHost(host)) {
      return plain(421, "This dashboard answers only requests for 127.0.0.1 or localhost.");
    }
    String form = "";
    if (exchange.getRequestMethod().equals("POST")) {
      String type = exchange.getRequestHeaders().getFirst("Content-Type");
      if (type == null || !type.toLowerCase(Locale.ROOT)
          .startsWith("application/x-www-form-urlencoded")) {
        return plain(415, "Actions are posted as HTML forms (application/x-www-form-urlencoded).");
      }
      try (InputStream in = exchange.getRequestBody()) {
        byte[] bytes = in.readNBytes(MAX_FORM_BYTES + 1);
        if (bytes.length > MAX_FORM_BYTES) {
          return plain(413, "The form is larger than " + MAX_FORM_BYTES + " bytes.");
        }
        form = new String(bytes, StandardCharsets.UTF_8);
      }
    }
    var uri = exchange.getRequestURI();
    Request request = new Request(exchange.getRequestMethod(), uri.getRawPath(),
        Request.parameters(uri.getRawQuery()), Request.parameters(form),
        exchange.getRequestHeaders().getFirst("Cookie"),
        exchange.getRequestHeaders().containsKey("X-Durable-Refresh"),
        exchange.getRemoteAddress().getAddress().getHostAddress());
    return router.respond(request);
  }

  private static Response plain(int status, String text) {
    return new Response(status, "text/plain; charset=utf-8",
        text.getBytes(StandardCharsets.UTF_8), new java.util.LinkedHashMap<>());
  }

  /** Whether a {@code Host} header names a loopback address (any port). */
  static boolean loopbackHost(String host) {
    if (host == null) {
      return false;
    }
    String name = host.toLowerCase(Locale.ROOT);
    int colon = name.lastIndexOf(':');
    if (colon > 0 && name.indexOf(']') < colon) {
      name = name.substring(0, colon);
    }
    return LOOPBACK_NAMES.contains(name);
  }
}
