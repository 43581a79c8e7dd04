package dev.durable.build;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test class (or a test method of a class that is mostly H2) that runs on PostgreSQL: it
 * is tagged {@value StoreVariants#TAG}, so
 * that the PostgreSQL half of the build ({@code mvn verify -Ppostgres}) selects it, and nothing
 * else. A class whose variants come from a store list asks {@link StoreVariants} which of them to
 * run.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Tag(StoreVariants.TAG)
public @interface OnPostgres {}
