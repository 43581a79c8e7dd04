/**
 * The Spring Boot starter: {@link dev.durable.spring.boot.DurableAutoConfiguration} configures a
 * {@code DurableEngine} on the application's {@code DataSource}, registers every generated workflow
 * as a bean, serves step-contract beans with a worker and binds the {@code durable.*} properties
 * ({@link dev.durable.spring.boot.DurableProperties}). One jar for Spring Boot 3.5 and 4.
 */
package dev.durable.spring.boot;
