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
 * Marks a test class (or method) that needs a NATS server with JetStream, named by {@value
 * #VARIABLE} ({@code nats://127.0.0.1:4222}): skipped, with that reason, when it is not set, as
 * on a new user's machine; run in the second half of the build ({@code mvn verify -Ppostgres},
 * whose tag {@value StoreVariants#TAG} it carries), where .ci/run starts the server and sets it.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Tag(StoreVariants.TAG)
@EnabledIfEnvironmentVariable(named = OnNats.VARIABLE, matches = ".*\\S.*",
    disabledReason = OnNats.VARIABLE + " is not set, so the NATS tests are skipped")
public @interface OnNats {
  /** The variable that names the NATS server. */
  String VARIABLE = "DURABLE_NATS_URL";
}
