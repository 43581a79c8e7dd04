package dev.durable.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.codec.PayloadCodec;
import dev.durable.runtime.trigger.Trigger;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.spring.boot.app.AppBeans;
import dev.durable.spring.boot.app.ApprovalWorkflowClient;
import dev.durable.spring.boot.app.Greeter;
import dev.durable.spring.boot.app.GreetingWorkflowClient;
import dev.durable.spring.boot.app.GreetingWorkflowDurable;
import dev.durable.spring.boot.app.LedgerWorkflowClient;
import dev.durable.spring.boot.app.Mailbox;
import dev.durable.spring.boot.app.ShoutStepsDispatch;
import dev.durable.spring.boot.app.ShoutWorkflowClient;
import dev.durable.spring.boot.app.Shouter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.autoconfigure.transaction.TransactionAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/** The starter on Spring Boot 3.5, through the contexts it configures. */
class DurableAutoConfigurationTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final ApplicationContextRunner contexts =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(
              DataSourceAutoConfiguration.class, DurableAutoConfiguration.class))
          .withUserConfiguration(AppBeans.class);

  private static ApplicationContextRunner on(ApplicationContextRunner runner, TestDatabase db) {
    return runner.withPropertyValues("spring.datasource.url=" + db.url());
  }

  @OnPostgres
  @ParameterizedTest
  @MethodSource("dev.durable.spring.boot.TestDatabase#kinds")
  void aWorkflowBeanRunsWithItsDependencies(TestDatabase.Kind kind) {
    try (TestDatabase db = TestDatabase.open(kind)) {
      on(contexts, db).run(context -> {
        assertThat(context).hasNotFailed().hasSingleBean(GreetingWorkflowDurable.class);
        DurableEngine engine = context.getBean(DurableEngine.class);

        String greeting = GreetingWorkflowClient.of(engine).start("Ada").await(WAIT);

        assertThat(greeting).isEqualTo("Hello, Ada");
      });
    }
  }

  /**
   * The built-in codec from {@code durable.payload-codec.*}: the engine and the worker both store
   * through it, so that a dispatched step's argument and result are encrypted too.
   */
  @Test
  void thePayloadCodecPropertiesEncryptWhatTheEngineAndTheWorkerStore(@TempDir Path directory)
      throws Exception {
    Path keyStore = directory.resolve("payload-keys.p12");
    KeyStore keys = KeyStore.getInstance("PKCS12");
    keys.load(null, null);
    keys.setEntry("k1", new KeyStore.SecretKeyEntry(new SecretKeySpec(new byte[32], "AES")),
        new KeyStore.PasswordProtection("changeit".toCharArray()));
    try (OutputStream out = Files.newOutputStream(keyStore)) {
      keys.store(out, "changeit".toCharArray());
    }
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).withBean(Shouter.class)
          .withPropertyValues("durable.payload-codec.key-store=" + keyStore,
              "durable.payload-codec.key-store-password=changeit",
              "durable.payload-codec.current-key=k1", "durable.payload-codec.gzip-min-bytes=512")
          .run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(PayloadCodec.class);
            assertThat(context.getBean(DurableProperties.class).toString())
                .doesNotContain("changeit");
            DurableEngine engine = context.getBean(DurableEngine.class);
            assertThat(ShoutWorkflowClient.of(engine).start("hey").await(WAIT)).isEqualTo("HEY!");
            JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
            assertThat(jdbc.queryForList("SELECT input FROM durable_tasks", String.class))
                .singleElement().asString().startsWith("~gzip+aes-gcm, key k1~");
            assertThat(jdbc.queryForList("SELECT output FROM durable_tasks", String.class))
                .singleElement().asString().startsWith("~gzip+aes-gcm, key k1~");
            assertThat(engine.payloadEncodings()).containsKey("gzip+aes-gcm, key k1");
          });
    }
  }

  /**
   * A trigger bean (what a broker module's builder makes) is registered on the engine, started
   * once the engine starts, and stopped as the context closes.
   */
  @Test
  void aTriggerBeanIsStartedAndStoppedWithTheEngine() {
    Lifecycled trigger = new Lifecycled();
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).withBean("ordersTrigger", TriggerDefinition.class, () -> trigger)
          .run(context -> {
            assertThat(context).hasNotFailed();
            DurableEngine engine = context.getBean(DurableEngine.class);
            assertThat(engine.triggers()).extracting(TriggerInfo::trigger).containsExactly("orders");
            assertThat(trigger.context).isNotNull().extracting(TriggerContext::engine)
                .isSameAs(engine);
            assertThat(trigger.closed).isFalse();
          });
    }
    assertThat(trigger.closed).isTrue();
  }

  /** A trigger that consumes nothing, and remembers being started and stopped. */
  private static final class Lifecycled implements Trigger {
    volatile TriggerContext context;
    volatile boolean closed;

    @Override
    public String name() {
      return "orders";
    }

    @Override
    public void start(TriggerContext context) {
      this.context = context;
    }

    @Override
    public TriggerInfo stats() {
      return new TriggerCounters(name()).snapshot();
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void everyHooksBeanSeesTheRuns() throws Exception {
    CountDownLatch audit = new CountDownLatch(1);
    CountDownLatch metrics = new CountDownLatch(1);
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withBean("audit", DurableHooks.class, () -> countingStarts(audit))
          .withBean("metrics", DurableHooks.class, () -> countingStarts(metrics))
          .run(context -> {
            DurableEngine engine = context.getBean(DurableEngine.class);
            GreetingWorkflowClient.of(engine).start("Ada").await(WAIT);

            assertThat(audit.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            assertThat(metrics.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
          });
    }
  }

  private static DurableHooks countingStarts(CountDownLatch started) {
    return new DurableHooks() {
      @Override
      public void onRunStart(RunEvent run) {
        started.countDown();
      }
    };
  }

  @OnPostgres
  @ParameterizedTest
  @MethodSource("dev.durable.spring.boot.TestDatabase#kinds")
  void theApplicationsFlywayAndDurablesMigrateSideBySide(TestDatabase.Kind kind) {
    try (TestDatabase db = TestDatabase.open(kind)) {
      on(contexts, db)
          .withConfiguration(AutoConfigurations.of(FlywayAutoConfiguration.class))
          .run(context -> {
            assertThat(context).hasNotFailed();
            JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));

            // the application's history holds its own migration, and none of Durable's
            assertThat(jdbc.queryForList(
                    "SELECT \"script\" FROM \"flyway_schema_history\" WHERE \"type\" = 'SQL'",
                    String.class))
                .containsExactly("V1__ledger.sql");
            assertThat(jdbc.queryForObject(
                    "SELECT COUNT(*) FROM \"durable_schema_history\" WHERE \"success\"",
                    Integer.class))
                .isGreaterThan(10);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM ledger", Integer.class)).isZero();
          });
    }
  }

  @Test
  void durableMigratesBesideTablesAnApplicationMadeWithoutFlyway() throws SQLException {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2);
        // holds the in-memory database open, with the application's table, until the test ends;
        // as the user Boot connects to an embedded database with
        Connection application = DriverManager.getConnection(db.url(), "sa", "")) {
      application.createStatement().execute("CREATE TABLE customers (id INT PRIMARY KEY)");

      on(contexts, db)
          .withConfiguration(AutoConfigurations.of(FlywayAutoConfiguration.class))
          .withPropertyValues("spring.flyway.enabled=false")
          .run(context -> {
            assertThat(context).hasNotFailed();
            DurableEngine engine = context.getBean(DurableEngine.class);

            assertThat(GreetingWorkflowClient.of(engine).start("Ada").await(WAIT))
                .isEqualTo("Hello, Ada");
          });
    }
  }

  @Test
  void propertiesReachTheEngine() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withPropertyValues("durable.engine-id=boot-test", "durable.auto-start=false",
              "durable.queues.mail.concurrency=2", "durable.poll-interval=250ms")
          .run(context -> {
            DurableEngine engine = context.getBean(DurableEngine.class);
            assertThat(engine.engineId()).isEqualTo("boot-test");
            DurableProperties properties = context.getBean(DurableProperties.class);
            assertThat(properties.queues().get("mail").concurrency()).isEqualTo(2);
            assertThat(properties.pollInterval()).isEqualTo(Duration.ofMillis(250));

            String runId = GreetingWorkflowClient.of(engine).start("Ada").id();

            // not started: the run waits for a tick
            assertThat(engine.getRunStatus(runId).run().status()).isEqualTo(RunState.PENDING);
            engine.tick();
            assertThat(engine.getRunStatus(runId).run().status()).isEqualTo(RunState.COMPLETED);
          });
    }
  }

  @Test
  void durableSchemaPutsTheTablesInThatSchemaAndMigrateFalseRefusesAnEmptyOne() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withPropertyValues("durable.schema=durable_boot", "durable.migrate=false")
          .run(context -> assertThat(context).hasFailed().getFailure()
              .rootCause().hasMessageContaining("schema 'durable_boot' holds no Durable tables"));
      on(contexts, db)
          .withPropertyValues("durable.schema=durable_boot")
          .run(context -> {
            assertThat(context).hasNotFailed();
            DurableEngine engine = context.getBean(DurableEngine.class);
            assertThat(GreetingWorkflowClient.of(engine).start("Ada").await(WAIT))
                .isEqualTo("Hello, Ada");
            JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
            assertThat(jdbc.queryForObject(
                    "SELECT COUNT(*) FROM \"durable_boot\".durable_runs", Integer.class))
                .isEqualTo(1);
          });
    }
  }

  @Test
  void aQueuesPropertiesDeclareItOnTheEngineAsStored() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withPropertyValues("durable.auto-start=false", "durable.queues.llm.concurrency=8",
              "durable.queues.llm.per-engine=2", "durable.queues.llm.rate-limit=60",
              "durable.queues.llm.rate-period=1m")
          .run(context -> {
            assertThat(context).hasNotFailed();
            DataSource dataSource = context.getBean(DataSource.class);
            try (Connection connection = dataSource.getConnection();
                var read = connection.prepareStatement(
                    "SELECT declaration FROM durable_queues WHERE queue_name = 'llm'");
                var rows = read.executeQuery()) {
              assertThat(rows.next()).isTrue();
              assertThat(rows.getString(1)).isEqualTo(dev.durable.runtime.Queue.named("llm")
                  .concurrency(8).perEngine(2).rateLimit(60, Duration.ofMinutes(1)).toString());
            }
          });
    }
  }

  @Test
  void aRateLimitWithoutItsPeriodFailsTheContextSayingWhatToSet() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withPropertyValues("durable.auto-start=false", "durable.queues.llm.rate-limit=60")
          .run(context -> assertThat(context).hasFailed().getFailure()
              .rootCause().isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("durable.queues.llm has rate-limit but no rate-period"));
    }
  }

  @Test
  void durableEnabledFalseConfiguresNothing() {
    contexts.withPropertyValues("durable.enabled=false").run(context -> assertThat(context)
        .hasNotFailed()
        .doesNotHaveBean(DurableEngine.class)
        .doesNotHaveBean(GreetingWorkflowDurable.class));
  }

  @Test
  void aStepContractBeanIsServedByAWorker() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).withBean(Shouter.class).run(context -> {
        assertThat(context).hasSingleBean(ShoutStepsDispatch.class);
        assertThat(context.getBean(DurableStepWorker.class).worker()).isPresent();
        DurableEngine engine = context.getBean(DurableEngine.class);

        assertThat(ShoutWorkflowClient.of(engine).start("hey").await(WAIT)).isEqualTo("HEY!");
      });
    }
  }

  @Test
  void twoBeansImplementingOneContractAreRefused() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withBean("shouter", Shouter.class)
          .withBean("otherShouter", Shouter.class)
          .run(context -> assertThat(context)
              .hasFailed()
              .getFailure()
              .rootCause()
              .hasMessageContaining("beans [shouter, otherShouter] all implement the step contract"
                  + " dev.durable.spring.boot.app.ShoutSteps"));
    }
  }

  @Test
  void noWorkerWithoutAStepContractBean() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).run(context ->
          assertThat(context.getBean(DurableStepWorker.class).worker()).isEmpty());
    }
  }

  @Test
  void transactionsBelongInTheBeansStepsCall() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withConfiguration(AutoConfigurations.of(
              FlywayAutoConfiguration.class,
              DataSourceTransactionManagerAutoConfiguration.class,
              TransactionAutoConfiguration.class))
          .run(context -> {
            assertThat(context).hasNotFailed();
            DurableEngine engine = context.getBean(DurableEngine.class);

            // the first attempt's insert was rolled back with its transaction; the retry's stayed
            assertThat(LedgerWorkflowClient.of(engine).start("coffee").await(WAIT)).isEqualTo(1);
          });
    }
  }

  @Test
  void anAdvisedWorkflowIsRefusedWithTheReason() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withConfiguration(AutoConfigurations.of(
              DataSourceTransactionManagerAutoConfiguration.class,
              TransactionAutoConfiguration.class))
          .withUserConfiguration(TransactionalWorkflowConfiguration.class)
          .run(context -> assertThat(context)
              .hasFailed()
              .getFailure()
              .rootCause()
              .hasMessageContaining("workflow bean " + TransactionalGreeting.class.getName()
                  + " is a Spring AOP proxy")
              .hasMessageContaining("Put the advice on a bean a step calls"));
    }
  }

  @Test
  void healthIsUpWhileTheEngineRunsAndDownOnceItStopped() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).withPropertyValues("durable.engine-id=healthy").run(context -> {
        HealthIndicator health = context.getBean("durableHealthIndicator", HealthIndicator.class);

        assertThat(health.health().getStatus()).isEqualTo(Status.UP);
        assertThat(health.health().getDetails())
            .containsEntry("engineId", "healthy")
            .containsEntry("store", "reachable");

        context.getBean(DurableEngineLifecycle.class).stop();
        assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
      });
    }
  }

  @Test
  void metricsGoToTheApplicationsMeterRegistry() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
        DurableEngine engine = context.getBean(DurableEngine.class);
        GreetingWorkflowClient.of(engine).start("Ada").await(WAIT);

        MeterRegistry registry = context.getBean(MeterRegistry.class);
        assertThat(registry.get("durable.runs.completed").counter().count()).isEqualTo(1);
      });
    }
  }

  /** Waits, polling, until {@code condition} holds; fails after {@link #WAIT}. */
  private static void awaitUntil(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited %s", WAIT).isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  @Test
  void aRunGoesOnFromItsSignalTokenPostedToTheCallbacks() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withPropertyValues("durable.callbacks.enabled=true", "durable.callbacks.port=0")
          .run(context -> {
            DurableEngine engine = context.getBean(DurableEngine.class);
            Mailbox mailbox = context.getBean(Mailbox.class);
            RunHandle<String> run = ApprovalWorkflowClient.of(engine).start("taxi");
            awaitUntil(() -> !mailbox.tokens().isEmpty());
            URI url = context.getBean(DurableCallbacksLifecycle.class).callbacks().orElseThrow()
                .url().resolve("/durable/signals/" + mailbox.tokens().get(0));
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest post = HttpRequest.newBuilder(url)
                .POST(HttpRequest.BodyPublishers.ofString("\"ann\"")).build();

            assertThat(http.send(post, HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(202);
            assertThat(run.await(WAIT)).isEqualTo("taxi approved by ann");
            assertThat(http.send(post, HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(409);
          });
    }
  }

  @Test
  void theDashboardIsServedWhenEnabled() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withPropertyValues("durable.dashboard.enabled=true", "durable.dashboard.port=0")
          .run(context -> {
            URI url = context.getBean(DurableDashboardLifecycle.class).dashboard().orElseThrow()
                .url();

            HttpResponse<String> page = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(page.statusCode()).isEqualTo(200);
          });
    }
  }

  @Test
  void withoutMicrometerActuatorOrTheDashboardOnTheClassPathTheEngineStillRuns() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db)
          .withClassLoader(new FilteredClassLoader(
              "io.micrometer", "org.springframework.boot.actuate", "dev.durable.dashboard"))
          .withPropertyValues("durable.dashboard.enabled=true")
          .run(context -> {
            assertThat(context)
                .hasNotFailed()
                .doesNotHaveBean("durableHealthIndicator")
                .doesNotHaveBean("durableDashboard");
            DurableEngine engine = context.getBean(DurableEngine.class);

            assertThat(GreetingWorkflowClient.of(engine).start("Ada").await(WAIT))
                .isEqualTo("Hello, Ada");
          });
    }
  }

  @Test
  void theDashboardIsOffByDefault() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).run(context ->
          assertThat(context).doesNotHaveBean(DurableDashboardLifecycle.class));
    }
  }

  @Test
  void theApplicationsOwnWorkflowBeanIsTheOneRegistered() {
    try (TestDatabase db = TestDatabase.open(TestDatabase.Kind.H2)) {
      on(contexts, db).withUserConfiguration(OwnWorkflowConfiguration.class).run(context -> {
        assertThat(context).hasSingleBean(GreetingWorkflowDurable.class);
        assertThat(context.getBean(GreetingWorkflowDurable.class))
            .isSameAs(context.getBean("ownGreeting"));
        DurableEngine engine = context.getBean(DurableEngine.class);

        assertThat(GreetingWorkflowClient.of(engine).start("Ada").await(WAIT))
            .isEqualTo("Hi, Ada");
      });
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnWorkflowConfiguration {
    @Bean
    GreetingWorkflowDurable ownGreeting() {
      return new GreetingWorkflowDurable(new Greeter() {
        @Override
        public String greet(String name) {
          return "Hi, " + name;
        }
      });
    }
  }

  /**
   * Stands in for a workflow class annotated {@code @Transactional}: its generated subclass
   * inherits the annotation, and Spring applies a class's annotation to the methods declared in
   * it, such as the generated {@code execute}, which this override redeclares.
   */
  @Transactional
  static class TransactionalGreeting extends GreetingWorkflowDurable {
    TransactionalGreeting() {
      super(new Greeter());
    }

    @Override
    public String execute(WorkflowContext context, Object[] input) throws Exception {
      return super.execute(context, input);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class TransactionalWorkflowConfiguration {
    @Bean
    TransactionalGreeting transactionalGreeting() {
      return new TransactionalGreeting();
    }
  }
}
