package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.build.Roles;
import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.NapWorkflowClient;
import dev.durable.dashboard.flows.NapWorkflowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunState;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A dashboard on a viewer's read-only role (PostgreSQL, SELECT only, as the guide's "Production
 * PostgreSQL" grants it): it shows the runs, and an action is refused with the reason on the page,
 * not as an outage.
 */
@OnPostgres
class ViewerRoleTest {
  private static final String TOKEN = "viewer-test-token-0123456789";

  @Test
  void anActionOnAViewersRoleIsRefusedWithTheReasonOnThePage() {
    try (Database db = TestStore.POSTGRESQL.open(); Roles roles = new Roles(db.jdbcUrl())) {
      try (DurableEngine engine = db.engine().register(new NapWorkflowDurable()).build()) {
        NapWorkflowClient.of(engine).start("nap-1", "bob");
        engine.tick();
      }
      String viewer = roles.create("durable_dash_viewer");
      roles.grantViewer(db.jdbcUrl(), db.schema(), viewer);
      try (DurableEngine viewing = DurableEngine.builder().jdbcUrl(roles.url(viewer))
          .discover(false).migrate(false).build()) {
        Router router = new Router(viewing, new Sessions(TOKEN, Clock.systemUTC()),
            Clock.systemUTC(), Duration.ofSeconds(2));
        Response login = router.respond(
            new Request("POST", "/login", Map.of(), Map.of("token", TOKEN), null, false));
        String setCookie = login.headers().get("Set-Cookie");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        String page = get(router, "/runs/nap-1", cookie);
        Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page);
        assertTrue(csrf.find(), page);

        Response cancel = router.respond(new Request("POST", "/runs/nap-1/cancel", Map.of(),
            Map.of("csrf", csrf.group(1)), cookie, false));
        assertEquals(303, cancel.status(), cancel.text());
        String after = get(router, "/runs/nap-1", cookie);
        assertTrue(after.contains("class=\"flash error\""), after);
        assertTrue(after.contains("the database role has no right to"), after);
        assertFalse(after.contains("cannot be reached"), after);
        assertEquals(RunState.SLEEPING, viewing.getRunStatus("nap-1").run().status());
      }
    }
  }

  private static String get(Router router, String path, String cookie) {
    return router.respond(new Request("GET", path, Map.of(), Map.of(), cookie, false)).text();
  }
}
