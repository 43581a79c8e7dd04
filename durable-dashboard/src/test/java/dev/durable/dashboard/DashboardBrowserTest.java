package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.AnswersFlowClient;
import dev.durable.dashboard.flows.AnswersFlowDurable;
import dev.durable.dashboard.flows.BatchWorkflowClient;
import dev.durable.dashboard.flows.BatchWorkflowDurable;
import dev.durable.dashboard.flows.InvoiceWorkflow;
import dev.durable.dashboard.flows.InvoiceWorkflowClient;
import dev.durable.dashboard.flows.InvoiceWorkflowDurable;
import dev.durable.dashboard.flows.LabelSteps;
import dev.durable.dashboard.flows.LabelStepsDispatch;
import dev.durable.dashboard.flows.NapFirstVersionDurable;
import dev.durable.dashboard.flows.NapWorkflowClient;
import dev.durable.dashboard.flows.NapWorkflowDurable;
import dev.durable.dashboard.flows.NightlyReportDurable;
import dev.durable.dashboard.flows.PaymentFlowClient;
import dev.durable.dashboard.flows.PaymentFlowDurable;
import dev.durable.dashboard.flows.ShipmentWorkflowClient;
import dev.durable.dashboard.flows.ShipmentWorkflowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real browser: headless Chromium (Debian's {@code chromium} and {@code
 * chromium-driver}) driven by Selenium, one browser for the class, an engine and a dashboard per
 * test, on H2 and on PostgreSQL. The browser logs in, filters the failed runs, opens one, sees its
 * failed step and error as text (no script of a run id or an error runs), requeues it and sees it
 * complete.
 *
 * <p>It also saves screenshots of every page at 1280×800 and at a phone's 390×844 under {@code
 * target/screenshots/}, and in the directory {@code -Ddurable.screenshots} names ({@code
 * ../docs/guide/images} refreshes the guide's).
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.dashboard.TestStore#all")
class DashboardBrowserTest {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Duration WAIT = Duration.ofSeconds(30);
  static final String TOKEN = "browser-test-token-0123456789";
  /** A run id whose markup would show an alert if a page let it through. */
  static final String NASTY_ID = "inv-<img src=x onerror=alert(1)>'\"<script>alert(2)</script>";

  private static WebDriver browser;

  @Parameter TestStore store;

  private Database db;
  private DurableEngine engine;
  private DurableDashboard dashboard;
  private final AtomicReference<String> decline =
      new AtomicReference<>(InvoiceWorkflow.DECLINED);

  @BeforeAll
  static void startBrowser() {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "the browser test needs Debian's chromium and chromium-driver (apt-get install -y"
            + " chromium chromium-driver; .ci/run installs them)");
    // Point Selenium at the installed driver and browser, so that Selenium Manager downloads
    // nothing.
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
        "--disable-gpu", "--window-size=1280,860", "--hide-scrollbars", "--lang=en-US");
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile())
        .usingAnyFreePort()
        .build();
    browser = new ChromeDriver(service, options);
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @BeforeEach
  void start() {
    db = store.open();
    engine = db.engine()
        .register(new InvoiceWorkflowDurable(decline))
        .register(new NapWorkflowDurable())
        .register(new ShipmentWorkflowDurable(new LabelStepsDispatch()))
        .register(new NightlyReportDurable())
        .register(new BatchWorkflowDurable())
        .register(new AnswersFlowDurable())
        .pollInterval(Duration.ofMillis(100))
        .build();
    engine.start();
    dashboard = DurableDashboard.builder().engine(engine).port(0).token(TOKEN)
        .refreshInterval(Duration.ofSeconds(1)).start();
    browser.manage().deleteAllCookies();
  }

  @AfterEach
  void stop() {
    if (dashboard != null) {
      dashboard.close();
    }
    if (engine != null) {
      engine.close();
    }
    if (db != null) {
      db.close();
    }
  }

  private String url(String path) {
    return dashboard.url().resolve(path).toString();
  }

  private WebDriverWait waiting() {
    return new WebDriverWait(browser, WAIT);
  }

  private void failedRun(String id, String customer) {
    RunHandle<String> run = InvoiceWorkflowClient.of(engine).start(id, customer, 4200L);
    assertThrows(RunFailedException.class, () -> run.await(WAIT));
  }

  private void completedRun(String id, String customer) {
    InvoiceWorkflowClient.of(engine).start(id, customer, 1900L).await(WAIT);
  }

  private void logIn() {
    browser.get(url("/login"));
    browser.findElement(By.id("token")).sendKeys(TOKEN);
    browser.findElement(By.id("login-button")).click();
    waiting().until(ExpectedConditions.textToBe(By.cssSelector(".flash.ok"),
        "Logged in: actions are enabled in this browser."));
  }

  /**
   * The element's text. Live refresh replaces a page's parts every few hundred milliseconds, so an
   * element found may be gone when read: it is looked up again.
   */
  private String text(By by) {
    return waiting().ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElement(by).getText());
  }

  /** The texts of the elements, looked up again if live refresh replaced them meanwhile. */
  private List<String> texts(By by) {
    return waiting().ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElements(by).stream().map(WebElement::getText).toList());
  }

  /** Clicks the element, looking it up again if live refresh replaced it meanwhile. */
  private void click(By by) {
    waiting().ignoring(StaleElementReferenceException.class).until(d -> {
      d.findElement(by).click();
      return true;
    });
  }

  private static void assertNoAlert() {
    assertThrows(NoAlertPresentException.class, () -> browser.switchTo().alert(),
        "a page ran a script from a run id or an error");
  }

  @Test
  void aFailedRunIsFoundOpenedRequeuedAndSeenToComplete() {
    decline.set(null);
    completedRun("inv-ok-1", "ada");
    decline.set(InvoiceWorkflow.DECLINED);
    failedRun(NASTY_ID, "bob");
    NapWorkflowClient.of(engine).start("nap-1", "cy");

    logIn();
    new Select(browser.findElement(By.id("status"))).selectByValue("FAILED");
    browser.findElement(By.id("apply")).click();
    waiting().until(ExpectedConditions.urlContains("status=FAILED"));
    assertEquals(List.of(NASTY_ID), texts(By.cssSelector("table.runs a.run-id")));
    assertNoAlert();

    click(By.linkText(NASTY_ID));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), NASTY_ID));
    assertEquals("FAILED", text(By.id("run-status")));
    assertTrue(text(By.cssSelector("tr.step")).startsWith("0 charge FAILED 2"),
        text(By.cssSelector("tr.step")));
    assertEquals(InvoiceWorkflow.DECLINED, text(By.cssSelector("tr.step .step-error")));
    assertTrue(text(By.id("run-error")).contains(InvoiceWorkflow.DECLINED));
    assertNoAlert();

    decline.set(null);
    click(By.cssSelector("form[action$='/requeue'] button"));
    waiting().until(ExpectedConditions.textToBe(By.cssSelector(".flash.ok"),
        "Requeued: the steps that failed the run get a fresh retry budget."));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "COMPLETED"));
    assertTrue(text(By.id("payloads")).contains("receipt for ch_bob_4200"));
    assertNoAlert();
  }

  @Test
  void aRunsTimelineShowsItsRetriedStepAndFailureAndABarLeadsToTheStep() {
    failedRun(NASTY_ID, "bob"); // charge: attempt 1 retried, attempt 2 failed for good

    browser.get(url(Links.runPath(NASTY_ID)));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "FAILED"));
    assertEquals(1, count(By.cssSelector("#timeline-small svg.timeline rect.tl-failed")),
        "the run page's own timeline");
    click(By.id("timeline-link"));
    waiting().until(ExpectedConditions.urlContains("/timeline"));
    assertEquals(1, count(By.cssSelector("svg.timeline rect.tl-retried")));
    assertEquals(1, count(By.cssSelector("svg.timeline rect.tl-backoff")));
    assertEquals(1, count(By.cssSelector("svg.timeline rect.tl-failed")));
    assertEquals(1, count(By.cssSelector("svg.timeline .tl-mark-failure")));
    String tooltip = waiting().ignoring(StaleElementReferenceException.class).until(d -> d
        .findElement(By.cssSelector("svg.timeline rect.tl-failed title"))
        .getAttribute("textContent"));
    assertTrue(tooltip.contains(InvoiceWorkflow.DECLINED), tooltip);
    assertNoAlert();

    click(By.cssSelector("svg.timeline rect.tl-failed"));
    waiting().until(ExpectedConditions.urlContains("#pos-0"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), NASTY_ID));
    assertTrue(text(By.id("pos-0")).startsWith("0 charge FAILED 2"), text(By.id("pos-0")));
    assertNoAlert();
  }

  @Test
  void aRunWhoseEngineWasLostSaysItIsStuckThenShowsThePaymentThatMayHaveRunThere()
      throws Exception {
    // engine-a's clock is ten minutes behind: its lease ended long ago by the dashboard's engine
    Clock behind = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10));
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch released = new CountDownLatch(1);
    Thread turn;
    try (DurableEngine a = db.engine().clock(behind).engineId("engine-a")
            .register(new PaymentFlowDurable(entered, released)).build();
        DurableEngine b = db.engine().engineId("engine-b").pollInterval(Duration.ofMillis(100))
            .register(new PaymentFlowDurable()).build()) {
      PaymentFlowClient.of(a).start("pay-1", "order-7");
      turn = new Thread(a::tick, "engine-a-turn");
      turn.start();
      assertTrue(entered.await(WAIT.toSeconds(), TimeUnit.SECONDS), "engine-a never paid");

      browser.get(url(Links.runPath("pay-1")));
      waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "RUNNING"));
      String stuck = text(By.id("run-stuck"));
      assertTrue(stuck.startsWith("Stuck since "), stuck);
      assertTrue(stuck.contains("the lease of engine engine-a on it ended unrenewed (the engine"
          + " died or stalls), and no engine has taken it over yet"), stuck);

      b.start(); // takes the run over, records the payment that may have run, and pays
      waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "COMPLETED"));
      assertEquals(0, count(By.id("run-stuck")), "a run that completed is not stuck");
      assertTrue(text(By.cssSelector("tr.step")).startsWith("0 pay COMPLETED 2"),
          "the attempt that may have run there counts: " + text(By.cssSelector("tr.step")));
      assertEquals(1, count(By.cssSelector("#timeline-small svg.timeline rect.tl-interrupted")));
      String tooltip = waiting().ignoring(StaleElementReferenceException.class).until(d -> d
          .findElement(By.cssSelector("#timeline-small svg.timeline rect.tl-interrupted title"))
          .getAttribute("textContent"));
      assertTrue(tooltip.startsWith("pay (position 0) attempt 1 may have run on engine-a"),
          tooltip);
      assertNoAlert();
      released.countDown();
      turn.join(WAIT.toMillis()); // engine-a's late result is fenced off
    }
    assertFalse(turn.isAlive(), "engine-a's turn ended");
  }

  /** How many elements match, looked up again if live refresh replaced them meanwhile. */
  private int count(By by) {
    return waiting().ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElements(by).size());
  }

  @Test
  void aQueuesWaitingRunsAreFoundFromTheQueuesPageAndOneIsCancelled() {
    // this engine does not declare queue "naps": its runs stay ENQUEUED
    for (String id : List.of("nap-q-1", "nap-q-2")) {
      NapWorkflowClient.of(engine).start(
          StartOptions.builder().queue("naps").runId(id).build(), "cy");
    }

    logIn();
    click(By.linkText("Queues"));
    waiting().until(ExpectedConditions.textToBePresentInElementLocated(
        By.cssSelector("table.run-queues tr.run-queue"), "naps 2 0"));
    assertTrue(text(By.cssSelector("tr.run-queue")).endsWith("- - - not declared"),
        text(By.cssSelector("tr.run-queue")));

    click(By.cssSelector("tr.run-queue td.depth a"));
    waiting().until(ExpectedConditions.urlContains("queue=naps"));
    assertEquals("naps", browser.findElement(By.name("queue")).getAttribute("value"));
    assertEquals(List.of("nap-q-2", "nap-q-1"), texts(By.cssSelector("table.runs a.run-id")));
    assertEquals(List.of("ENQUEUED", "ENQUEUED"), texts(By.cssSelector("table.runs .status")));
    assertEquals(List.of("naps", "naps"), texts(By.cssSelector("table.runs a.queue")));

    click(By.linkText("nap-q-1"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "ENQUEUED"));
    click(By.cssSelector("form[action$='/cancel'] button"));
    waiting().until(ExpectedConditions.alertIsPresent()).accept();
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "CANCELLED"));
    browser.get(url("/queues"));
    waiting().until(ExpectedConditions.textToBePresentInElementLocated(
        By.cssSelector("table.run-queues tr.run-queue"), "naps 1 0"));
    assertNoAlert();
  }

  @Test
  void aRunIsPausedFromItsPageListedAsPausedAndResumed() {
    // queue "naps" is not declared here: the run stays ENQUEUED, and is paused there
    NapWorkflowClient.of(engine).start(
        StartOptions.builder().queue("naps").runId("nap-p-1").build(), "cy");

    logIn();
    browser.get(url("/runs/nap-p-1"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "ENQUEUED"));
    click(By.cssSelector("form[action$='/pause'] button"));
    waiting().until(ExpectedConditions.alertIsPresent()).accept();
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "PAUSED"));
    assertEquals(RunState.PAUSED, engine.getRunStatus("nap-p-1").run().status());

    browser.get(url("/?status=PAUSED"));
    assertEquals(List.of("nap-p-1"), texts(By.cssSelector("table.runs a.run-id")));
    assertEquals(List.of("PAUSED"), texts(By.cssSelector("table.runs .status")));

    click(By.linkText("nap-p-1"));
    click(By.cssSelector("form[action$='/resume'] button"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "ENQUEUED"));
    assertNoAlert();
  }

  @Test
  void aQueueIsPausedAndResumedFromTheQueuesPage() {
    db.engine().queue(Queue.named("naps").concurrency(1)).build().close(); // declares it
    NapWorkflowClient.of(engine).start(
        StartOptions.builder().queue("naps").runId("nap-qp-1").build(), "cy");

    logIn();
    click(By.linkText("Queues"));
    click(By.cssSelector("form[action='/queues/naps/pause'] button"));
    waiting().until(ExpectedConditions.alertIsPresent()).accept();
    waiting().until(ExpectedConditions.textToBePresentInElementLocated(
        By.cssSelector("tr.run-queue"), "naps paused"));
    assertTrue(engine.queues().get(0).paused());

    click(By.cssSelector("form[action='/queues/naps/resume'] button"));
    waiting().until(ExpectedConditions.presenceOfElementLocated(
        By.cssSelector("form[action='/queues/naps/pause'] button")));
    assertFalse(engine.queues().get(0).paused());
    assertNoAlert();
  }

  @Test
  void aRunIsForkedFromItsPageAndTheForkSaysWhereItComesFrom() {
    decline.set(null);
    completedRun("inv-fork-1", "eve");

    logIn();
    browser.get(url(Links.runPath("inv-fork-1")));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "COMPLETED"));
    assertEquals("1", text(By.id("run-generation")));
    forkFrom("9");
    waiting().until(ExpectedConditions.textToBePresentInElementLocated(
        By.cssSelector(".flash.error"), "cannot fork run inv-fork-1 at position 9: it recorded 2"
            + " position(s)"));
    assertEquals("inv-fork-1", text(By.id("run-id")), "a refused fork stays on the run's page");

    forkFrom("1");
    waiting().until(ExpectedConditions.textToBe(By.cssSelector(".flash.ok"), "Forked from run"
        + " inv-fork-1 at position 1: positions before it replay what that run recorded."));
    assertNotEquals("inv-fork-1", text(By.id("run-id")), "the fork's own page");
    assertEquals("inv-fork-1 at position 1", text(By.id("run-forked-from")));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "COMPLETED"));
    assertTrue(text(By.id("payloads")).contains("receipt for ch_eve_1900"));

    // the fork links to its origin, whose page links back to the fork
    String fork = text(By.id("run-id"));
    assertEquals("inv-fork-1", text(By.cssSelector("#relation-origin a.run-id")));
    click(By.cssSelector("#relation-origin a.run-id"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), "inv-fork-1"));
    assertEquals(List.of(fork), texts(By.cssSelector("#forks tr.fork-run a.run-id")));
    click(By.cssSelector("#forks tr.fork-run a.run-id"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), fork));
    assertNoAlert();
  }

  @Test
  void aChildRunsPageLinksToItsParentAndTheParentsToIt() {
    decline.set(null);
    BatchWorkflowClient.of(engine).start("batch-1", "eve").await(WAIT);

    browser.get(url(Links.runPath("batch-1")));
    waiting().until(ExpectedConditions.textToBe(By.id("run-status"), "COMPLETED"));
    List<String> children = texts(By.cssSelector("#children tr.child-run a.run-id"));
    assertEquals(1, children.size(), children::toString);
    click(By.cssSelector("#children tr.child-run a.run-id"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), children.get(0)));
    assertTrue(text(By.id("payloads")).contains("receipt for ch_eve_1900"));
    assertEquals("batch-1", text(By.cssSelector("#relation-parent a.run-id")));
    click(By.cssSelector("#relation-parent a.run-id"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), "batch-1"));
    assertNoAlert();
  }

  @Test
  void theOverviewShowsTheRunsOfTheLastHourAQueueAndAWorker() throws Exception {
    decline.set(null);
    completedRun("inv-o-1", "ada");
    completedRun("inv-o-2", "bob");
    decline.set(InvoiceWorkflow.DECLINED);
    failedRun("inv-o-3", "cy");
    // this engine does not declare queue "naps": its run waits there
    NapWorkflowClient.of(engine).start(StartOptions.builder().queue("naps").runId("nap-o-1")
        .build(), "dee");
    try (DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl())
        .workerId("label-printer-2").pollInterval(Duration.ofMillis(100))
        .handle(LabelSteps.PRINT, (task, input) -> "\"label\"")
        .build()) {
      worker.start();
      ShipmentWorkflowClient.of(engine).start("shipment-o-1", "parcel 1").await(WAIT);

      browser.get(url("/"));
      assertEquals("Overview", texts(By.cssSelector("header nav a")).get(0), "first in the nav");
      click(By.linkText("Overview"));
      waiting().until(ExpectedConditions.textToBe(By.id("total-started"), "5"));
      assertEquals("3", text(By.id("total-completed")));
      assertEquals("1", text(By.id("total-failed")));
      assertEquals("0", text(By.id("total-cancelled")));
      // the chart: one bar of failed runs (beside the legend's swatch), none cancelled
      assertEquals(2, browser.findElements(By.cssSelector("svg.chart rect.chart-failed")).size());
      assertEquals(1,
          browser.findElements(By.cssSelector("svg.chart rect.chart-cancelled")).size());
      assertTrue(text(By.cssSelector("tr.overview-queue")).startsWith("naps 1 0"),
          text(By.cssSelector("tr.overview-queue")));
      assertTrue(text(By.cssSelector("tr.overview-worker")).startsWith("label-printer-2 0"),
          text(By.cssSelector("tr.overview-worker")));
      assertTrue(text(By.id("overview-stuck")).contains("No run has waited"),
          text(By.id("overview-stuck")));
      click(By.cssSelector("tr.overview-queue td.depth a"));
      waiting().until(ExpectedConditions.urlContains("queue=naps"));
      assertEquals(List.of("nap-o-1"), texts(By.cssSelector("table.runs a.run-id")));
    }
    assertNoAlert();
  }

  /** Opens the run page's fork form and submits it with {@code position}. */
  private void forkFrom(String position) {
    click(By.cssSelector("details.fork summary"));
    WebElement field = browser.findElement(By.id("fork-position"));
    field.clear();
    field.sendKeys(position);
    click(By.cssSelector("form[action$='/fork'] button"));
  }

  @Test
  void withoutLoggingInThePagesOfferNoActions() {
    failedRun("inv-failed", "dee");

    browser.get(url(Links.runPath("inv-failed")));
    assertEquals("FAILED", text(By.id("run-status")));
    assertTrue(browser.findElements(By.cssSelector("form[action$='/requeue']")).isEmpty());
    assertTrue(browser.findElement(By.id("login")).isDisplayed());
  }

  @Test
  void runsAreFoundByAnAttributeAndTheRunPageShowsTheirs() {
    for (String[] run : new String[][] {{"nap-a-1", "c-1"}, {"nap-a-2", "c-2"},
        {"nap-a-3", "c-1"}}) {
      NapWorkflowClient.of(engine).start(StartOptions.builder().runId(run[0])
          .attribute("customer", run[1]).attribute("region", "eu").build(), "cy");
    }

    browser.get(url("/"));
    browser.findElement(By.id("attribute")).sendKeys("customer=c-1");
    browser.findElement(By.id("apply")).click();
    waiting().until(ExpectedConditions.urlContains("attribute=customer%3Dc-1"));
    assertEquals(List.of("nap-a-3", "nap-a-1"), texts(By.cssSelector("table.runs a.run-id")));
    assertEquals("customer=c-1", browser.findElement(By.id("attribute")).getAttribute("value"));

    click(By.linkText("nap-a-1"));
    waiting().until(ExpectedConditions.textToBe(By.id("run-id"), "nap-a-1"));
    assertEquals("customer=c-1 region=eu", text(By.id("run-attributes")));
    click(By.cssSelector("#run-attributes a[href*='region']"));
    waiting().until(ExpectedConditions.urlContains("attribute=region%3Deu"));
    assertEquals(List.of("nap-a-3", "nap-a-2", "nap-a-1"),
        texts(By.cssSelector("table.runs a.run-id")));

    browser.get(url("/?attribute=customer"));
    assertTrue(text(By.cssSelector(".problems")).contains("'attribute' must be key=value"),
        text(By.cssSelector(".problems")));
    assertNoAlert();
  }

  /**
   * A silence typed past what the stores can count back to, a time past year 9999 and a run id
   * with a NUL are said on the page, with the range or the reason, not answered as a failure.
   */
  @Test
  void aSilenceOrATimeOutOfRangeAndAnIdNoRunCanHaveAreSaidOnThePage() {
    browser.get(url("/lost"));
    WebElement silence = browser.findElement(By.id("silence"));
    silence.clear();
    silence.sendKeys("99999999999999h");
    silence.submit();
    waiting().until(ExpectedConditions.urlContains("silence=99999999999999h"));
    assertTrue(text(By.cssSelector(".problems")).contains("silence must be a duration such as"
        + " 90s, 5m, 2h or PT5M, from 0s to 36500d (a hundred years), not '99999999999999h'"),
        text(By.cssSelector(".problems")));

    browser.get(url("/?from=%2B300000-01-01"));
    assertTrue(text(By.cssSelector(".problems")).contains("from 0001-01-01 to 9999-12-31"),
        text(By.cssSelector(".problems")));

    browser.get(url("/runs/x%00y/timeline"));
    assertEquals("Not found · Durable", browser.getTitle());
    assertTrue(text(By.cssSelector(".problems")).contains("Nothing here is named 'x\\u0000y':"
        + " no run id, workflow name or version holds a control character."),
        text(By.cssSelector(".problems")));
    assertNoAlert();
  }

  /**
   * A page the screenshots show: its file's name, its path, what shows that its data is there, and
   * what to do on it first (open a detail), if anything. A new page is one more line in {@link
   * #screenshotsOfEveryPage}.
   */
  private record Shot(String name, String path, ExpectedCondition<?> ready, Runnable before) {
    Shot(String name, String path, ExpectedCondition<?> ready) {
      this(name, path, ready, () -> { });
    }
  }

  /** The window sizes each page is taken at, and the suffix of their files. */
  private enum Screen {
    DESKTOP(1280, 800, ""),
    PHONE(390, 844, "-phone");

    final int width;
    final int height;
    final String suffix;

    Screen(int width, int height, String suffix) {
      this.width = width;
      this.height = height;
      this.suffix = suffix;
    }
  }

  @Test
  void screenshotsOfEveryPage() throws Exception {
    assumeTrue(store == TestStore.H2, "the screenshots are taken once, on H2");
    decline.set(null);
    for (int i = 1; i <= 6; i++) {
      completedRun("invoice-100" + i, List.of("ada", "bob", "cy", "dee", "eve", "fay").get(i - 1));
    }
    NapWorkflowClient.of(engine).start("nap-7f3a", "gus");
    // this engine does not declare queue "naps": its runs wait there
    NapWorkflowClient.of(engine).start(StartOptions.builder().queue("naps").runId("nap-q-1")
        .build(), "ida");
    NapWorkflowClient.of(engine).start(StartOptions.builder().queue("naps").runId("nap-q-2")
        .build(), "jo");
    decline.set("card declined by the issuer: insufficient funds (402)");
    failedRun("invoice-1007", "hal");
    db.engine().discover(false).register(new NapFirstVersionDurable("hi")).build().close();
    CountDownLatch printed = new CountDownLatch(1);
    try (DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl())
        .workerId("label-printer-1").concurrency(1).pollInterval(Duration.ofMillis(100))
        .handle(LabelSteps.PRINT, (task, input) -> {
          printed.await();
          return "\"label\"";
        })
        .build()) {
      worker.start();
      ShipmentWorkflowClient.of(engine).start("shipment-88", "parcel 88");
      ShipmentWorkflowClient.of(engine).start("shipment-89", "parcel 89");
      shoot(new Shot("dashboard-login", "/login",
          ExpectedConditions.presenceOfElementLocated(By.id("token"))));
      logIn();
      List<Shot> shots = List.of(
          new Shot("dashboard-overview", "/overview", ExpectedConditions
              .textToBePresentInElementLocated(By.cssSelector("tr.overview-worker"),
                  "label-printer-1")),
          new Shot("dashboard-runs", "/",
              ExpectedConditions.presenceOfElementLocated(By.linkText("shipment-89"))),
          new Shot("dashboard-run", Links.runPath("invoice-1007"),
              ExpectedConditions.textToBe(By.id("run-status"), "FAILED"), () -> {
                click(By.id("live")); // off: the step's details stay as opened
                click(By.cssSelector("tr.step-detail summary"));
              }),
          new Shot("dashboard-timeline", Links.runPath("invoice-1007") + "/timeline",
              ExpectedConditions.presenceOfElementLocated(
                  By.cssSelector("svg.timeline rect.tl-failed"))),
          new Shot("dashboard-queues", "/queues", ExpectedConditions
              .textToBePresentInElementLocated(By.cssSelector("tr.run-queue"), "naps 2 0")),
          new Shot("dashboard-workers", "/workers", ExpectedConditions.and(
              ExpectedConditions.textToBePresentInElementLocated(
                  By.cssSelector("table.queues"), "label.print 1 1"),
              ExpectedConditions.textToBePresentInElementLocated(
                  By.cssSelector("table.workers"), "label-printer-1 1"))),
          new Shot("dashboard-lost", "/lost?silence=0s",
              ExpectedConditions.numberOfElementsToBe(By.cssSelector("tr.task"), 2)),
          new Shot("dashboard-schedules", "/schedules",
              ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr.schedule"))),
          new Shot("dashboard-graph", GraphPages.runGraphPath("invoice-1007"),
              ExpectedConditions.presenceOfElementLocated(By.cssSelector("svg.graph"))),
          new Shot("dashboard-compare", "/workflows/nap/compare?a=1&b=2",
              ExpectedConditions.presenceOfElementLocated(By.id("graph-b"))),
          new Shot("dashboard-error", "/runs/no-such-run",
              ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".problems"),
                  "No run with id")));
      for (Shot shot : shots) {
        shoot(shot);
      }
      printed.countDown();
    }
  }

  /** The classes of the graph's node with key {@code key}, inside the element {@code within}. */
  private String nodeClasses(String within, String key) {
    return waiting().ignoring(StaleElementReferenceException.class).until(d -> d.findElement(
        By.cssSelector("#" + within + " g[data-key='" + key + "']")).getAttribute("class"));
  }

  @Test
  void aRunsGraphIsColouredByItsProgressAndTwoVersionsAreCompared() {
    decline.set(InvoiceWorkflow.DECLINED);
    failedRun("inv-graph-1", "ada");
    // version 1 of nap, which did not sleep, is stored by an engine that registers it
    db.engine().discover(false).register(new NapFirstVersionDurable("hi")).build().close();

    browser.get(url(Links.runPath("inv-graph-1")));
    click(By.id("run-graph-link"));
    waiting().until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("svg.graph")));
    assertTrue(nodeClasses("run-graph", "step charge#0").contains("failed"));
    assertTrue(nodeClasses("run-graph", "step mail#0").contains("unreached"));
    assertTrue(nodeClasses("run-graph", "start").contains("completed"));
    assertTrue(nodeClasses("run-graph", "end").contains("failed"));
    assertTrue(browser.findElement(By.cssSelector("#run-graph g[data-key='step charge#0'] title"))
        .getAttribute("textContent").contains("retries: 2"));

    browser.get(url("/workflows/nap"));
    assertEquals(List.of("version 1", "version 2"), texts(By.cssSelector("#versions a")));
    click(By.id("compare-button"));
    waiting().until(ExpectedConditions.presenceOfElementLocated(By.id("graph-b")));
    assertEquals(List.of("added sleep sleep#0"), texts(By.cssSelector("#changes li")));
    assertTrue(nodeClasses("graph-b", "sleep sleep#0").contains("added"));
    assertTrue(nodeClasses("graph-a", "step greet#0").contains("node"));
    assertNoAlert();
  }

  @Test
  void aCompletedRunsEventsStreamAttributeAndContinueAsNewAreColouredInItsGraph() {
    AnswersFlowClient.of(engine).start("answers-1", "the question", 0).await(WAIT);

    browser.get(url(GraphPages.runGraphPath("answers-1")));
    waiting().until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("svg.graph")));
    for (String key : List.of("continue-as-new continue-as-new#0", "attribute topic#0",
        "stream answers#0", "close answers#0", "event progress#0", "event \"round-\" + round#0",
        "end")) {
      assertTrue(nodeClasses("run-graph", key).contains("completed"), key);
    }
    assertTrue(nodeClasses("run-graph", "event empty#0").contains("unreached"));
    assertTrue(text(By.id("started-over")).contains("began with a continue-as-new"));
    assertTrue(browser.findElement(By.cssSelector("#run-graph g[data-key='event progress#0']"
        + " title")).getAttribute("textContent").contains("constant: PROGRESS"));
  }

  /** Opens the shot's page, waits for its data, and saves it at each screen size. */
  private void shoot(Shot shot) {
    browser.get(url(shot.path()));
    waiting().ignoring(StaleElementReferenceException.class).until(shot.ready());
    shot.before().run();
    for (Screen screen : Screen.values()) {
      ((ChromeDriver) browser).executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of(
          "width", screen.width, "height", screen.height, "deviceScaleFactor", 1,
          "mobile", screen == Screen.PHONE));
      try {
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        save(shot.name() + screen.suffix + ".png", png);
      } finally {
        ((ChromeDriver) browser).executeCdpCommand("Emulation.clearDeviceMetricsOverride",
            Map.of());
      }
    }
    if (!browser.findElement(By.id("live")).isSelected()) { // turned off for the shot: back on
      click(By.id("live"));
    }
  }

  /**
   * Writes a screenshot to {@code target/screenshots}, and to the directory the system property
   * {@code durable.screenshots} names, if any ({@code ../docs/guide/images} refreshes the
   * guide's).
   */
  private static void save(String file, byte[] png) {
    List<Path> dirs = new ArrayList<>(List.of(Path.of("target/screenshots")));
    String asked = System.getProperty("durable.screenshots", "").strip();
    if (!asked.isEmpty()) {
      dirs.add(Path.of(asked));
    }
    for (Path dir : dirs) {
      try {
        Files.createDirectories(dir);
        Files.write(dir.resolve(file), png);
      } catch (IOException e) {
        throw new UncheckedIOException("could not save screenshot " + file + " in " + dir, e);
      }
    }
  }
}
