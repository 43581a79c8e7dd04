package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StoreException;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the router answers without a store to read: 404 and 405 from its route table, a POST
 * refused before its path is looked at, and the error page when the store fails.
 */
class RouterErrorsTest {
  /** An engine whose every call fails with {@code failure}. */
  private static DurableEngine failing(RuntimeException failure) {
    return (DurableEngine) Proxy.newProxyInstance(DurableEngine.class.getClassLoader(),
        new Class<?>[] {DurableEngine.class}, (proxy, method, args) -> {
          throw failure;
        });
  }

  private static Router router(DurableEngine engine) {
    return new Router(engine, new Sessions(null, Clock.systemUTC()), Clock.systemUTC(),
        Duration.ofSeconds(2));
  }

  private static Response answer(Router router, String method, String path) {
    return router.respond(new Request(method, path, Map.of(), Map.of(), null, false));
  }

  @Test
  void unknownPathsAreNotFoundAndKnownOnesUnderAnotherMethodAreNotAllowed() {
    Router router = router(failing(new IllegalStateException("not called")));

    assertEquals(404, answer(router, "GET", "/nowhere").status());
    assertEquals(404, answer(router, "GET", "/runs/a/requeue/again").status());
    assertEquals(404, answer(router, "GET", "/static/missing.css").status());
    Response put = answer(router, "PUT", "/queues");
    assertEquals(405, put.status());
    assertTrue(put.text().contains("This page does not take that method."), put.text());
    assertEquals(405, answer(router, "GET", "/runs/a/requeue").status());
    assertEquals(405, answer(router, "DELETE", "/login").status());
    Response css = answer(router, "GET", "/static/dashboard.css");
    assertEquals(200, css.status());
    assertEquals("text/css; charset=utf-8", css.contentType());
  }

  @Test
  void aPostIsRefusedBeforeItsPathIsLookedAt() {
    Router router = router(failing(new IllegalStateException("not called")));

    Response refused = answer(router, "POST", "/nowhere");

    assertEquals(403, refused.status(), "refused, not 404: a read-only dashboard takes no POST");
    assertTrue(refused.text().contains("started without a token"), refused.text());
  }

  @Test
  void aStoreThatFailsIs503WithItsMessageAsText() {
    Response outage = answer(router(failing(new StoreException("<b>refused</b>",
        new SQLException("down")))), "GET", "/");

    assertEquals(503, outage.status());
    assertTrue(outage.text().contains("The store cannot be reached"), outage.text());
    assertTrue(outage.text().contains("&lt;b&gt;refused&lt;/b&gt;"), outage.text());
    assertFalse(outage.text().contains("<b>refused"), outage.text());
  }
}
