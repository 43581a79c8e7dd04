package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.dashboard.DurableDashboard;
import dev.durable.runtime.DurableEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard on what a sample left behind: the {@code checkout} sample runs its three orders on
 * an in-memory H2 database (H2 only: the pages read through the operator API, which the dashboard's
 * own browser test covers on PostgreSQL too), then a dashboard on an engine over the same database
 * is opened in headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, driven by
 * Selenium). It checks the overview's counts and chart, the failed order's timeline and graph (the
 * refund after shipping failed) and the first order's retried quotes.
 *
 * <p>It saves screenshots of the three pages at 1280×800 and 390×844 under {@code
 * target/screenshots/}, and in the directory {@code -Ddurable.screenshots} names ({@code
 * ../docs/guide/images} refreshes the guide's).
 */
class DashboardOnSamplesBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Pattern ORDER = Pattern.compile("Order ([0-9A-F]{8}): ");

  private static WebDriver browser;

  @BeforeAll
  static void startBrowser() {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "the browser test needs Debian's chromium and chromium-driver (apt-get install -y"
            + " chromium chromium-driver; .ci/run installs them)");
    // the installed driver and browser, so that Selenium Manager downloads nothing
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
        "--disable-gpu", "--window-size=1280,860", "--hide-scrollbars", "--lang=en-US");
    browser = new ChromeDriver(new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build(), options);
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void theCheckoutSamplesOrdersOnTheOverviewTheTimelineAndTheGraph() {
    String url = "jdbc:h2:mem:samples-ui-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    ByteArrayOutputStream story = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(story, true, StandardCharsets.UTF_8)) {
      assertEquals(0, Main.run(new String[] {"checkout", url}, out, out));
    }
    // the run ids, from the orders' ids the story prints: socks to DE (twice), the scarf to AQ
    List<String> runs = new ArrayList<>();
    Matcher order = ORDER.matcher(story.toString(StandardCharsets.UTF_8));
    while (order.find()) {
      runs.add("checkout-" + order.group(1));
    }
    assertEquals(3, runs.size(), story::toString);
    String retried = runs.get(0);
    String refunded = runs.get(2);

    // no workflow registered: the pages read the store, and the sample's engine stored the shape
    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(url).discover(false).build();
        DurableDashboard dashboard = DurableDashboard.builder().engine(engine).port(0)
            .token(DurableDashboard.newToken()).start()) {
      String base = dashboard.url().toString().replaceAll("/$", "");

      browser.get(base + "/overview");
      waiting().until(ExpectedConditions.textToBe(By.id("total-started"), "3"));
      assertEquals("2", text(By.id("total-completed")));
      assertEquals("1", text(By.id("total-failed")));
      assertEquals("0", text(By.id("total-cancelled")));
      // one bar of failed runs beside the legend's swatch
      assertEquals(2, count(By.cssSelector("svg.chart rect.chart-failed")));
      shoot("dashboard-sample-overview");

      browser.get(base + "/?status=FAILED");
      assertEquals(List.of(refunded), texts(By.cssSelector("table.runs a.run-id")),
          "the failed run is the scarf to AQ");

      browser.get(base + "/runs/" + refunded + "/timeline");
      waiting().until(ExpectedConditions.presenceOfElementLocated(
          By.cssSelector("svg.timeline rect.tl-failed")));
      assertEquals(1, count(By.cssSelector("svg.timeline rect.tl-failed")));
      assertEquals(1, count(By.cssSelector("svg.timeline .tl-mark-failure")));
      assertTrue(title("svg.timeline rect.tl-failed").contains("no carrier serves AQ"),
          title("svg.timeline rect.tl-failed"));
      assertEquals(1, count(By.cssSelector("svg.timeline rect.tl-sleep")));
      assertEquals(1, count(By.cssSelector("svg.timeline rect.tl-compensation")));
      String labels = String.join("|", attributes("svg.timeline .tl-label", "textContent"));
      for (String row : List.of("fetchQuote", "charge", "ship", "refund")) {
        assertTrue(labels.contains(row), row + " has no row among " + labels);
      }
      shoot("dashboard-sample-timeline");

      browser.get(base + "/runs/" + refunded + "/graph");
      waiting().until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("svg.graph")));
      assertEquals("completed", mark("step fetchQuote#0"));
      assertEquals("completed", mark("step charge#0"));
      assertEquals("completed", mark("sleep sleep#0"));
      assertEquals("failed", mark("step ship#0"));
      assertEquals("failed", mark("end"));
      assertTrue(title("#run-graph g[data-key='compensation charge']").contains(
          "step refund undoes it"), title("#run-graph g[data-key='compensation charge']"));
      assertEquals("completed", mark("compensation charge"), "the refund ran");
      assertEquals(1, count(By.cssSelector("#run-graph g.route[data-key='route declined']")),
          "the @OnError route for code 'declined'");
      shoot("dashboard-sample-graph");

      browser.get(base + "/runs/" + retried + "/timeline");
      waiting().until(ExpectedConditions.presenceOfElementLocated(
          By.cssSelector("svg.timeline rect.tl-attempt")));
      // fetchQuote's row: the two attempts the pricing service failed, their backoffs, the third
      assertEquals(List.of(2, 2, 1), waiting().ignoring(StaleElementReferenceException.class)
          .until(d -> {
            WebElement row = d.findElements(By.cssSelector("svg.timeline g.tl-row")).stream()
                .filter(r -> r.findElement(By.cssSelector(".tl-label")).getAttribute("textContent")
                    .contains("fetchQuote"))
                .findFirst().orElseThrow();
            return List.of("tl-retried", "tl-backoff", "tl-attempt").stream()
                .map(bar -> row.findElements(By.cssSelector("rect." + bar)).size()).toList();
          }));
      assertEquals(2, count(By.cssSelector("svg.timeline rect.tl-retried")), "none elsewhere");
    }
  }

  /**
   * The progress class GraphSvg gives the node with key {@code key} in the run's graph ({@code
   * completed}, {@code failed}, ...), after its classes of role and kind.
   */
  private String mark(String key) {
    String classes = waiting().ignoring(StaleElementReferenceException.class).until(d -> d
        .findElement(By.cssSelector("#run-graph g[data-key='" + key + "']")).getAttribute("class"));
    String[] parts = classes.split(" ");
    return parts[parts.length - 1];
  }

  private WebDriverWait waiting() {
    return new WebDriverWait(browser, WAIT);
  }

  /** The element's text, looked up again if live refresh replaced it meanwhile. */
  private String text(By by) {
    return waiting().ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElement(by).getText());
  }

  private List<String> texts(By by) {
    return waiting().ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElements(by).stream().map(WebElement::getText).toList());
  }

  private List<String> attributes(String css, String attribute) {
    return waiting().ignoring(StaleElementReferenceException.class).until(d -> d
        .findElements(By.cssSelector(css)).stream().map(e -> e.getAttribute(attribute)).toList());
  }

  private int count(By by) {
    return waiting().ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElements(by).size());
  }

  /** The tooltip of the first element {@code css} matches. */
  private String title(String css) {
    return waiting().ignoring(StaleElementReferenceException.class).until(d -> d
        .findElement(By.cssSelector(css + " > title")).getAttribute("textContent"));
  }

  /** Saves the page at 1280×800 and at a phone's 390×844, as DashboardBrowserTest does. */
  private static void shoot(String name) {
    for (Object[] screen : new Object[][] {{1280, 800, ""}, {390, 844, "-phone"}}) {
      ((ChromeDriver) browser).executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of(
          "width", screen[0], "height", screen[1], "deviceScaleFactor", 1,
          "mobile", !screen[2].equals("")));
      try {
        save(name + screen[2] + ".png",
            ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
      } finally {
        ((ChromeDriver) browser).executeCdpCommand("Emulation.clearDeviceMetricsOverride",
            Map.of());
      }
    }
  }

  /** Writes to {@code target/screenshots} and to {@code -Ddurable.screenshots}, if set. */
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
