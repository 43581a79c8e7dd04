package dev.durable.spring.boot;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.codec.PayloadCodec;
import dev.durable.runtime.spi.DurableWorkflow;
import io.micrometer.core.instrument.MeterRegistry;
import javax.sql.DataSource;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configures a {@link DurableEngine} on the application's {@link DataSource}, with every
 * workflow the processor generated as a bean ({@link GeneratedBeansRegistrar}), a worker for the
 * step-contract beans ({@link DurableStepWorker}), Micrometer metrics when a {@code MeterRegistry}
 * bean exists, the dashboard when asked for, and a {@code durable} health indicator on Boot 3 and
 * Boot 4. The engine starts when the context has been refreshed and closes with it.
 *
 * <p>Durable's tables are migrated by the engine, with their own Flyway history table ({@code
 * durable_schema_history}), after the application's own Flyway migrations when it has any.
 */
@AutoConfiguration(
    afterName = {
      // Boot 3
      "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
      "org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics"
          + ".CompositeMeterRegistryAutoConfiguration",
      // Boot 4
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
      "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure"
          + ".CompositeMeterRegistryAutoConfiguration"
    })
@ConditionalOnClass(DurableEngine.class)
@ConditionalOnProperty(prefix = "durable", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(DurableProperties.class)
@Import(GeneratedBeansRegistrar.class)
public class DurableAutoConfiguration {
  /**
   * The lifecycle phase of the engine and the worker: they start after the web server (so that a
   * request may start runs as soon as it is served) and stop before it shuts down gracefully.
   */
  static final int ENGINE_PHASE = SmartLifecycle.DEFAULT_PHASE - 512;

  /**
   * The engine, with every {@link DurableWorkflow} bean registered (the generated ones and any the
   * application declares), and every {@link TriggerDefinition} bean (a broker module's trigger,
   * started and stopped with the engine). Discovery through {@code META-INF/services} is off: the
   * beans are the workflows.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @DependsOnDatabaseInitialization
  public DurableEngine durableEngine(
      DataSource dataSource,
      DurableProperties properties,
      ObjectProvider<DurableWorkflow<?>> workflows,
      ObjectProvider<DurableHooks> hooks,
      ObjectProvider<DurableEngineCustomizer> customizers,
      ObjectProvider<PayloadCodec> codecs,
      ObjectProvider<TriggerDefinition> triggers) {
    DurableEngine.Builder builder = DurableEngine.builder().dataSource(dataSource).discover(false);
    codecs.ifUnique(builder::payloadCodec);
    workflows.orderedStream().forEach(workflow -> builder.register(unproxied(workflow)));
    triggers.orderedStream().forEach(builder::trigger);
    hooks.orderedStream().forEach(builder::hooks); // every one: the engine calls them in order
    new EngineSettings(properties).applyTo(builder);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  /**
   * A workflow bean as the engine may call it. A Spring AOP proxy is refused: the engine calls
   * {@code @Run} once per turn and replays it, so advice on it (a transaction, a retry) would wrap
   * every replay, while advice on a {@code @Step} method never runs (steps are called on {@code
   * this}, not through the proxy).
   */
  private static DurableWorkflow<?> unproxied(DurableWorkflow<?> workflow) {
    if (AopUtils.isAopProxy(workflow)) {
      throw new IllegalStateException("workflow bean " + AopUtils.getTargetClass(workflow).getName()
          + " is a Spring AOP proxy (of @Transactional, @Async, @Retryable or an aspect whose"
          + " pointcut matches it); a workflow must not be advised: @Run replays on every turn"
          + " and its steps are called on the workflow itself, not through the proxy. Put the"
          + " advice on a bean a step calls (a @Transactional service), and keep the workflow"
          + " class out of the aspect's pointcut");
    }
    return workflow;
  }

  /**
   * The built-in payload codec, from {@code durable.payload-codec.*}, when a key store is set and
   * the application declares no codec of its own: the engine and the worker store every payload
   * through it.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "durable.payload-codec", name = "key-store")
  public PayloadCodec durablePayloadCodec(DurableProperties properties) {
    return properties.payloadCodec().codec();
  }

  /** Starts the engine with the context, and closes it before the data source closes. */
  @Bean
  @ConditionalOnMissingBean
  DurableEngineLifecycle durableEngineLifecycle(
      DurableEngine engine, DurableProperties properties) {
    return new DurableEngineLifecycle(engine, properties.autoStart());
  }

  /** The worker of the application's step-contract beans; none without such a bean. */
  @Bean
  @ConditionalOnProperty(prefix = "durable.worker", name = "enabled", matchIfMissing = true)
  public DurableStepWorker durableStepWorker(
      DataSource dataSource, DurableProperties properties, ConfigurableListableBeanFactory beans,
      ObjectProvider<PayloadCodec> codecs) {
    DurableProperties.Worker worker = properties.worker();
    PayloadCodec codec = codecs.getIfUnique();
    return DurableStepWorker.of(beans, beans.getBeanClassLoader(), builder -> {
      builder.dataSource(dataSource);
      if (codec != null) {
        builder.payloadCodec(codec);
      }
      builder.virtualThreads(properties.virtualThreads());
      if (properties.schema() != null) {
        builder.schema(properties.schema());
      }
      builder.migrate(properties.migrate()).pollOnly(properties.pollOnly());
      if (worker.concurrency() != null) {
        builder.concurrency(worker.concurrency());
      }
      if (worker.pollInterval() != null) {
        builder.pollInterval(worker.pollInterval());
      }
    }, properties.autoStart());
  }

  /** Reports to the application's {@code MeterRegistry}, when it has one. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  static class MetricsConfiguration {
    @Bean
    DurableEngineCustomizer durableMetrics(ObjectProvider<MeterRegistry> registries) {
      return builder -> registries.ifUnique(builder::meterRegistry);
    }
  }

  /** The dashboard, when {@code durable-dashboard} is on the class path and it is enabled. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.durable.dashboard.DurableDashboard")
  @ConditionalOnProperty(prefix = "durable.dashboard", name = "enabled", havingValue = "true")
  static class DashboardConfiguration {
    @Bean
    DurableDashboardLifecycle durableDashboard(DurableEngine engine, DurableProperties properties) {
      return new DurableDashboardLifecycle(engine, properties.dashboard());
    }
  }

  /**
   * The signal tokens over HTTP ({@code POST /durable/signals/{token}}), when {@code
   * durable-dashboard} is on the class path and {@code durable.callbacks.enabled=true}.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.durable.dashboard.SignalCallbacks")
  @ConditionalOnProperty(prefix = "durable.callbacks", name = "enabled", havingValue = "true")
  static class CallbacksConfiguration {
    @Bean
    DurableCallbacksLifecycle durableCallbacks(DurableEngine engine, DurableProperties properties) {
      return new DurableCallbacksLifecycle(engine, properties.callbacks());
    }
  }

  /** The {@code durable} health indicator on Boot 3. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
  @ConditionalOnProperty(
      prefix = "management.health.durable", name = "enabled", matchIfMissing = true)
  static class Boot3HealthConfiguration {
    @Bean
    Boot3HealthIndicator durableHealthIndicator(
        DurableEngine engine, DurableEngineLifecycle lifecycle) {
      return new Boot3HealthIndicator(new DurableHealth(engine, lifecycle));
    }
  }

  /** The {@code durable} health indicator on Boot 4. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  @ConditionalOnProperty(
      prefix = "management.health.durable", name = "enabled", matchIfMissing = true)
  static class Boot4HealthConfiguration {
    @Bean
    Boot4HealthIndicator durableHealthIndicator(
        DurableEngine engine, DurableEngineLifecycle lifecycle) {
      return new Boot4HealthIndicator(new DurableHealth(engine, lifecycle));
    }
  }
}
