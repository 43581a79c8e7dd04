package dev.durable.build;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Marks a test class (or method) that needs a RabbitMQ broker, named by {@value #VARIABLE} ({@code
 * amqp://guest:guest@127.0.0.1:5672}): skipped, with that reason, when it is not set, as on a new
 * user's machine; run in the second half of the build ({@code mvn verify -Ppostgres}, whose tag
 * {@value StoreVariants#TAG} it carries), where .ci/run starts the broker and sets it.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Tag(StoreVariants.TAG)
@EnabledIfEnvironmentVariable(named = OnRabbitMq.VARIABLE, matches = ".*\\S.*",
    disabledReason = OnRabbitMq.VARIABLE + " is not set, so the RabbitMQ tests are skipped")
public @interface OnRabbitMq {
  /** The variable that names the RabbitMQ broker, as an AMQP URI. */
  String VARIABLE = "DURABLE_RABBITMQ_URL";
}
