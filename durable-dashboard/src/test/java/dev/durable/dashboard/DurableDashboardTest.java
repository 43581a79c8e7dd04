package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.EchoFlowClient;
import dev.durable.dashboard.flows.EchoFlowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.codec.PayloadCodec;
import dev.durable.runtime.codec.PayloadCodecs;
import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.Trigger;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerCounters;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dashboard as served over HTTP: where it listens, the headers every answer carries, and the
 * requests it refuses before any page is made (another site's Host, a POST that is not a form).
 */
class DurableDashboardTest {
  private Database db;
  private DurableEngine engine;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void openEngine() {
    db = TestStore.H2.open();
    engine = db.engine().build();
  }

  @AfterEach
  void closeEngine() {
    engine.close();
    db.close();
  }

  private HttpResponse<String> get(DurableDashboard dashboard, String path) throws Exception {
    return http.send(HttpRequest.newBuilder(dashboard.url().resolve(path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void itListensOnLoopbackAtTheChosenPortAndAnswersWithProtectiveHeaders() throws Exception {
    try (DurableDashboard dashboard = DurableDashboard.builder().engine(engine).port(0).start()) {
      assertTrue(dashboard.port() > 0);
      assertEquals(URI.create("http://127.0.0.1:" + dashboard.port() + "/"), dashboard.url());

      HttpResponse<String> page = get(dashboard, "/");
      assertEquals(200, page.statusCode());
      assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").get());
      String policy = page.headers().firstValue("Content-Security-Policy").get();
      assertTrue(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"),
          policy);
      assertEquals("nosniff", page.headers().firstValue("X-Content-Type-Options").get());
      assertEquals("no-store", page.headers().firstValue("Cache-Control").get());
      assertTrue(page.body().contains("No runs match"), page.body());
      assertEquals(200, get(dashboard, "/static/dashboard.js").statusCode());
      assertEquals(404, get(dashboard, "/static/../../etc/passwd").statusCode());
    }
  }

  /**
   * A run whose engines encrypt payloads: a dashboard over an engine without the keys names what
   * encoded its input and under which key, never the input; over an engine with them, the input.
   */
  @Test
  void anEncryptedPayloadShowsAsItsKeyUnlessTheEngineHasIt() throws Exception {
    PayloadCodec codec = PayloadCodecs.aesGcm(
        Map.of("k1", new SecretKeySpec(new byte[16], "AES")), "k1");
    String runId;
    try (DurableEngine writer = db.engine().payloadCodec(codec)
        .register(new EchoFlowDurable()).build()) {
      runId = EchoFlowClient.of(writer).start("card 4242").id();
      writer.tick();
    }
    try (DurableDashboard dashboard = DurableDashboard.builder().engine(engine).port(0).start()) {
      String page = get(dashboard, "/runs/" + runId).body();
      assertTrue(page.contains("encoded (aes-gcm, key k1, "), page);
      assertFalse(page.contains("card 4242"), page);
    }
    try (DurableEngine reader = db.engine().payloadCodec(codec).build();
        DurableDashboard dashboard = DurableDashboard.builder().engine(reader).port(0).start()) {
      String page = get(dashboard, "/runs/" + runId).body();
      assertTrue(page.contains("card 4242"), page);
      assertFalse(page.contains("encoded (aes-gcm"), page);
    }
  }

  /**
   * The overview lists the triggers of the dashboard's engine with what each did: a trigger that
   * needs no broker, its counts moved by hand as a broker module's consumer moves them.
   */
  @Test
  void theOverviewShowsWhatEachTriggerOfTheEngineDid() throws Exception {
    try (DurableDashboard dashboard = DurableDashboard.builder().engine(engine).port(0).start()) {
      assertTrue(get(dashboard, "/overview").body()
          .contains("This engine starts no run from a broker's messages."));
    }
    HandMovedTrigger orders = new HandMovedTrigger("orders");
    for (StartOutcome.Kind kind : List.of(StartOutcome.Kind.STARTED, StartOutcome.Kind.STARTED,
        StartOutcome.Kind.DUPLICATE, StartOutcome.Kind.REJECTED)) {
      orders.counters.consumed();
      orders.counters.outcome(kind);
    }
    orders.counters.lag(7);
    orders.counters.paused(true);
    try (DurableEngine fed = db.engine().trigger(orders).build();
        DurableDashboard dashboard = DurableDashboard.builder().engine(fed).port(0).start()) {
      String page = get(dashboard, "/overview").body();
      assertTrue(page.contains("<tr class=\"overview-trigger\"><td>orders</td><td>4</td><td>2</td>"
          + "<td>1</td><td class=\"dead-lettered\">1</td><td>0</td><td>7</td>"
          + "<td>paused: its queue is full</td></tr>"), page);
    }
  }

  /** A trigger whose counts a test moves: it consumes nothing. */
  private static final class HandMovedTrigger implements Trigger {
    private final String name;
    final TriggerCounters counters;

    HandMovedTrigger(String name) {
      this.name = name;
      this.counters = new TriggerCounters(name);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public void start(TriggerContext context) {}

    @Override
    public TriggerInfo stats() {
      return counters.snapshot();
    }

    @Override
    public void close() {}
  }

  @Test
  void aReadOnlyDashboardRefusesPostsAndAFormIsTheOnlyBodyAccepted() throws Exception {
    try (DurableDashboard dashboard = DurableDashboard.builder().engine(engine).port(0).start()) {
      HttpResponse<String> form = http.send(HttpRequest.newBuilder(
              dashboard.url().resolve("/runs/x/requeue"))
          .header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString("csrf=x")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(403, form.statusCode());
      assertTrue(form.body().contains("started without a token"), form.body());

      HttpResponse<String> json = http.send(HttpRequest.newBuilder(
              dashboard.url().resolve("/runs/x/requeue"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(415, json.statusCode());
    }
  }

  @Test
  void onLoopbackOnlyRequestsForALoopbackNameAreAnswered() throws Exception {
    try (DurableDashboard dashboard = DurableDashboard.builder().engine(engine).port(0).start()) {
      assertTrue(rawGet(dashboard.port(), "localhost:" + dashboard.port()).startsWith("HTTP/1.1 200"));
      String rebound = rawGet(dashboard.port(), "attacker.example:" + dashboard.port());
      assertTrue(rebound.startsWith("HTTP/1.1 421"), rebound);
      assertFalse(rebound.contains("<html"), rebound);
    }
  }

  @Test
  void aShortTokenOrAMissingEngineIsRefusedWithWhatToDo() {
    IllegalArgumentException shortToken = assertThrows(IllegalArgumentException.class,
        () -> DurableDashboard.builder().token("secret"));
    assertEquals("the dashboard's token must be at least 16 characters, but was 6;"
        + " DurableDashboard.newToken() makes a random one", shortToken.getMessage());
    IllegalStateException noEngine = assertThrows(IllegalStateException.class,
        () -> DurableDashboard.builder().start());
    assertEquals("the dashboard needs an engine: DurableDashboard.builder().engine(engine)",
        noEngine.getMessage());
    assertTrue(DurableDashboard.newToken().length() >= DurableDashboard.MIN_TOKEN_LENGTH);
  }

  /** A GET of / with this Host header, the answer's text (HttpClient will not set Host). */
  private static String rawGet(int port, String host) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      OutputStream out = socket.getOutputStream();
      out.write(("GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
