package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.ApprovalWorkflowClient;
import dev.durable.dashboard.flows.ApprovalWorkflowDurable;
import dev.durable.dashboard.flows.InvoiceWorkflow;
import dev.durable.dashboard.flows.InvoiceWorkflowClient;
import dev.durable.dashboard.flows.InvoiceWorkflowDurable;
import dev.durable.dashboard.flows.NapFirstVersionDurable;
import dev.durable.dashboard.flows.NapWorkflowClient;
import dev.durable.dashboard.flows.LabelSteps;
import dev.durable.dashboard.flows.LabelStepsDispatch;
import dev.durable.dashboard.flows.NapWorkflowDurable;
import dev.durable.dashboard.flows.ParcelFlowClient;
import dev.durable.dashboard.flows.ParcelFlowDurable;
import dev.durable.dashboard.flows.PaymentFlowClient;
import dev.durable.dashboard.flows.PaymentFlowDurable;
import dev.durable.dashboard.flows.ShipmentWorkflowClient;
import dev.durable.dashboard.flows.ShipmentWorkflowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import gg.jte.html.escape.Escape;
import gg.jte.output.StringOutput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dashboard's pages and actions, through its router (no HTTP server), over an engine on H2
 * and on PostgreSQL: what each page shows, that every stored value is shown escaped, and that
 * actions need the token's login and the session's CSRF value.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.dashboard.TestStore#all")
class RouterTest {
  static final String TOKEN = "router-test-token-0123456789";
  /** A run id a page must show as text and put in URLs encoded. */
  static final String NASTY_ID = "inv-<script>alert('id')</script>\"/&x";

  @Parameter TestStore store;

  private Database db;
  private DurableEngine engine;
  private final AtomicReference<String> decline =
      new AtomicReference<>(InvoiceWorkflow.DECLINED);
  private final List<String> bodies = new ArrayList<>();

  @BeforeEach
  void startEngine() {
    db = store.open();
    engine = db.engine()
        .register(new InvoiceWorkflowDurable(decline))
        .register(new NapWorkflowDurable())
        .register(new ShipmentWorkflowDurable(new LabelStepsDispatch()))
        .register(new ApprovalWorkflowDurable())
        .register(new ParcelFlowDurable())
        .build();
    InvoiceWorkflowClient.of(engine).start(NASTY_ID, "ada", 1200L);
    NapWorkflowClient.of(engine).start("nap-1", "bob");
    engine.tick();
  }

  @AfterEach
  void closeEngine() {
    if (engine != null) {
      engine.close();
    }
    if (db != null) {
      db.close();
    }
    for (String body : bodies) {
      assertFalse(body.contains(TOKEN), "a page showed the token");
    }
  }

  private Router router(String token) {
    return new Router(engine, new Sessions(token, Clock.systemUTC()), Clock.systemUTC(),
        Duration.ofSeconds(2));
  }

  private Response get(Router router, String pathAndQuery, String cookie) {
    Request plain = Request.get(pathAndQuery);
    Response response = router.respond(
        new Request("GET", plain.rawPath(), plain.query(), Map.of(), cookie, false));
    bodies.add(response.text());
    return response;
  }

  private Response post(Router router, String path, Map<String, String> form, String cookie) {
    Response response = router.respond(new Request("POST", path, Map.of(), form, cookie, false));
    bodies.add(response.text());
    return response;
  }

  /** Logs in with the token and returns the session cookie ("name=value"). */
  private String login(Router router) {
    Response response = post(router, "/login", Map.of("token", TOKEN), null);
    assertEquals(303, response.status());
    String setCookie = response.headers().get("Set-Cookie");
    assertTrue(setCookie.contains("HttpOnly"), setCookie);
    assertTrue(setCookie.contains("SameSite=Strict"), setCookie);
    return setCookie.substring(0, setCookie.indexOf(';'));
  }

  private static String csrf(String page) {
    Matcher m = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page);
    assertTrue(m.find(), "the page has no action form");
    return m.group(1);
  }

  /** {@code value} as a page shows it in text: escaped as jte escapes it there. */
  static String text(String value) {
    StringOutput out = new StringOutput();
    Escape.htmlContent(value, out);
    return out.toString();
  }

  private static final String ESCAPED_ID = text(NASTY_ID);
  private static final String RUN_PATH = Links.runPath(NASTY_ID);

  @Test
  void theListShowsEveryRunNewestFirstWithItsErrorAndEveryValueEscaped() {
    Response list = get(router(null), "/", null);

    assertEquals(200, list.status());
    String page = list.text();
    assertTrue(page.contains(ESCAPED_ID), page);
    assertTrue(page.contains("href=\"" + RUN_PATH + "\""), page);
    assertTrue(page.contains(text(InvoiceWorkflow.DECLINED)), page);
    assertFalse(page.contains("<script>alert"), "markup from a run id or an error got through");
    assertTrue(page.indexOf("nap-1") < page.indexOf(ESCAPED_ID), "newest first");
    assertTrue(page.contains("FAILED") && page.contains("SLEEPING"), page);
  }

  @Test
  void filtersNarrowTheListAndATimeThatCannotBeReadIsSaid() {
    Router router = router(null);

    String failed = get(router, "/?status=FAILED", null).text();
    assertTrue(failed.contains(ESCAPED_ID) && !failed.contains("nap-1"), failed);
    String nap = get(router, "/?workflow=nap&version=2", null).text();
    assertTrue(nap.contains("nap-1") && !nap.contains(ESCAPED_ID), nap);
    String prefix = get(router, "/?run=inv-", null).text();
    assertTrue(prefix.contains(ESCAPED_ID) && !prefix.contains("nap-1"), prefix);
    String future = get(router, "/?from=2999-01-01", null).text();
    assertTrue(future.contains("No runs match"), future);

    Response bad = get(router, "/?from=yesterday&status=LOST", null);
    assertEquals(400, bad.status());
    assertTrue(bad.text().contains("'from' must be a time such as"), bad.text());
    assertTrue(bad.text().contains("status must be one of"), bad.text());
  }

  @Test
  void pagesFollowEachOtherByTheLastRunsId() {
    for (int i = 1; i <= 3; i++) {
      NapWorkflowClient.of(engine).start("nap-page-" + i, "n" + i);
    }
    Router router = router(null);
    String first = get(router, "/?workflow=nap&limit=2", null).text();
    assertTrue(first.contains("nap-page-3") && first.contains("nap-page-2"), first);
    assertFalse(first.contains("nap-page-1"), first);
    Matcher next = Pattern.compile("id=\"next-page\" href=\"([^\"]+)\"").matcher(first);
    assertTrue(next.find(), first);
    String link = next.group(1).replace("&amp;", "&");
    assertEquals("/?workflow=nap&limit=2&after=nap-page-2", link);

    String second = get(router, link, null).text();
    assertTrue(second.contains("nap-page-1") && second.contains("nap-1"), second);
    assertFalse(second.contains("nap-page-2"), second);
    assertFalse(second.contains("id=\"next-page\""), "the last page has no next page");
  }

  @Test
  void aRunsPageShowsItsStepsAttemptsErrorsInputAndEventsEscaped() {
    Response response = get(router(null), RUN_PATH, null);

    assertEquals(200, response.status());
    String page = response.text();
    assertTrue(page.contains("<span id=\"run-id\">" + ESCAPED_ID + "</span>"), page);
    assertTrue(page.contains("<td class=\"step-name\">charge</td>"), page);
    assertTrue(page.contains(text(InvoiceWorkflow.DECLINED)), page);
    assertTrue(page.contains("step.failed"), page);
    assertTrue(page.contains("run.failed"), page);
    assertTrue(page.contains("\"ada\""), "the input: " + page);
    assertFalse(page.contains("<script>alert"), "markup got through");
    assertFalse(page.contains("action=\"" + RUN_PATH + "/requeue\""),
        "a read-only dashboard shows no actions");
  }

  @Test
  void aRunsTimelineDrawsItsRetriedStepAndFailureEscapedAndItsPageLinksThere() throws Exception {
    Router router = router(null);

    Response response = get(router, RUN_PATH + "/timeline", null);

    assertEquals(200, response.status());
    String page = response.text();
    assertFalse(page.contains("<script>alert"), "markup got through");
    int from = page.indexOf("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\"");
    org.w3c.dom.Document svg = TimelineSvgTest.parse(
        page.substring(from, page.indexOf("</svg>", from) + "</svg>".length()));
    assertEquals(1, TimelineSvgTest.byClass(svg, "tl-retried").size());
    List<org.w3c.dom.Element> failed = TimelineSvgTest.byClass(svg, "tl-failed");
    assertEquals(1, failed.size());
    assertTrue(failed.get(0).getTextContent().contains(InvoiceWorkflow.DECLINED),
        "the error in the red bar's tooltip, as text");
    assertEquals(List.of(RUN_PATH + "#pos-0"), TimelineSvgTest.hrefs(svg, "tl-failed"));
    assertEquals(1, TimelineSvgTest.byClass(svg, "tl-mark-failure").size());

    String run = get(router, RUN_PATH, null).text();
    assertTrue(run.contains("<tr class=\"step\" id=\"pos-0\">"), "the bars' anchor: " + run);
    assertTrue(run.contains("id=\"timeline-small\""), run);
    assertTrue(run.contains("href=\"" + RUN_PATH + "/timeline\""), run);

    String zoomed = get(router, RUN_PATH + "/timeline?from=0&to=1", null).text();
    assertTrue(zoomed.contains("all of the run"), "a way back from a window: " + zoomed);
    assertEquals(404, get(router, "/runs/nobody/timeline", null).status());
  }

  @Test
  void aRunWhoseEnginesLeaseEndedSaysItIsStuckThenItsTimelineShowsThePaymentThatMayHaveRunThere()
      throws Exception {
    // engine-a's clock is ten minutes behind: its lease ended long ago by this engine's clock
    Clock behind = Clock.fixed(
        Instant.now().minus(Duration.ofMinutes(10)).truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC);
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch released = new CountDownLatch(1);
    Thread turn;
    try (DurableEngine a = db.engine().clock(behind).engineId("engine-a")
            .register(new PaymentFlowDurable(entered, released)).build();
        DurableEngine b = db.engine().engineId("engine-b")
            .register(new PaymentFlowDurable()).build()) {
      PaymentFlowClient.of(a).start("pay-1", "order-7");
      turn = new Thread(a::tick, "engine-a-turn");
      turn.start();
      assertTrue(entered.await(20, TimeUnit.SECONDS), "engine-a never began the payment");
      Router router = router(null);

      String stuck = get(router, Links.runPath("pay-1"), null).text();
      assertTrue(stuck.contains("id=\"run-stuck\"><b>Stuck</b> since "
          + Format.time(behind.instant().plus(Duration.ofSeconds(30))) + " ("), stuck);
      assertTrue(stuck.contains(text("the lease of engine engine-a on it ended unrenewed (the"
          + " engine died or stalls), and no engine has taken it over yet")), stuck);

      b.tick(); // takes the run over, records the payment that may have run, and pays
      String page = get(router, Links.runPath("pay-1"), null).text();
      assertFalse(page.contains("run-stuck"), page);
      assertTrue(page.matches("(?s).*<td class=\"step-name\">pay</td><td><span[^>]*>COMPLETED"
          + "</span></td><td>2</td>.*"), "the attempt that may have run there counts: " + page);
      assertTrue(page.contains("step.interrupted attempt 1 <span>may have run on engine-a,"), page);
      int from = page.indexOf("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline");
      org.w3c.dom.Document svg = TimelineSvgTest.parse(
          page.substring(from, page.indexOf("</svg>", from) + "</svg>".length()));
      List<org.w3c.dom.Element> cut = TimelineSvgTest.byClass(svg, "tl-interrupted");
      assertEquals(1, cut.size(), "the timeline draws the attempt that may have run there");
      assertTrue(cut.get(0).getTextContent().startsWith(
          "pay (position 0) attempt 1 may have run on engine-a"), cut.get(0).getTextContent());
      released.countDown();
      turn.join(20_000); // engine-a's late result is fenced off
    }
    assertFalse(turn.isAlive());
  }

  @Test
  void aRunsPageShowsItsWaitsAtTheirPositionsBetweenItsSteps() {
    ApprovalWorkflowClient.of(engine).start("approval-2", "leave");
    engine.tick();
    Router router = router(null);

    String approval = get(router, "/runs/approval-2", null).text();
    assertTrue(approval.contains("<h2>Steps and waits</h2>"), approval);
    assertTrue(approval.contains("<tr class=\"wait\" id=\"pos-0\" data-kind=\"signal\"><td>0</td>"
        + "<td class=\"wait-name\">signal <b>approve</b></td>"
        + "<td><span class=\"status waiting\">WAITING</span></td><td></td><td></td>"
        + "<td class=\"wait-detail\">without limit</td></tr>"), approval);

    String nap = get(router, "/runs/nap-1", null).text();
    String wakeAt = Format.time(engine.getRunStatus("nap-1").run().wakeAt());
    int step = nap.indexOf("<td class=\"step-name\">greet</td>");
    int sleep = nap.indexOf("<tr class=\"wait\" id=\"pos-1\" data-kind=\"sleep\"><td>1</td>"
        + "<td class=\"wait-name\">sleep <b>sleep</b></td>"
        + "<td><span class=\"status waiting\">WAITING</span></td><td></td><td></td>"
        + "<td class=\"wait-detail\">until " + wakeAt + "</td></tr>");
    assertTrue(step > 0 && sleep > step, "the step at 0, then the sleep at 1: " + nap);
  }

  @Test
  void aRunsErrorShowsItsCodeAndMessageAndNoClassOfTheEngines() {
    ParcelFlowClient.of(engine).start("parcel-1", "fragile");
    engine.tick();
    assertEquals(RunState.FAILED, engine.getRunStatus("parcel-1").run().status());

    String page = get(router(null), "/runs/parcel-1", null).text();
    assertTrue(page.contains("<span class=\"code\">invalid_input</span>  in step <b>send</b>"),
        page);
    assertTrue(page.contains("the label is smudged"), page);
    assertFalse(page.contains("dev.durable.runtime.internal"), page);
    assertTrue(get(router(null), RUN_PATH, null).text().contains("java.lang.IllegalStateException"),
        "a type of the user's code is shown");
  }

  @Test
  void anUnknownRunIsNotFound() {
    Response response = get(router(null), "/runs/" + Links.encode("<b>missing</b>"), null);

    assertEquals(404, response.status());
    assertTrue(response.text().contains("No run with id '&lt;b&gt;missing&lt;/b&gt;'"),
        response.text());
  }

  /**
   * Ids and names that nothing stored can have (a NUL, which PostgreSQL refuses in a query, another
   * control character, 100,000 characters) are not found, as any unknown run is, without asking
   * the store: no 503 and no warning (the router logs only on its 503 and 500 answers). A
   * parameter with a NUL is a bad request.
   */
  @Test
  void idsNoRunCanHaveAreNotFoundAndAParameterWithANulIsABadRequest() {
    Router router = router(TOKEN);
    String cookie = login(router);
    String longId = "x".repeat(100_000);
    for (String id : List.of("x%00y", "x%1B%5B31my", "x%0Ay")) {
      for (String page : List.of("/runs/" + id, "/runs/" + id + "/timeline",
          "/runs/" + id + "/graph", "/workflows/" + id, "/workflows/nap/" + id)) {
        Response response = get(router, page, null);
        assertEquals(404, response.status(), page + ": " + response.text());
        assertTrue(response.text().contains("holds a control character"), response.text());
      }
      Response action = post(router, "/runs/" + id + "/requeue", Map.of("csrf", csrf(get(
          router, "/", cookie).text())), cookie);
      assertEquals(404, action.status(), action.text());
    }
    for (String page : List.of("/runs/" + longId, "/runs/" + longId + "/timeline",
        "/runs/" + longId + "/graph")) {
      Response response = get(router, page, null);
      assertEquals(404, response.status(), response.text());
      assertTrue(response.text().contains("No run with id '" + "x".repeat(60)
          + "... (100000 characters)' is stored."), "a long id is shown cut");
    }
    for (String query : List.of("/?run=x%00y", "/?after=x%00y", "/?parent=x%00y",
        "/?workflow=x%00y", "/?code=x%00y", "/?queue=x%00y", "/workflows/nap/compare?a=%00&b=1",
        "/runs/" + Links.encode(NASTY_ID) + "/timeline?from=%00")) {
      Response response = get(router, query, null);
      assertEquals(400, response.status(), query + ": " + response.text());
      assertTrue(response.text().contains("holds a NUL character (%00)"), response.text());
    }
    assertEquals(200, get(router, "/?run=x%1By", null).status(), "matches nothing, as on H2");
    assertEquals(400, get(router, "/?after=" + longId, null).status(), "no such run to follow");
  }

  /**
   * A silence or a time past what the stores can count to is a bad request that says the range,
   * not a failure of the dashboard.
   */
  @Test
  void aSilenceOrATimeOutOfRangeIsABadRequestThatSaysTheRange() {
    Router router = router(null);

    for (String silence : List.of("99999999999999h", "99999999999999d", "PT99999999999999H",
        "36501d", "-1s")) {
      Response lost = get(router, "/lost?silence=" + silence, null);
      assertEquals(400, lost.status(), silence + ": " + lost.text());
      assertTrue(lost.text().contains("silence must be a duration such as 90s, 5m, 2h or PT5M,"
          + " from 0s to 36500d (a hundred years), not '" + silence + "'"), lost.text());
    }
    assertEquals(200, get(router, "/lost?silence=36500d", null).status());
    for (String time : List.of("%2B999999999-12-31", "%2B300000-01-01",
        "%2B999999999-12-31T23:59:59-18:00", "-999999999-01-01", "10000-01-01")) {
      Response runs = get(router, "/?from=" + time + "&before=" + time, null);
      assertEquals(400, runs.status(), time + ": " + runs.text());
      assertTrue(runs.text().contains("'from' must be a time such as 2026-12-01T22:50 (UTC) or"
          + " 2026-12-01T22:50:00+01:00, from 0001-01-01 to 9999-12-31"), runs.text());
      assertTrue(runs.text().contains("'before' must be a time"), runs.text());
    }
    assertEquals(200, get(router, "/?from=0001-01-01&before=9999-12-31T23:59", null).status());
  }

  @Test
  void aDashboardWithoutATokenRefusesEveryAction() {
    Router router = router(null);

    Response refused = post(router, RUN_PATH + "/requeue", Map.of("csrf", "x"), null);
    assertEquals(403, refused.status());
    assertTrue(refused.text().contains("started without a token"), refused.text());
    Response login = post(router, "/login", Map.of("token", TOKEN), null);
    assertTrue(login.text().contains("read-only and nobody logs in"), login.text());
    assertFalse(login.headers().containsKey("Set-Cookie"), "no session without a token");
    assertEquals(RunState.FAILED, engine.getRunStatus(NASTY_ID).run().status());
  }

  @Test
  void aLoggedInBrowserRequeuesAFailedRunAndSeesItComplete() {
    Router router = router(TOKEN);
    String page = get(router, RUN_PATH, null).text();
    assertFalse(page.contains("/requeue"), "no actions before logging in");
    assertTrue(page.contains("href=\"/login\""), page);

    Response wrong = post(router, "/login", Map.of("token", "not-the-token-at-all"), null);
    assertEquals(403, wrong.status());
    assertTrue(wrong.text().contains("not the dashboard's token"), wrong.text());
    String cookie = login(router);

    String loggedIn = get(router, RUN_PATH, cookie).text();
    assertTrue(loggedIn.contains("action=\"" + RUN_PATH + "/requeue\""), loggedIn);
    String csrf = csrf(loggedIn);
    assertEquals(403, post(router, RUN_PATH + "/requeue", Map.of(), cookie).status(),
        "an action without the CSRF value");
    assertEquals(403, post(router, RUN_PATH + "/requeue", Map.of("csrf", csrf), null).status(),
        "an action without the session");
    assertEquals(403,
        post(router, RUN_PATH + "/requeue", Map.of("csrf", csrf), "durable_session=guess")
            .status(), "an action with a made-up session");
    assertEquals(RunState.FAILED, engine.getRunStatus(NASTY_ID).run().status());

    decline.set(null);
    Response requeued = post(router, RUN_PATH + "/requeue", Map.of("csrf", csrf), cookie);
    assertEquals(303, requeued.status());
    assertEquals(RUN_PATH, requeued.headers().get("Location"));
    engine.tick();

    String after = get(router, RUN_PATH, cookie).text();
    assertTrue(after.contains("Requeued: the steps that failed the run"), after);
    assertTrue(after.contains(">COMPLETED<"), after);
    assertEquals(RunState.COMPLETED, engine.getRunStatus(NASTY_ID).run().status());
    String again = get(router, RUN_PATH, cookie).text();
    assertFalse(again.contains("Requeued:"), "the message is shown once");
  }

  @Test
  void aRequeueThatTheEngineRefusesSaysWhy() {
    Router router = router(TOKEN);
    String cookie = login(router);
    String csrf = csrf(get(router, "/runs/nap-1", cookie).text());

    post(router, "/runs/nap-1/requeue", Map.of("csrf", csrf), cookie);

    String page = get(router, "/runs/nap-1", cookie).text();
    assertTrue(page.contains("class=\"flash error\""), page);
    assertEquals(RunState.SLEEPING, engine.getRunStatus("nap-1").run().status());
  }

  @Test
  void cancelAndRedispatchActOnARunThatHasNotEnded() {
    Router router = router(TOKEN);
    String cookie = login(router);
    String csrf = csrf(get(router, "/runs/nap-1", cookie).text());

    post(router, "/runs/nap-1/redispatch", Map.of("csrf", csrf), cookie);
    assertTrue(get(router, "/runs/nap-1", cookie).text()
        .contains("No task of this run was waiting"));
    post(router, "/runs/nap-1/cancel", Map.of("csrf", csrf), cookie);
    String page = get(router, "/runs/nap-1", cookie).text();
    assertTrue(page.contains("Cancelled."), page);
    assertEquals(RunState.CANCELLED, engine.getRunStatus("nap-1").run().status());
    assertFalse(page.contains("/runs/nap-1/cancel"), "an ended run offers no cancel");
  }

  @Test
  void loggingOutEndsTheSession() {
    Router router = router(TOKEN);
    String cookie = login(router);
    String csrf = csrf(get(router, "/", cookie).text());

    Response out = post(router, "/logout", new LinkedHashMap<>(Map.of("csrf", csrf)), cookie);
    assertEquals(303, out.status());
    assertTrue(out.headers().get("Set-Cookie").contains("Max-Age=0"));
    assertEquals(403, post(router, RUN_PATH + "/requeue", Map.of("csrf", csrf), cookie).status());
  }

  @Test
  void wrongTokensFromOneAddressMakeItWaitWhileOthersMayStillLogIn() {
    Router router = router(TOKEN);
    for (int i = 0; i < LoginThrottle.FREE_TRIES; i++) {
      Response wrong = router.respond(new Request("POST", "/login", Map.of(),
          Map.of("token", "guess-" + i), null, false, "10.0.0.1"));
      assertEquals(403, wrong.status());
    }
    Response waiting = router.respond(new Request("POST", "/login", Map.of(),
        Map.of("token", TOKEN), null, false, "10.0.0.1"));
    bodies.add(waiting.text());
    assertEquals(429, waiting.status(), "even the right token waits out the back-off");
    assertEquals("1", waiting.headers().get("Retry-After"));
    assertTrue(waiting.text().contains("Too many wrong tokens from your address: try again in 1 s."),
        waiting.text());

    Response other = router.respond(new Request("POST", "/login", Map.of(),
        Map.of("token", TOKEN), null, false, "10.0.0.2"));
    assertEquals(303, other.status(), "another address is not held back");
  }

  @Test
  void workersQueuesAndSilentTasksAreListedAndTheLostViewRedispatches() {
    ShipmentWorkflowClient.of(engine).start("ship-1", "parcel <7>");
    engine.tick();
    Router router = router(TOKEN);
    String cookie = login(router);

    String queues = get(router, "/workers", cookie).text();
    assertTrue(queues.contains("<tr class=\"queue\"><td>label.print</td><td>1</td><td>0</td>"),
        queues);
    assertTrue(queues.contains("No worker holds a task"), queues);
    String lost = get(router, "/lost?silence=0s", cookie).text();
    assertTrue(lost.contains("href=\"/runs/ship-1\""), lost);
    assertTrue(lost.contains("QUEUED"), lost);
    String csrf = csrf(lost);
    assertTrue(get(router, "/lost", cookie).text().contains("No open task has been silent for 5 min"));
    Response bad = get(router, "/lost?silence=soon", cookie);
    assertEquals(400, bad.status());
    assertTrue(bad.text().contains("silence must be a duration such as 90s"), bad.text());

    Response redispatched = post(router, "/runs/ship-1/redispatch",
        Map.of("csrf", csrf, "back", "/lost?silence=0s"), cookie);
    assertEquals("/lost?silence=0s", redispatched.headers().get("Location"));
    assertTrue(get(router, "/lost?silence=0s", cookie).text()
        .contains("1 task was given up and queued again."));
    assertEquals("/runs/ship-1", post(router, "/runs/ship-1/redispatch",
        Map.of("csrf", csrf, "back", "https://elsewhere.example/"), cookie)
        .headers().get("Location"), "an action goes back only to a page of the dashboard");

    String workerId = "printer-<b>1</b>";
    try (DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).workerId(workerId)
        .handle(LabelSteps.PRINT, (task, input) -> "\"label printed\"").build()) {
      worker.tick();
    }
    engine.tick();
    String workers = get(router, "/workers", cookie).text();
    assertTrue(workers.contains("<tr class=\"worker\"><td>" + text(workerId) + "</td><td>0</td>"),
        workers);
    String run = get(router, "/runs/ship-1", cookie).text();
    assertTrue(run.contains(">COMPLETED<"), run);
    assertTrue(run.contains("<h2>Dispatched tasks</h2>"), run);
    assertTrue(run.contains(">SUCCEEDED<") && run.contains(">LOST<"), run);
    assertTrue(run.contains("<td>" + text(workerId) + "</td>"), run);
    assertFalse(run.contains("<b>1</b>"), "a worker id's markup got through");
  }

  @Test
  void aSignalIsSentFromTheRunsPageAndABadOneIsRefusedWithTheReason() {
    ApprovalWorkflowClient.of(engine).start("approval-1", "leave");
    engine.tick();
    Router router = router(TOKEN);
    String cookie = login(router);
    String page = get(router, "/runs/approval-1", cookie).text();
    String csrf = csrf(page);
    assertTrue(page.contains("action=\"/runs/approval-1/signal\""), page);

    post(router, "/runs/approval-1/signal", Map.of("csrf", csrf, "name", "approve",
        "json", "{not json"), cookie);
    String refused = get(router, "/runs/approval-1", cookie).text();
    assertTrue(refused.contains("class=\"flash error\""), refused);
    post(router, "/runs/approval-1/signal", Map.of("csrf", csrf, "name", "approve",
        "json", "\"<i>ann</i>\""), cookie);
    assertTrue(get(router, "/runs/approval-1", cookie).text()
        .contains("Signal 'approve' sent."));
    engine.tick();

    String done = get(router, "/runs/approval-1", cookie).text();
    assertTrue(done.contains(">COMPLETED<"), done);
    assertTrue(done.contains("leave approved by &lt;i&gt;ann&lt;/i&gt;"), done);
    assertTrue(done.contains("<h2>Signals</h2>") && done.contains("signal.received"), done);
  }

  @Test
  void theQueuesPageListsEachQueueAndTheListFiltersByQueueAndAnEnqueuedRunIsCancelled() {
    assertTrue(get(router(null), "/queues", null).text()
        .contains("No queue is declared and no run was started through one."));
    engine.close();
    engine = db.engine().engineId("engine-<q>").register(new NapWorkflowDurable())
        .queue(Queue.named("naps").concurrency(1).rateLimit(30, Duration.ofMinutes(1)))
        .build();
    for (String id : List.of("nap-q-1", "nap-q-2")) {
      NapWorkflowClient.of(engine).start(
          StartOptions.builder().queue("naps").runId(id).build(), "carl");
    }
    NapWorkflowClient.of(engine).start(
        StartOptions.builder().queue("elsewhere").runId("nap-q-3").build(), "dora");
    engine.tick(); // admits nap-q-1, which sleeps holding the one slot

    Router router = router(TOKEN);
    String cookie = login(router);
    String queues = get(router, "/queues", cookie).text();
    assertTrue(queues.contains("href=\"/queues\""), "the navigation links the page");
    Matcher naps = Pattern.compile("<tr class=\"run-queue\"><td><a href=\"/\\?queue=naps\">naps"
        + "</a></td><td class=\"depth\"><a href=\"[^\"]*\">1</a></td><td class=\"running\">1</td>"
        + "<td>.*?</td><td>1</td><td>-</td><td>30 per 60 s</td><td>engine-&lt;q&gt;</td>"
        + "<td class=\"queue-action\"><form [^>]*action=\"/queues/naps/pause\".*?</form></td></tr>")
        .matcher(queues);
    assertTrue(naps.find(), queues);
    assertTrue(queues.contains(">elsewhere<") && queues.contains("not declared"), queues);
    assertFalse(queues.contains("engine-<q>"), "an engine id got through unescaped");

    String list = get(router, "/?queue=naps", cookie).text();
    assertTrue(list.contains("nap-q-1") && list.contains("nap-q-2") && !list.contains("nap-q-3")
        && !list.contains(">nap-1<"), list);
    assertTrue(list.contains("ENQUEUED") && list.contains("class=\"queue\" href=\"/?queue=naps\""),
        list);
    String waiting = get(router, "/?queue=naps&status=ENQUEUED", cookie).text();
    assertTrue(waiting.contains("nap-q-2") && !waiting.contains("nap-q-1"), waiting);

    String run = get(router, "/runs/nap-q-2", cookie).text();
    assertTrue(run.contains("priority 0"), run);
    post(router, "/runs/nap-q-2/cancel", Map.of("csrf", csrf(run)), cookie);
    assertTrue(get(router, "/runs/nap-q-2", cookie).text().contains("Cancelled."));
    assertEquals(RunState.CANCELLED, engine.getRunStatus("nap-q-2").run().status());
    assertTrue(Pattern.compile("naps</a></td><td class=\"depth\"><a href=\"[^\"]*\">0</a>")
        .matcher(get(router, "/queues", cookie).text()).find());
  }

  @Test
  void theSchedulesPageSaysWhenNoneIsStored() {
    String page = get(router(null), "/schedules", null).text();
    assertTrue(page.contains("No schedule is stored"), page);
  }

  @Test
  void theGraphPagesDrawARunsProgressAVersionAndTwoVersionsCompared() {
    db.engine().discover(false).register(new NapFirstVersionDurable("hi")).build().close();
    Router router = router(null);

    Response graph = get(router, RUN_PATH + "/graph", null);
    assertEquals(200, graph.status());
    assertTrue(graph.text().contains(
        "<g class=\"node call step failed\" data-key=\"step charge#0\">"), graph.text());
    assertTrue(graph.text().contains(
        "<g class=\"node call step unreached\" data-key=\"step mail#0\">"), graph.text());
    assertTrue(graph.text().contains(ESCAPED_ID), "the run's id, escaped");
    assertFalse(graph.text().contains("<script>alert"), "markup got through");

    String versions = get(router, "/workflows/nap", null).text();
    assertTrue(versions.contains("href=\"/workflows/nap/1\"") && versions.contains(
        "href=\"/workflows/nap/2\""), versions);
    String two = get(router, "/workflows/nap/2", null).text();
    assertTrue(two.contains("data-key=\"sleep sleep#0\""), two);
    String compared = get(router, "/workflows/nap/compare?a=1&b=2", null).text();
    assertTrue(compared.contains("<li>added sleep sleep#0</li>"), compared);

    assertEquals(404, get(router, "/workflows/nap/compare?a=1&b=9", null).status());
    assertEquals(404, get(router, "/runs/no-such-run/graph", null).status());
    assertTrue(get(router, "/workflows/no-such-workflow", null).text().contains("no-versions"));
  }
}
