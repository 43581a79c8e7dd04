package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code durable-cli dashboard} leaves an audit line at INFO, by default, for every login, every
 * wrong token and every action: who (the session and the client's address), what, which run.
 */
class DashboardAuditTest {
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String TOKEN = "audit-test-token-0123456789";

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void loginsWrongTokensAndActionsAreLoggedWithWhoAndWhere() throws Exception {
    String url = "jdbc:h2:mem:audit-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    DurableEngine.builder().jdbcUrl(url).discover(false).build().close();
    StringWriter out = new StringWriter();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream stderr = System.err;
    AtomicInteger code = new AtomicInteger(-1);
    Thread serving = new Thread(() -> code.set(DurableCli.run(new PrintWriter(out, true),
        new PrintWriter(new StringWriter(), true), Map.of("DURABLE_DASHBOARD_TOKEN", TOKEN),
        "--jdbc-url", url, "dashboard", "--port", "0")));
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    serving.start();
    try {
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (!out.toString().contains("\n") && serving.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      URI base = URI.create(out.toString().split(" ")[2].trim());

      assertEquals(403, post(base.resolve("/login"), "token=wrong-token-000000000", null)
          .statusCode());
      HttpResponse<String> login = post(base.resolve("/login"), "token=" + TOKEN, null);
      assertEquals(303, login.statusCode());
      String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
      String page = http.send(HttpRequest.newBuilder(base.resolve("/workers"))
          .header("Cookie", cookie).build(), HttpResponse.BodyHandlers.ofString()).body();
      Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page);
      assertTrue(csrf.find(), page);
      assertEquals(303, post(base.resolve("/runs/no-such-run/requeue"),
          "csrf=" + csrf.group(1), cookie).statusCode());
    } finally {
      serving.interrupt();
      serving.join(WAIT.toMillis());
      System.setErr(stderr);
    }
    assertEquals(0, code.get());
    String lines = log.toString(StandardCharsets.UTF_8);
    assertTrue(lines.contains("dashboard audit: a login from 127.0.0.1 with a wrong token was"
        + " refused (1 in a row)"), lines);
    assertTrue(lines.contains("dashboard audit: session 1 logged in from 127.0.0.1"), lines);
    assertTrue(lines.contains("dashboard audit: session 1 from 127.0.0.1: requeue on run"
        + " no-such-run: No run with id 'no-such-run' is stored."), lines);
  }

  private HttpResponse<String> post(URI uri, String form, String cookie) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form));
    if (cookie != null) {
      request.header("Cookie", cookie);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
